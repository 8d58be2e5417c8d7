/// The kitchen's catalogue: one realistic device per kitchen appliance type Matter 1.4 defines (and the freezer
/// variant of the Refrigerator), as a complete device file for `kitchen-user`. Every value is one the Matter
/// specification allows: the device-file parser checks each against the cluster definitions.
///
/// | id | Matter composition | Google type | traits |
/// |---|---|---|---|
/// | `kitchen-fridge` | Refrigerator (cabinet modes) + fridge cabinet + freezer cabinet | REFRIGERATOR | Modes, TemperatureControl |
/// | `garage-freezer` | Refrigerator + one freezer cabinet (−24…−14 °C) | FREEZER | TemperatureControl |
/// | `wall-oven` | Oven + one cavity (Oven Mode, Oven Cavity Operational State, Temperature Control TN, Temperature Measurement) | OVEN | StartStop, Timer, Cook, TemperatureControl, Modes |
/// | `induction-cooktop` | Cooktop (On/Off) + two Cook Surfaces (Temperature Control TL) | COOKTOP | OnOff, TemperatureControl |
/// | `countertop-microwave` | MicrowaveOven (Operational State, Microwave Oven Mode, Microwave Oven Control) | MICROWAVE | StartStop, Timer, Cook, Modes |
/// | `range-hood` | ExtractorHood (Fan Control, HEPA Filter Monitoring) + Dimmable Light | HOOD | OnOff, FanSpeed, SensorState, Brightness |
/// | `kitchen-dishwasher-pro` | Dishwasher (On/Off, Operational State, Dishwasher Mode, Dishwasher Alarm) | DISHWASHER | OnOff, StartStop, RunCycle, Modes |
enum KitchenCatalogue {
    static let user = "kitchen-user"

    static let deviceFile = """
        {
          "users": [
            {
              "agentUserId": "kitchen-user",
              "devices": [
                {
                  "id": "kitchen-fridge",
                  "name": "Fridge",
                  "room": "Kitchen",
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Fridge Freezer F2",
                    "productID": 12801, "serialNumber": "AX-F2-0007", "uniqueID": "acme-fridge-f2-0007",
                    "hardwareVersionString": "2", "softwareVersionString": "2.3.1"
                  },
                  "endpoints": [
                    {"deviceType": "Refrigerator", "clusters": {
                      "RefrigeratorAndTemperatureControlledCabinetMode": {
                        "SupportedModes": [
                          {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 0}]},
                          {"Label": "Rapid cool", "Mode": 1, "ModeTags": [{"Value": 16384}]},
                          {"Label": "Rapid freeze", "Mode": 2, "ModeTags": [{"Value": 16385}]}
                        ],
                        "CurrentMode": 0
                      }
                    }},
                    {"deviceType": "TemperatureControlledCabinet", "clusters": {
                      "TemperatureControl": {"FeatureMap": 1, "TemperatureSetpoint": 400, "MinTemperature": 100,
                                             "MaxTemperature": 800},
                      "TemperatureMeasurement": {"MeasuredValue": 420, "MinMeasuredValue": -3000,
                                                 "MaxMeasuredValue": 5000}
                    }},
                    {"deviceType": "TemperatureControlledCabinet", "clusters": {
                      "TemperatureControl": {"FeatureMap": 1, "TemperatureSetpoint": -1800, "MinTemperature": -2400,
                                             "MaxTemperature": -1400},
                      "TemperatureMeasurement": {"MeasuredValue": -1790, "MinMeasuredValue": -3000,
                                                 "MaxMeasuredValue": 5000}
                    }}
                  ]
                },
                {
                  "id": "garage-freezer",
                  "name": "Chest freezer",
                  "room": "Garage",
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Chest Freezer C1",
                    "productID": 12802, "serialNumber": "AX-C1-0102", "uniqueID": "acme-freezer-c1-0102",
                    "hardwareVersionString": "1", "softwareVersionString": "1.0.8"
                  },
                  "endpoints": [
                    {"deviceType": "Refrigerator", "clusters": {}},
                    {"deviceType": "TemperatureControlledCabinet", "clusters": {
                      "TemperatureControl": {"FeatureMap": 1, "TemperatureSetpoint": -2000, "MinTemperature": -2400,
                                             "MaxTemperature": -1400},
                      "TemperatureMeasurement": {"MeasuredValue": -1960, "MinMeasuredValue": -3000,
                                                 "MaxMeasuredValue": 5000}
                    }}
                  ]
                },
                {
                  "id": "wall-oven",
                  "name": "Oven",
                  "room": "Kitchen",
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Wall Oven O6",
                    "productID": 12803, "serialNumber": "AX-O6-0555", "uniqueID": "acme-oven-o6-0555",
                    "hardwareVersionString": "6", "softwareVersionString": "6.0.2"
                  },
                  "endpoints": [
                    {"deviceType": "Oven", "clusters": {}},
                    {"deviceType": "TemperatureControlledCabinet", "clusters": {
                      "OvenCavityOperationalState": {
                        "PhaseList": null, "CurrentPhase": null, "CountdownTime": 1500,
                        "OperationalStateList": [{"OperationalStateID": 0}, {"OperationalStateID": 1},
                                                 {"OperationalStateID": 3}],
                        "OperationalState": 1, "OperationalError": {"ErrorStateID": 0}
                      },
                      "OvenMode": {
                        "SupportedModes": [
                          {"Label": "Bake", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                          {"Label": "Convection", "Mode": 1, "ModeTags": [{"Value": 16385}]},
                          {"Label": "Grill", "Mode": 2, "ModeTags": [{"Value": 16386}]}
                        ],
                        "CurrentMode": 0
                      },
                      "TemperatureControl": {"FeatureMap": 1, "TemperatureSetpoint": 18000, "MinTemperature": 5000,
                                             "MaxTemperature": 27500},
                      "TemperatureMeasurement": {"MeasuredValue": 17650, "MinMeasuredValue": 0,
                                                 "MaxMeasuredValue": 30000}
                    }}
                  ]
                },
                {
                  "id": "induction-cooktop",
                  "name": "Cooktop",
                  "room": "Kitchen",
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Induction Hob H4",
                    "productID": 12804, "serialNumber": "AX-H4-0021", "uniqueID": "acme-hob-h4-0021",
                    "hardwareVersionString": "4", "softwareVersionString": "4.1.0"
                  },
                  "endpoints": [
                    {"deviceType": "Cooktop", "clusters": {"OnOff": {"OnOff": true}}},
                    {"deviceType": "CookSurface", "clusters": {
                      "TemperatureControl": {"FeatureMap": 2, "SelectedTemperatureLevel": 2,
                                             "SupportedTemperatureLevels": ["Low", "Medium", "High", "Boost"]}
                    }},
                    {"deviceType": "CookSurface", "clusters": {
                      "TemperatureControl": {"FeatureMap": 2, "SelectedTemperatureLevel": 0,
                                             "SupportedTemperatureLevels": ["Low", "Medium", "High", "Boost"]}
                    }}
                  ]
                },
                {
                  "id": "countertop-microwave",
                  "name": "Microwave",
                  "room": "Kitchen",
                  "deviceTypes": ["MicrowaveOven"],
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Microwave M3",
                    "productID": 12805, "serialNumber": "AX-M3-0303", "uniqueID": "acme-microwave-m3-0303",
                    "hardwareVersionString": "3", "softwareVersionString": "3.2.0"
                  },
                  "clusters": {
                    "OperationalState": {"OperationalState": 0, "CurrentPhase": null, "CountdownTime": null},
                    "MicrowaveOvenMode": {
                      "SupportedModes": [
                        {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                        {"Label": "Defrost", "Mode": 1, "ModeTags": [{"Value": 16385}]}
                      ],
                      "CurrentMode": 0
                    },
                    "MicrowaveOvenControl": {"FeatureMap": 1, "CookTime": 90, "MaxCookTime": 5999,
                                             "PowerSetting": 80}
                  }
                },
                {
                  "id": "range-hood",
                  "name": "Cooker hood",
                  "room": "Kitchen",
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Hood X2",
                    "productID": 12806, "serialNumber": "AX-X2-0088", "uniqueID": "acme-hood-x2-0088",
                    "hardwareVersionString": "2", "softwareVersionString": "2.0.5"
                  },
                  "endpoints": [
                    {"deviceType": "ExtractorHood", "clusters": {
                      "FanControl": {"FanMode": 1, "FanModeSequence": 1, "PercentSetting": 33, "PercentCurrent": 33},
                      "HepaFilterMonitoring": {"FeatureMap": 1, "Condition": 70, "DegradationDirection": 1,
                                               "ChangeIndication": 0}
                    }},
                    {"deviceType": "DimmableLight", "clusters": {
                      "OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 200}
                    }}
                  ]
                },
                {
                  "id": "kitchen-dishwasher-pro",
                  "name": "Dishwasher",
                  "room": "Kitchen",
                  "deviceTypes": ["Dishwasher"],
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Dishwasher D6",
                    "productID": 12546, "serialNumber": "AX-D6-0412", "uniqueID": "acme-dishwasher-d6-0412",
                    "hardwareVersionString": "6", "softwareVersionString": "6.3"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "OperationalState": {"OperationalState": 1, "CurrentPhase": 1, "CountdownTime": 3600},
                    "DishwasherMode": {
                      "SupportedModes": [
                        {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                        {"Label": "Heavy", "Mode": 1, "ModeTags": [{"Value": 16385}]},
                        {"Label": "Light", "Mode": 2, "ModeTags": [{"Value": 16386}]}
                      ],
                      "CurrentMode": 0
                    },
                    "DishwasherAlarm": {"Mask": 7, "State": 0, "Supported": 7}
                  }
                }
              ]
            }
          ]
        }
        """
}
