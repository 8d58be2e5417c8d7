/// The climate family's catalogue: one realistic device per Matter device type (and per variant whose Google
/// attributes differ), as a device file for `catalogue-user`.
///
/// - `ceiling-fan`: Fan, Off/Low/Medium/High, three speeds, no On/Off cluster (OnOff from FanMode).
/// - `desk-fan`: Fan with an On/Off cluster and Auto (FanModeSequence 2), running on Auto.
/// - `air-purifier`: Air Purifier, Off/Low/High/Auto, air quality Fair.
/// - `hallway-thermostat`: Thermostat that heats and cools (heatcool offered), in Heat.
/// - `radiator-thermostat`: heating-only Thermostat (no cool, no heatcool), in Heat.
/// - `bedroom-ac`: Room Air Conditioner that heats and cools, in Cool, fan on Medium.
/// - `balcony-temperature`: Temperature Sensor.
/// - `bathroom-humidity`: Humidity Sensor.
enum ClimateCatalogue {
    static let deviceFile = """
        {
          "users": [
            {
              "agentUserId": "catalogue-user",
              "devices": [
                {
                  "id": "ceiling-fan",
                  "name": "Ceiling fan",
                  "room": "Bedroom",
                  "deviceTypes": ["Fan"],
                  "basicInformation": {
                    "vendorName": "Breeze Works", "vendorID": 65521, "productName": "Ceiling Fan 52",
                    "productID": 32800, "serialNumber": "BW-CF52-0001", "uniqueID": "breeze-cf52-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"
                  },
                  "clusters": {
                    "FanControl": {
                      "FanMode": 2, "FanModeSequence": 0, "PercentSetting": 66, "PercentCurrent": 66,
                      "SpeedMax": 3, "SpeedSetting": 2, "SpeedCurrent": 2
                    }
                  }
                },
                {
                  "id": "desk-fan",
                  "name": "Desk fan",
                  "room": "Office",
                  "deviceTypes": ["Fan"],
                  "basicInformation": {
                    "vendorName": "Breeze Works", "vendorID": 65521, "productName": "Desk Fan Auto",
                    "productID": 32801, "serialNumber": "BW-DFA-0007", "uniqueID": "breeze-dfa-0007",
                    "hardwareVersionString": "2.0", "softwareVersionString": "3.1.0"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "FanControl": {
                      "FanMode": 5, "FanModeSequence": 2, "PercentSetting": null, "PercentCurrent": 40,
                      "SpeedMax": 10, "SpeedSetting": null, "SpeedCurrent": 4
                    }
                  }
                },
                {
                  "id": "air-purifier",
                  "name": "Air purifier",
                  "room": "Living Room",
                  "deviceTypes": ["AirPurifier"],
                  "basicInformation": {
                    "vendorName": "Clearly", "vendorID": 65522, "productName": "Purifier 300",
                    "productID": 4096, "serialNumber": "CL-P300-1234", "uniqueID": "clearly-p300-1234",
                    "hardwareVersionString": "1.2", "softwareVersionString": "5.0.1"
                  },
                  "clusters": {
                    "FanControl": {"FanMode": 1, "FanModeSequence": 3, "PercentSetting": 50, "PercentCurrent": 50},
                    "AirQuality": {"AirQuality": 2}
                  }
                },
                {
                  "id": "hallway-thermostat",
                  "name": "Hallway thermostat",
                  "room": "Hallway",
                  "deviceTypes": ["Thermostat"],
                  "basicInformation": {
                    "vendorName": "Tempo", "vendorID": 65523, "productName": "Smart Thermostat T2",
                    "productID": 32848, "serialNumber": "TP-T2-5521", "uniqueID": "tempo-t2-5521",
                    "hardwareVersionString": "2.1", "softwareVersionString": "7.3.0"
                  },
                  "clusters": {
                    "Thermostat": {
                      "LocalTemperature": 2150, "OccupiedHeatingSetpoint": 2000, "OccupiedCoolingSetpoint": 2600,
                      "SystemMode": 4, "ControlSequenceOfOperation": 4, "MinSetpointDeadBand": 20,
                      "AbsMinHeatSetpointLimit": 700, "AbsMaxHeatSetpointLimit": 3000,
                      "AbsMinCoolSetpointLimit": 1600, "AbsMaxCoolSetpointLimit": 3200
                    }
                  }
                },
                {
                  "id": "radiator-thermostat",
                  "name": "Radiator",
                  "room": "Kitchen",
                  "deviceTypes": ["Thermostat"],
                  "basicInformation": {
                    "vendorName": "Tempo", "vendorID": 65523, "productName": "Radiator Valve V1",
                    "productID": 32849, "serialNumber": "TP-V1-0042", "uniqueID": "tempo-v1-0042",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.9.4"
                  },
                  "clusters": {
                    "Thermostat": {
                      "LocalTemperature": 1890, "OccupiedHeatingSetpoint": 2100, "SystemMode": 4,
                      "ControlSequenceOfOperation": 2, "AbsMinHeatSetpointLimit": 500, "AbsMaxHeatSetpointLimit": 2800
                    }
                  }
                },
                {
                  "id": "bedroom-ac",
                  "name": "Bedroom air conditioner",
                  "room": "Bedroom",
                  "deviceTypes": ["RoomAirConditioner"],
                  "basicInformation": {
                    "vendorName": "Polar", "vendorID": 65524, "productName": "Split AC 12000",
                    "productID": 32880, "serialNumber": "PL-AC12-7788", "uniqueID": "polar-ac12-7788",
                    "hardwareVersionString": "3.0", "softwareVersionString": "2.2.0"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "Thermostat": {
                      "LocalTemperature": 2710, "OccupiedHeatingSetpoint": 2000, "OccupiedCoolingSetpoint": 2400,
                      "SystemMode": 3, "ControlSequenceOfOperation": 4, "MinSetpointDeadBand": 10
                    },
                    "FanControl": {"FanMode": 2, "FanModeSequence": 2, "PercentSetting": 66, "PercentCurrent": 66}
                  }
                },
                {
                  "id": "balcony-temperature",
                  "name": "Balcony temperature",
                  "room": "Balcony",
                  "deviceTypes": ["TemperatureSensor"],
                  "basicInformation": {
                    "vendorName": "Sensa", "vendorID": 65525, "productName": "Outdoor Temp S1",
                    "productID": 32864, "serialNumber": "SE-S1-3001", "uniqueID": "sensa-s1-3001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.1.0"
                  },
                  "clusters": {
                    "TemperatureMeasurement": {
                      "MeasuredValue": 930, "MinMeasuredValue": -4000, "MaxMeasuredValue": 8500, "Tolerance": 50
                    }
                  }
                },
                {
                  "id": "bathroom-humidity",
                  "name": "Bathroom humidity",
                  "room": "Bathroom",
                  "deviceTypes": ["HumiditySensor"],
                  "basicInformation": {
                    "vendorName": "Sensa", "vendorID": 65525, "productName": "Humidity H1",
                    "productID": 32881, "serialNumber": "SE-H1-0450", "uniqueID": "sensa-h1-0450",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.1.0"
                  },
                  "clusters": {
                    "RelativeHumidityMeasurement": {"MeasuredValue": 6050, "MinMeasuredValue": 0, "MaxMeasuredValue": 10000}
                  }
                }
              ]
            }
          ]
        }
        """
}
