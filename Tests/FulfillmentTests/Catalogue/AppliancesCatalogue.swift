/// The Appliances family's catalogue: one realistic device per Matter device type (and per variant whose Google
/// answer differs: a speaker on mains and one on a battery), as a complete device file for `catalogue-user`.
///
/// | id | Matter device type | Google type | traits |
/// |---|---|---|---|
/// | `hall-dimmer-plug` | DimmablePlugInUnit | OUTLET | OnOff, Brightness |
/// | `living-room-speaker` | Speaker | SPEAKER | Volume |
/// | `patio-speaker` | Speaker + Power Source (low battery) | SPEAKER | Volume, EnergyStorage |
/// | `robot-vacuum` | RoboticVacuumCleaner + Power Source | VACUUM | StartStop, Dock, EnergyStorage |
/// | `laundry-washer` | LaundryWasher | WASHER | OnOff, StartStop, RunCycle |
/// | `kitchen-dishwasher` | Dishwasher | DISHWASHER | OnOff, StartStop, RunCycle |
enum AppliancesCatalogue {
    static let user = "catalogue-user"

    static let deviceFile = """
        {
          "users": [
            {
              "agentUserId": "catalogue-user",
              "devices": [
                {
                  "id": "hall-dimmer-plug",
                  "name": "Hall lamp plug",
                  "room": "Hallway",
                  "deviceTypes": ["DimmablePlugInUnit"],
                  "basicInformation": {
                    "vendorName": "Acme Power", "vendorID": 65521, "productName": "Dimmer Plug", "productID": 32784,
                    "serialNumber": "AP-DP-0001", "uniqueID": "acme-dimmer-plug-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "LevelControl": {"CurrentLevel": 180, "MinLevel": 1, "MaxLevel": 254}
                  }
                },
                {
                  "id": "living-room-speaker",
                  "name": "Living room speaker",
                  "room": "Living Room",
                  "deviceTypes": ["Speaker"],
                  "basicInformation": {
                    "vendorName": "Acme Audio", "vendorID": 65522, "productName": "Shelf Speaker", "productID": 8193,
                    "serialNumber": "AA-SS-0042", "uniqueID": "acme-shelf-speaker-0042",
                    "hardwareVersionString": "2.0", "softwareVersionString": "5.1.0"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "LevelControl": {"CurrentLevel": 102}
                  }
                },
                {
                  "id": "patio-speaker",
                  "name": "Patio speaker",
                  "room": "Patio",
                  "deviceTypes": ["Speaker"],
                  "basicInformation": {
                    "vendorName": "Acme Audio", "vendorID": 65522, "productName": "Go Speaker", "productID": 8194,
                    "serialNumber": "AA-GS-0007", "uniqueID": "acme-go-speaker-0007",
                    "hardwareVersionString": "1.1", "softwareVersionString": "3.0.4"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": false},
                    "LevelControl": {"CurrentLevel": 64},
                    "PowerSource": {
                      "Description": "Built-in battery", "BatPercentRemaining": 30, "BatChargeLevel": 1,
                      "BatReplaceability": 1, "BatChargeState": 3
                    }
                  }
                },
                {
                  "id": "robot-vacuum",
                  "name": "Robot vacuum",
                  "nicknames": ["robot"],
                  "room": "Living Room",
                  "deviceTypes": ["RoboticVacuumCleaner"],
                  "basicInformation": {
                    "vendorName": "Acme Robotics", "vendorID": 65523, "productName": "Sweeper S7", "productID": 4100,
                    "serialNumber": "AR-S7-1234", "uniqueID": "acme-sweeper-s7-1234",
                    "hardwareVersionString": "7.0", "softwareVersionString": "2024.11"
                  },
                  "clusters": {
                    "RvcRunMode": {"CurrentMode": 0},
                    "RvcOperationalState": {"OperationalState": 65, "OperationalError": 0},
                    "PowerSource": {
                      "Description": "Li-ion pack", "BatPercentRemaining": 130, "BatChargeLevel": 0,
                      "BatReplaceability": 3, "BatChargeState": 1
                    }
                  }
                },
                {
                  "id": "laundry-washer",
                  "name": "Washing machine",
                  "room": "Laundry",
                  "deviceTypes": ["LaundryWasher"],
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Washer W9", "productID": 12289,
                    "serialNumber": "AX-W9-0099", "uniqueID": "acme-washer-w9-0099",
                    "hardwareVersionString": "3", "softwareVersionString": "9.2"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "OperationalState": {"OperationalState": 1, "CurrentPhase": 1, "CountdownTime": 1500}
                  }
                },
                {
                  "id": "kitchen-dishwasher",
                  "name": "Dishwasher",
                  "room": "Kitchen",
                  "deviceTypes": ["Dishwasher"],
                  "basicInformation": {
                    "vendorName": "Acme Appliances", "vendorID": 65524, "productName": "Dishwasher D4", "productID": 12545,
                    "serialNumber": "AX-D4-0311", "uniqueID": "acme-dishwasher-d4-0311",
                    "hardwareVersionString": "2", "softwareVersionString": "4.7"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "OperationalState": {"OperationalState": 0, "CurrentPhase": 0, "CountdownTime": null}
                  }
                }
              ]
            }
          ]
        }
        """
}
