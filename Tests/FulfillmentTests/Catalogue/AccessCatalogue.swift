/// The access family's catalogue: one realistic device per Matter device type, and per variant where the Google
/// type or attributes differ (window coverings by `Type`, occupancy sensors by technology, smoke/CO alarms by
/// feature). One user, `catalogue-user`.
enum AccessCatalogue {
    static let user = "catalogue-user"

    static let deviceFile = """
        {
          "users": [
            {
              "agentUserId": "catalogue-user",
              "devices": [
                {
                  "id": "living-room-blinds",
                  "name": "Living room blinds",
                  "room": "Living Room",
                  "deviceTypes": ["WindowCovering"],
                  "basicInformation": {
                    "vendorName": "Acme Shades", "vendorID": 65521, "productName": "Roller Shade",
                    "productID": 32816, "serialNumber": "AS-RS-0001", "uniqueID": "acme-roller-shade-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"
                  },
                  "clusters": {
                    "WindowCovering": {"Type": 0, "EndProductType": 0, "CurrentPositionLiftPercent100ths": 2500,
                                       "TargetPositionLiftPercent100ths": 2500, "OperationalStatus": 0}
                  }
                },
                {
                  "id": "bedroom-curtains",
                  "name": "Bedroom curtains",
                  "room": "Bedroom",
                  "deviceTypes": ["WindowCovering"],
                  "basicInformation": {
                    "vendorName": "Acme Shades", "vendorID": 65521, "productName": "Curtain Motor",
                    "productID": 32817, "serialNumber": "AS-CM-0001", "uniqueID": "acme-curtain-motor-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"
                  },
                  "clusters": {
                    "WindowCovering": {"Type": 4, "EndProductType": 16, "CurrentPositionLiftPercent100ths": 10000}
                  }
                },
                {
                  "id": "patio-awning",
                  "name": "Patio awning",
                  "room": "Patio",
                  "deviceTypes": ["WindowCovering"],
                  "basicInformation": {
                    "vendorName": "Acme Shades", "vendorID": 65521, "productName": "Awning Drive",
                    "productID": 32818, "serialNumber": "AS-AD-0001", "uniqueID": "acme-awning-drive-0001",
                    "hardwareVersionString": "2.0", "softwareVersionString": "1.4.2"
                  },
                  "clusters": {
                    "WindowCovering": {"Type": 5, "EndProductType": 13, "OperationalStatus": 5,
                                       "CurrentPositionLiftPercent100ths": 6000, "TargetPositionLiftPercent100ths": 0}
                  }
                },
                {
                  "id": "kitchen-shutters",
                  "name": "Kitchen shutters",
                  "room": "Kitchen",
                  "deviceTypes": ["WindowCovering"],
                  "basicInformation": {
                    "vendorName": "Acme Shades", "vendorID": 65521, "productName": "Roller Shutter",
                    "productID": 32819, "serialNumber": "AS-SH-0001", "uniqueID": "acme-roller-shutter-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"
                  },
                  "clusters": {
                    "WindowCovering": {"Type": 6, "EndProductType": 11, "CurrentPositionLiftPercent100ths": 0}
                  }
                },
                {
                  "id": "front-door",
                  "name": "Front door",
                  "room": "Hallway",
                  "challenge": {"pin": "1234"},
                  "deviceTypes": ["DoorLock"],
                  "basicInformation": {
                    "vendorName": "Acme Locks", "vendorID": 65521, "productName": "Smart Deadbolt",
                    "productID": 32832, "serialNumber": "AL-DB-0001", "uniqueID": "acme-deadbolt-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "3.0.1"
                  },
                  "clusters": {"DoorLock": {"LockState": 1, "LockType": 0, "ActuatorEnabled": true}}
                },
                {
                  "id": "back-door",
                  "name": "Back door",
                  "room": "Kitchen",
                  "challenge": "ack",
                  "deviceTypes": ["DoorLock"],
                  "basicInformation": {
                    "vendorName": "Acme Locks", "vendorID": 65521, "productName": "Smart Euro Cylinder",
                    "productID": 32833, "serialNumber": "AL-EC-0001", "uniqueID": "acme-euro-cylinder-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "3.0.1"
                  },
                  "clusters": {"DoorLock": {"LockState": 2, "LockType": 11, "ActuatorEnabled": true, "AutoRelockTime": 60}}
                },
                {
                  "id": "hall-window-contact",
                  "name": "Hall window",
                  "room": "Hallway",
                  "deviceTypes": ["ContactSensor"],
                  "basicInformation": {
                    "vendorName": "Acme Sensors", "vendorID": 65521, "productName": "Door & Window Sensor",
                    "productID": 32848, "serialNumber": "AS-DW-0001", "uniqueID": "acme-door-window-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "2.1.0"
                  },
                  "clusters": {"BooleanState": {"StateValue": true}}
                },
                {
                  "id": "hallway-motion",
                  "name": "Hallway motion",
                  "room": "Hallway",
                  "deviceTypes": ["OccupancySensor"],
                  "basicInformation": {
                    "vendorName": "Acme Sensors", "vendorID": 65521, "productName": "Motion Sensor",
                    "productID": 32849, "serialNumber": "AS-MS-0001", "uniqueID": "acme-motion-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "2.1.0"
                  },
                  "clusters": {"OccupancySensing": {"Occupancy": 1, "OccupancySensorType": 0, "OccupancySensorTypeBitmap": 1}}
                },
                {
                  "id": "office-presence",
                  "name": "Office presence",
                  "room": "Office",
                  "deviceTypes": ["OccupancySensor"],
                  "basicInformation": {
                    "vendorName": "Acme Sensors", "vendorID": 65521, "productName": "Presence Sensor",
                    "productID": 32850, "serialNumber": "AS-PS-0001", "uniqueID": "acme-presence-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "2.1.0"
                  },
                  "clusters": {"OccupancySensing": {"Occupancy": 0, "OccupancySensorType": 2, "OccupancySensorTypeBitmap": 3}}
                },
                {
                  "id": "kitchen-leak",
                  "name": "Under-sink leak sensor",
                  "room": "Kitchen",
                  "deviceTypes": ["WaterLeakDetector"],
                  "basicInformation": {
                    "vendorName": "Acme Sensors", "vendorID": 65521, "productName": "Water Leak Sensor",
                    "productID": 32851, "serialNumber": "AS-WL-0001", "uniqueID": "acme-water-leak-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "2.1.0"
                  },
                  "clusters": {"BooleanState": {"StateValue": false}}
                },
                {
                  "id": "hallway-smoke-co",
                  "name": "Hallway smoke and CO alarm",
                  "room": "Hallway",
                  "deviceTypes": ["SmokeCOAlarm"],
                  "basicInformation": {
                    "vendorName": "Acme Safety", "vendorID": 65521, "productName": "Smoke + CO Alarm",
                    "productID": 32864, "serialNumber": "AF-SC-0001", "uniqueID": "acme-smoke-co-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.2.0"
                  },
                  "clusters": {"SmokeCOAlarm": {"FeatureMap": 3, "ExpressedState": 0, "SmokeState": 0, "COState": 0}}
                },
                {
                  "id": "attic-smoke",
                  "name": "Attic smoke alarm",
                  "room": "Attic",
                  "deviceTypes": ["SmokeCOAlarm"],
                  "basicInformation": {
                    "vendorName": "Acme Safety", "vendorID": 65521, "productName": "Smoke Alarm",
                    "productID": 32865, "serialNumber": "AF-SA-0001", "uniqueID": "acme-smoke-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.2.0"
                  },
                  "clusters": {"SmokeCOAlarm": {"FeatureMap": 1, "ExpressedState": 1, "SmokeState": 1}}
                },
                {
                  "id": "boiler-room-co",
                  "name": "Boiler room CO alarm",
                  "room": "Boiler Room",
                  "deviceTypes": ["SmokeCOAlarm"],
                  "basicInformation": {
                    "vendorName": "Acme Safety", "vendorID": 65521, "productName": "CO Alarm",
                    "productID": 32866, "serialNumber": "AF-CO-0001", "uniqueID": "acme-co-0001",
                    "hardwareVersionString": "1.0", "softwareVersionString": "1.2.0"
                  },
                  "clusters": {"SmokeCOAlarm": {"FeatureMap": 2, "ExpressedState": 2, "COState": 2}}
                }
              ]
            }
          ]
        }
        """
}
