import JSON
import SmartHomeProtocol

/// The home the tests run against, as a device file, and the Google spellings the tests compare with.
///
/// `alice` owns one device of each supported Matter device type plus an offline light and a two-type device;
/// `bob` owns a lamp of his own and a device whose id (`desk`) is also one of alice's.
enum Fixtures {
    static let alice = "alice"
    static let bob = "bob"

    /// Google's device types and traits, spelled out so that a renamed case cannot hide a changed answer.
    static let light: JSONValue = "action.devices.types.LIGHT"
    static let outlet: JSONValue = "action.devices.types.OUTLET"
    static let onOff: JSONValue = "action.devices.traits.OnOff"
    static let brightness: JSONValue = "action.devices.traits.Brightness"
    static let colorSetting: JSONValue = "action.devices.traits.ColorSetting"

    /// A device file with one user and the given device objects (JSON text).
    static func deviceFile(user: String = alice, _ devices: String...) -> String {
        #"{"users": [{"agentUserId": "\#(user)", "devices": [\#(devices.joined(separator: ","))]}]}"#
    }

    /// Brightness percents below follow `round(CurrentLevel × 100 / 254)`: 127 → 50, 180 → 71, 64 → 25,
    /// 200 → 79, 254 → 100. Kelvins are `round(1_000_000 / mireds)`: 250 → 4000, 400 → 2500, 153…500 →
    /// 6536…2000. `CurrentHue` 127 is 180°, `CurrentSaturation` 254 is 1.
    static let home = """
        {
          "users": [
            {
              "agentUserId": "alice",
              "devices": [
                {
                  "id": "hall",
                  "name": "Hall light",
                  "deviceTypes": ["OnOffLight"],
                  "clusters": {"OnOff": {"OnOff": true}}
                },
                {
                  "id": "desk",
                  "name": "Desk lamp",
                  "nicknames": ["study light"],
                  "room": "Office",
                  "deviceTypes": ["DimmableLight"],
                  "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}
                },
                {
                  "id": "reading",
                  "name": "Reading lamp",
                  "room": "Living Room",
                  "deviceTypes": ["ColorTemperatureLight"],
                  "basicInformation": {
                    "vendorName": "Acme Lighting",
                    "vendorID": 65521,
                    "productName": "A19 Tunable White",
                    "productID": 32771,
                    "hardwareVersionString": "1.0",
                    "softwareVersionString": "2.3.1"
                  },
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "LevelControl": {"CurrentLevel": 180},
                    "ColorControl": {
                      "ColorMode": 2,
                      "ColorTemperatureMireds": 250,
                      "ColorTempPhysicalMinMireds": 153,
                      "ColorTempPhysicalMaxMireds": 500
                    }
                  }
                },
                {
                  "id": "ceiling",
                  "name": "Kitchen ceiling",
                  "nicknames": ["big light", "main light"],
                  "room": "Kitchen",
                  "deviceTypes": ["ExtendedColorLight"],
                  "basicInformation": {
                    "vendorName": "Acme Lighting",
                    "vendorID": 65521,
                    "productName": "A19 Color",
                    "productID": 4660,
                    "serialNumber": "SN-0001",
                    "uniqueID": "acme-a19-0001",
                    "hardwareVersionString": "1.0",
                    "softwareVersionString": "2.3.1"
                  },
                  "otherDeviceIds": ["local-ceiling", "hub-7"],
                  "clusters": {
                    "OnOff": {"OnOff": true},
                    "LevelControl": {"CurrentLevel": 254},
                    "ColorControl": {
                      "ColorMode": 0,
                      "CurrentHue": 127,
                      "CurrentSaturation": 254,
                      "ColorTemperatureMireds": 370,
                      "ColorTempPhysicalMinMireds": 153,
                      "ColorTempPhysicalMaxMireds": 500
                    }
                  }
                },
                {
                  "id": "strip",
                  "name": "Counter strip",
                  "room": "Kitchen",
                  "deviceTypes": ["ExtendedColorLight"],
                  "clusters": {
                    "OnOff": {"OnOff": false},
                    "LevelControl": {"CurrentLevel": 127},
                    "ColorControl": {
                      "ColorMode": 2,
                      "CurrentHue": 0,
                      "CurrentSaturation": 0,
                      "ColorTemperatureMireds": 400,
                      "ColorTempPhysicalMinMireds": 153,
                      "ColorTempPhysicalMaxMireds": 500
                    }
                  }
                },
                {
                  "id": "plug",
                  "name": "Coffee maker",
                  "room": "Kitchen",
                  "deviceTypes": ["OnOffPlugInUnit"],
                  "clusters": {"OnOff": {"OnOff": false}}
                },
                {
                  "id": "porch",
                  "name": "Porch light",
                  "deviceTypes": ["DimmableLight"],
                  "online": false,
                  "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 200}}
                },
                {
                  "id": "combo",
                  "name": "Dimmer plug",
                  "deviceTypes": ["OnOffPlugInUnit", "DimmableLight"],
                  "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 64}}
                }
              ]
            },
            {
              "agentUserId": "bob",
              "devices": [
                {
                  "id": "bob-lamp",
                  "name": "Bob's lamp",
                  "deviceTypes": ["DimmableLight"],
                  "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 254}}
                },
                {
                  "id": "desk",
                  "name": "Bob's desk",
                  "deviceTypes": ["DimmableLight"],
                  "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 254}}
                }
              ]
            }
          ]
        }
        """
}
