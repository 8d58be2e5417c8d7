/// The laundry, heating, charging and cleaning catalogue: one realistic device per remaining appliance and
/// climate type of the appliance catalogue (and the richer variants of types the other catalogues hold: a washer
/// with modes and controls, a robot vacuum with clean modes and Identify, an air purifier with a HEPA
/// filter), as a complete device file for `home-systems-user`. Every value is one the Matter specification allows:
/// the device-file parser checks each against the cluster definitions.
///
/// | id | Matter composition | Google type | traits |
/// |---|---|---|---|
/// | `tumble-dryer` | LaundryDryer (On/Off, Operational State, Laundry Washer Mode, Laundry Dryer Controls) | DRYER | OnOff, StartStop, RunCycle, Modes |
/// | `front-loader` | LaundryWasher (On/Off, Operational State, Laundry Washer Mode, Laundry Washer Controls) | WASHER | OnOff, StartStop, RunCycle, Modes |
/// | `hot-water-tank` | WaterHeater (Thermostat, Water Heater Management with boost, Water Heater Mode) | WATERHEATER | OnOff, TemperatureControl, Toggles, Modes |
/// | `heat-pump` | HeatPump + Thermostat + Mode Select (operating profile) | THERMOSTAT | TemperatureSetting, Modes |
/// | `driveway-charger` | EnergyEVSE (Energy EVSE, Energy EVSE Mode) | CHARGER | EnergyStorage, Modes |
/// | `mopping-robot` | RoboticVacuumCleaner (RVC Run Mode, RVC Operational State, RVC Clean Mode, Service Area, Identify) | VACUUM | StartStop, Dock, Modes, Locator |
/// | `bedroom-purifier` | AirPurifier (Fan Control, Air Quality, HEPA Filter Monitoring) | AIRPURIFIER | OnOff, FanSpeed, SensorState |
enum HomeSystemsCatalogue {
    static let user = "home-systems-user"

    static let deviceFile = """
        {
          "users": [
            {
              "agentUserId": "home-systems-user",
              "devices": [
                {
                  "id": "tumble-dryer",
                  "name": "Tumble dryer",
                  "room": "Laundry",
                  "deviceTypes": ["LaundryDryer"],
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Dryer T8",
                    "productID": 12290, "serialNumber": "AX-T8-0044", "uniqueID": "acme-dryer-t8-0044",
                    "hardwareVersionString": "8", "softwareVersionString": "8.0.1"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "OperationalState": {"OperationalState": 1, "CurrentPhase": 0, "CountdownTime": 2700},
                    "LaundryWasherMode": {
                      "SupportedModes": [
                        {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                        {"Label": "Delicate", "Mode": 1, "ModeTags": [{"Value": 16385}]},
                        {"Label": "Heavy", "Mode": 2, "ModeTags": [{"Value": 16386}]}
                      ],
                      "CurrentMode": 0
                    },
                    "LaundryDryerControls": {"SupportedDrynessLevels": [0, 1, 2], "SelectedDrynessLevel": 1}
                  }
                },
                {
                  "id": "front-loader",
                  "name": "Front loader",
                  "room": "Laundry",
                  "deviceTypes": ["LaundryWasher"],
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Washer W11",
                    "productID": 12291, "serialNumber": "AX-W11-0045", "uniqueID": "acme-washer-w11-0045",
                    "hardwareVersionString": "11", "softwareVersionString": "11.2"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "OperationalState": {"OperationalState": 0, "CurrentPhase": null, "CountdownTime": null},
                    "LaundryWasherMode": {
                      "SupportedModes": [
                        {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                        {"Label": "Whites", "Mode": 1, "ModeTags": [{"Value": 16387}]}
                      ],
                      "CurrentMode": 0
                    },
                    "LaundryWasherControls": {"FeatureMap": 3, "SpinSpeeds": ["400", "800", "1200", "1400"],
                                              "SpinSpeedCurrent": 2, "NumberOfRinses": 1,
                                              "SupportedRinses": [0, 1, 2]}
                  }
                },
                {
                  "id": "hot-water-tank",
                  "name": "Water heater",
                  "room": "Utility Room",
                  "deviceTypes": ["WaterHeater"],
                  "basicInformation": {
                    "vendorName": "Acme Heating", "vendorID": 65523, "productName": "Tank 200",
                    "productID": 20481, "serialNumber": "AH-T200-0010", "uniqueID": "acme-tank-200-0010",
                    "hardwareVersionString": "1", "softwareVersionString": "1.6.0"
                  },
                  "clusters": {
                    "Thermostat": {
                      "LocalTemperature": 5200, "OccupiedHeatingSetpoint": 5500, "SystemMode": 4,
                      "ControlSequenceOfOperation": 2, "AbsMinHeatSetpointLimit": 3000,
                      "AbsMaxHeatSetpointLimit": 7000
                    },
                    "WaterHeaterManagement": {"FeatureMap": 2, "HeaterTypes": 1, "HeatDemand": 1,
                                              "TankPercentage": 80, "BoostState": 0},
                    "WaterHeaterMode": {
                      "SupportedModes": [
                        {"Label": "Off", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                        {"Label": "Manual", "Mode": 1, "ModeTags": [{"Value": 16385}]},
                        {"Label": "Timed", "Mode": 2, "ModeTags": [{"Value": 16386}]}
                      ],
                      "CurrentMode": 1
                    }
                  }
                },
                {
                  "id": "heat-pump",
                  "name": "Heat pump",
                  "room": "Utility Room",
                  "basicInformation": {
                    "vendorName": "Acme Heating", "vendorID": 65523, "productName": "Air Source 9",
                    "productID": 20482, "serialNumber": "AH-AS9-0077", "uniqueID": "acme-air-source-9-0077",
                    "hardwareVersionString": "9", "softwareVersionString": "9.4.2"
                  },
                  "endpoints": [
                    {"deviceType": "HeatPump", "clusters": {}},
                    {"deviceType": "Thermostat", "clusters": {
                      "Thermostat": {
                        "LocalTemperature": 2050, "OccupiedHeatingSetpoint": 2100, "OccupiedCoolingSetpoint": 2500,
                        "SystemMode": 4, "ControlSequenceOfOperation": 4, "MinSetpointDeadBand": 20
                      }
                    }},
                    {"deviceType": "ModeSelect", "clusters": {
                      "ModeSelect": {
                        "Description": "Operating profile", "StandardNamespace": null,
                        "SupportedModes": [
                          {"Label": "Comfort", "Mode": 0, "SemanticTags": []},
                          {"Label": "Eco", "Mode": 1, "SemanticTags": []},
                          {"Label": "Quiet night", "Mode": 2, "SemanticTags": []}
                        ],
                        "CurrentMode": 0
                      }
                    }}
                  ]
                },
                {
                  "id": "driveway-charger",
                  "name": "Car charger",
                  "room": "Driveway",
                  "deviceTypes": ["EnergyEVSE"],
                  "basicInformation": {
                    "vendorName": "Acme Energy", "vendorID": 65522, "productName": "Wallbox 22",
                    "productID": 24577, "serialNumber": "AE-WB22-0031", "uniqueID": "acme-wallbox-22-0031",
                    "hardwareVersionString": "2", "softwareVersionString": "2.2.0"
                  },
                  "clusters": {
                    "EnergyEvse": {
                      "State": 3, "SupplyState": 1, "FaultState": 0, "ChargingEnabledUntil": null,
                      "CircuitCapacity": 32000, "MinimumChargeCurrent": 6000, "MaximumChargeCurrent": 32000,
                      "SessionID": 42, "SessionDuration": 3600, "SessionEnergyCharged": 7400000
                    },
                    "EnergyEvseMode": {
                      "SupportedModes": [
                        {"Label": "Manual", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                        {"Label": "Time of use", "Mode": 1, "ModeTags": [{"Value": 16385}]},
                        {"Label": "Solar", "Mode": 2, "ModeTags": [{"Value": 16386}]}
                      ],
                      "CurrentMode": 0
                    }
                  }
                },
                {
                  "id": "mopping-robot",
                  "name": "Mopping robot",
                  "room": "Hallway",
                  "deviceTypes": ["RoboticVacuumCleaner"],
                  "basicInformation": {
                    "vendorName": "Acme Robotics", "vendorID": 65523, "productName": "Sweeper S9 Mop",
                    "productID": 4101, "serialNumber": "AR-S9-0501", "uniqueID": "acme-sweeper-s9-0501",
                    "hardwareVersionString": "9.0", "softwareVersionString": "2025.03"
                  },
                  "clusters": {
                    "RvcRunMode": {"CurrentMode": 0},
                    "RvcOperationalState": {"OperationalState": 66, "OperationalError": 0},
                    "RvcCleanMode": {
                      "SupportedModes": [
                        {"Label": "Vacuum", "Mode": 0, "ModeTags": [{"Value": 16385}]},
                        {"Label": "Mop", "Mode": 1, "ModeTags": [{"Value": 16386}]},
                        {"Label": "Deep clean", "Mode": 2, "ModeTags": [{"Value": 16384}]}
                      ],
                      "CurrentMode": 0
                    },
                    "ServiceArea": {
                      "SupportedAreas": [
                        {"AreaID": 1, "MapID": null, "AreaInfo": {
                          "LocationInfo": {"LocationName": "Kitchen", "FloorNumber": 0, "AreaType": 23},
                          "LandmarkInfo": null}},
                        {"AreaID": 2, "MapID": null, "AreaInfo": {
                          "LocationInfo": {"LocationName": "Living room", "FloorNumber": 0, "AreaType": null},
                          "LandmarkInfo": null}}
                      ],
                      "SelectedAreas": []
                    },
                    "Identify": {"IdentifyTime": 0, "IdentifyType": 3}
                  }
                },
                {
                  "id": "bedroom-purifier",
                  "name": "Bedroom purifier",
                  "room": "Bedroom",
                  "deviceTypes": ["AirPurifier"],
                  "basicInformation": {
                    "vendorName": "Acme Air", "vendorID": 65521, "productName": "Purifier P3",
                    "productID": 16385, "serialNumber": "AA-P3-0900", "uniqueID": "acme-purifier-p3-0900",
                    "hardwareVersionString": "3", "softwareVersionString": "3.0.7"
                  },
                  "clusters": {
                    "FanControl": {"FanMode": 3, "FanModeSequence": 2, "PercentSetting": 100, "PercentCurrent": 100},
                    "AirQuality": {"AirQuality": 2},
                    "HepaFilterMonitoring": {"FeatureMap": 1, "Condition": 35, "DegradationDirection": 1,
                                             "ChangeIndication": 1}
                  }
                }
              ]
            }
          ]
        }
        """
}
