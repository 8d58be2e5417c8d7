/// The light effects, software update, reboot and scene catalogue: `Config/maintenance.json` as a device file for
/// `demo-user` (``MaintenanceExampleFileTests`` keeps the two equal).
///
/// | id | Matter composition | Google type | traits |
/// |---|---|---|---|
/// | `effects-strip` | ExtendedColorLight with the color loop (`ColorCapabilities` 31), OTA Requestor, User Label | LIGHT | OnOff, Brightness, ColorSetting, LightEffects, SoftwareUpdate |
/// | `hall-plug` | OnOffPlugInUnit with OTA Requestor, General Diagnostics, User Label | OUTLET | OnOff, Reboot, SoftwareUpdate |
/// | `movie-night` | Aggregator with Actions (a reversible scene action) | SCENE | Scene |
/// | `good-morning` | Aggregator with Actions (a scene action without StopAction) | SCENE | Scene |
enum MaintenanceCatalogue {
    static let deviceFile = #"""
        {
          "users": [
            {
              "agentUserId": "demo-user",
              "devices": [
                {
                  "id": "effects-strip",
                  "name": "Light strip",
                  "room": "Living Room",
                  "deviceTypes": ["ExtendedColorLight"],
                  "basicInformation": {
                    "vendorName": "Acme Lighting", "vendorID": 65521, "productName": "Strip Color", "productID": 32790,
                    "uniqueID": "acme-strip-0001", "softwareVersionString": "4.1.0"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "LevelControl": {"CurrentLevel": 200, "MinLevel": 1, "MaxLevel": 254},
                    "ColorControl": {"ColorMode": 0, "CurrentHue": 20, "CurrentSaturation": 200, "ColorCapabilities": 31,
                                     "ColorTemperatureMireds": 300, "ColorTempPhysicalMinMireds": 153,
                                     "ColorTempPhysicalMaxMireds": 500, "ColorLoopActive": 0, "ColorLoopTime": 25},
                    "OTASoftwareUpdateRequestor": {"UpdatePossible": true, "UpdateState": 1},
                    "UserLabel": {"LabelList": [{"Label": "lastSwUpdate", "Value": "1764000000"}]}
                  }
                },
                {
                  "id": "hall-plug",
                  "name": "Hall plug",
                  "room": "Hall",
                  "deviceTypes": ["OnOffPlugInUnit"],
                  "basicInformation": {
                    "vendorName": "Acme Power", "vendorID": 65521, "productName": "Plug Mini", "productID": 32791,
                    "uniqueID": "acme-plug-0007", "softwareVersionString": "1.8.2"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": false},
                    "OTASoftwareUpdateRequestor": {"UpdatePossible": true, "UpdateState": 1},
                    "GeneralDiagnostics": {"NetworkInterfaces": [], "RebootCount": 3, "UpTime": 86400, "BootReason": 1,
                                           "TestEventTriggersEnabled": false},
                    "UserLabel": {"LabelList": [{"Label": "lastSwUpdate", "Value": "1761000000"}]}
                  }
                },
                {
                  "id": "movie-night",
                  "name": "Movie night",
                  "room": "Living Room",
                  "deviceTypes": ["Aggregator"],
                  "clusters": {
                    "Actions": {
                      "ActionList": [{"ActionID": 1, "Name": "Movie night", "Type": 1, "EndpointListID": 1,
                                      "SupportedCommands": 21, "State": 0}],
                      "EndpointLists": [{"EndpointListID": 1, "Name": "Living Room", "Type": 1, "Endpoints": [1, 2]}]
                    }
                  }
                },
                {
                  "id": "good-morning",
                  "name": "Good morning",
                  "deviceTypes": ["Aggregator"],
                  "clusters": {
                    "Actions": {
                      "ActionList": [{"ActionID": 7, "Name": "Good morning", "Type": 1, "EndpointListID": 1,
                                      "SupportedCommands": 1, "State": 0}],
                      "EndpointLists": [{"EndpointListID": 1, "Name": "House", "Type": 0, "Endpoints": [1]}]
                    }
                  }
                }
              ]
            }
          ]
        }
        """#
}
