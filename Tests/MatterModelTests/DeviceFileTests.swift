import Testing

@testable import MatterModel

/// A device file with one user, `demo-user`, holding the given device objects.
func deviceFile(_ devices: String...) -> String {
    """
    {"users": [{"agentUserId": "demo-user", "devices": [\(devices.joined(separator: ","))]}]}
    """
}

/// An example device with every field present.
let kitchenCeiling = """
    {
      "id": "kitchen-ceiling",
      "name": "Kitchen ceiling",
      "nicknames": ["big light"],
      "room": "Kitchen",
      "deviceTypes": ["ExtendedColorLight"],
      "basicInformation": {
        "vendorName": "Acme", "vendorID": 65521, "productName": "A19 Color", "productID": 32769,
        "serialNumber": "SN-0001", "uniqueID": "acme-a19-0001",
        "hardwareVersionString": "1.0", "softwareVersionString": "2.3.1"
      },
      "otherDeviceIds": ["local-kitchen-ceiling"],
      "online": true,
      "clusters": {
        "OnOff": {"OnOff": true},
        "LevelControl": {"CurrentLevel": 254, "MinLevel": 1, "MaxLevel": 254},
        "ColorControl": {"ColorMode": 2, "ColorTemperatureMireds": 370,
                         "ColorTempPhysicalMinMireds": 153, "ColorTempPhysicalMaxMireds": 500,
                         "CurrentHue": 0, "CurrentSaturation": 0}
      }
    }
    """

struct DeviceFileTests {
    @Test func fullDeviceParsesToTheExactDevice() throws {
        let file = try DeviceFile.parse(deviceFile(kitchenCeiling))
        let expected = Device(
            id: "kitchen-ceiling",
            name: "Kitchen ceiling",
            nicknames: ["big light"],
            room: "Kitchen",
            deviceTypes: [.ExtendedColorLight],
            basicInformation: BasicInformation(
                vendorName: "Acme",
                vendorID: 65521,
                productName: "A19 Color",
                productID: 32769,
                serialNumber: "SN-0001",
                uniqueID: "acme-a19-0001",
                hardwareVersionString: "1.0",
                softwareVersionString: "2.3.1"
            ),
            otherDeviceIds: ["local-kitchen-ceiling"],
            online: true,
            clusters: [
                .OnOff: ClusterState([
                    "OnOff": .bool(true),
                    "GlobalSceneControl": .bool(true),
                    "OnTime": .int(0),
                    "OffWaitTime": .int(0),
                    "StartUpOnOff": .int(255),
                ]),
                .LevelControl: ClusterState([
                    "CurrentLevel": .int(254),
                    "RemainingTime": .int(0),
                    "MinLevel": .int(1),
                    "MaxLevel": .int(254),
                    "Options": .int(0),
                    "OnOffTransitionTime": .int(0),
                    "OnLevel": .int(255),
                    "OnTransitionTime": .int(65535),
                    "OffTransitionTime": .int(65535),
                    "DefaultMoveRate": .int(255),
                    "StartUpCurrentLevel": .int(255),
                ]),
                .ColorControl: ClusterState([
                    "CurrentHue": .int(0),
                    "CurrentSaturation": .int(0),
                    "RemainingTime": .int(0),
                    "CurrentX": .int(0x616B),
                    "CurrentY": .int(0x607D),
                    "ColorTemperatureMireds": .int(370),
                    "ColorMode": .int(2),
                    "Options": .int(0),
                    "EnhancedCurrentHue": .int(0),
                    "EnhancedColorMode": .int(2),
                    "ColorLoopActive": .int(0),
                    "ColorLoopDirection": .int(0),
                    "ColorLoopTime": .int(25),
                    "ColorLoopStartEnhancedHue": .int(0x2300),
                    "ColorLoopStoredEnhancedHue": .int(0),
                    "ColorCapabilities": .int(0b11001),
                    "ColorTempPhysicalMinMireds": .int(153),
                    "ColorTempPhysicalMaxMireds": .int(500),
                    "StartUpColorTemperatureMireds": .int(65535),
                ]),
            ]
        )
        #expect(file == DeviceFile(users: [UserDevices(agentUserId: "demo-user", devices: [expected])]))
    }

    @Test func minimalDeviceGetsDefaultsAndItsRequiredCluster() throws {
        let file = try DeviceFile.parse(deviceFile(#"{"id": "porch", "name": "Porch", "deviceTypes": ["OnOffLight"]}"#))
        let device = try #require(file.users.first?.devices.first)
        #expect(device.nicknames == [])
        #expect(device.room == nil)
        #expect(device.basicInformation == BasicInformation())
        #expect(device.otherDeviceIds == [])
        #expect(device.online == true)
        #expect(device.endpoints[0].clusters == [.OnOff: AttributeSchema.defaults(for: .OnOff)])
        #expect(device.endpoints[0].clusters[.OnOff]?.bool("OnOff") == false)
    }

    @Test func requiredClustersAreAddedBesideTheGivenOnes() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                #"{"id": "desk", "name": "Desk", "deviceTypes": ["DimmableLight"], "clusters": {"OnOff": {"OnOff": true}}}"#
            )
        )
        let device = try #require(file.users.first?.devices.first)
        #expect(Set(device.endpoints[0].clusters.keys) == [.OnOff, .LevelControl])
        #expect(device.endpoints[0].clusters[.LevelControl] == AttributeSchema.defaults(for: .LevelControl))
        #expect(device.endpoints[0].clusters[.OnOff]?.bool("OnOff") == true)
        #expect(device.endpoints[0].clusters[.OnOff]?.bool("GlobalSceneControl") == true)
    }

    @Test func omittedCurrentLevelFollowsMaxLevel() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                #"{"id": "desk", "name": "Desk", "deviceTypes": ["DimmableLight"], "clusters": {"LevelControl": {"MaxLevel": 200}}}"#
            )
        )
        let level = try #require(file.users.first?.devices.first?.endpoints[0].clusters[.LevelControl])
        #expect(level.int("CurrentLevel") == 200)
        #expect(level.int("MaxLevel") == 200)
        #expect(level.int("MinLevel") == 1)
    }

    @Test func colorTemperatureLightDefaultsToColorTemperatureMode() throws {
        let file = try DeviceFile.parse(
            deviceFile(#"{"id": "hall", "name": "Hall", "deviceTypes": ["ColorTemperatureLight"]}"#)
        )
        let color = try #require(file.users.first?.devices.first?.endpoints[0].clusters[.ColorControl])
        #expect(color.int("ColorCapabilities") == AttributeSchema.ColorCapabilities.colorTemperature)
        #expect(color.int("ColorMode") == AttributeSchema.ColorMode.colorTemperature)
        #expect(color.int("EnhancedColorMode") == AttributeSchema.ColorMode.colorTemperature)
        #expect(color.int("ColorTemperatureMireds") == 250)
    }

    @Test func omittedColorTemperatureIsClampedIntoThePhysicalRange() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                #"{"id": "hall", "name": "Hall", "deviceTypes": ["ColorTemperatureLight"], "clusters": {"ColorControl": {"ColorTempPhysicalMinMireds": 300}}}"#
            )
        )
        let color = try #require(file.users.first?.devices.first?.endpoints[0].clusters[.ColorControl])
        #expect(color.int("ColorTemperatureMireds") == 300)
    }

    @Test func nullAndTheNullValueMeanNullForNullableAttributes() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                #"{"id": "a", "name": "A", "deviceTypes": ["DimmableLight"], "clusters": {"LevelControl": {"OnLevel": null, "OnTransitionTime": 65535, "StartUpCurrentLevel": 0}}}"#
            )
        )
        let level = try #require(file.users.first?.devices.first?.endpoints[0].clusters[.LevelControl])
        #expect(level["OnLevel"] == .int(255))
        #expect(level["OnTransitionTime"] == .int(65535))
        #expect(level["StartUpCurrentLevel"] == .int(0))
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains(#""OnLevel": null"#))
        #expect(text.contains(#""OnTransitionTime": null"#))
        #expect(text.contains(#""StartUpCurrentLevel": 0"#))
    }

    @Test func booleansAndIntegersStayApart() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                #"{"id": "a", "name": "A", "deviceTypes": ["DimmableLight"], "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 1}}}"#
            )
        )
        let device = try #require(file.users.first?.devices.first)
        #expect(device.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(device.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(1))
    }

    @Test func optionalFieldsMayBeNull() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                #"{"id": "a", "name": "A", "deviceTypes": ["OnOffPlugInUnit"], "room": null, "nicknames": null, "online": null, "basicInformation": null, "clusters": null}"#
            )
        )
        let device = try #require(file.users.first?.devices.first)
        #expect(
            device
                == Device(
                    id: "a",
                    name: "A",
                    deviceTypes: [.OnOffPlugInUnit],
                    clusters: [.OnOff: AttributeSchema.defaults(for: .OnOff)]
                )
        )
    }

    @Test func namesAreKeptAsGiven() throws {
        let long = String(repeating: "ä", count: 80)
        let file = try DeviceFile.parse(deviceFile(#"{"id": "a", "name": "\#(long)", "deviceTypes": ["OnOffLight"]}"#))
        #expect(file.users.first?.devices.first?.name == long)
    }

    @Test func sameDeviceIdUnderTwoUsersIsAllowed() throws {
        let device = #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"]}"#
        let file = try DeviceFile.parse(
            #"{"users": [{"agentUserId": "a", "devices": [\#(device)]}, {"agentUserId": "b", "devices": [\#(device)]}]}"#
        )
        #expect(file.users.map(\.agentUserId) == ["a", "b"])
        #expect(file.users.map(\.devices.count) == [1, 1])
    }

    @Test func allowedOptionalClusterIsAccepted() throws {
        let file = try DeviceFile.parse(
            deviceFile(#"{"id": "a", "name": "A", "deviceTypes": ["OnOffLight"], "clusters": {"LevelControl": {}}}"#)
        )
        #expect(file.users.first?.devices.first?.endpoints[0].has(.LevelControl) == true)
    }

    @Test func roundTripIsIdentity() throws {
        let text = """
            {"users": [
              {"agentUserId": "demo-user", "devices": [\(kitchenCeiling),
                {"id": "desk", "name": "Desk \\"lamp\\"\\n\\u00e9 \\ud83d\\udca1", "deviceTypes": ["DimmableLight", "OnOffPlugInUnit"],
                 "online": false, "basicInformation": {"vendorID": 0},
                 "clusters": {"LevelControl": {"OnLevel": 100, "MinLevel": 10}}}]},
              {"agentUserId": "other", "devices": []}
            ]}
            """
        let first = try DeviceFile.parse(text)
        let encoded = first.encoded()
        let second = try DeviceFile.parse(encoded)
        #expect(second == first)
        #expect(second.encoded() == encoded)
        #expect(first.users[0].devices[1].name == "Desk \"lamp\"\né 💡")
    }

    /// `structure` (Google's `structureHint`) is optional, kept as given, and written back by ``DeviceFile/encoded()``.
    @Test func structureParsesAndRoundTrips() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                #"{"id": "a", "name": "A", "room": "Kitchen", "structure": "Holiday home", "deviceTypes": ["OnOffLight"]}"#,
                #"{"id": "b", "name": "B", "structure": null, "deviceTypes": ["OnOffLight"]}"#
            )
        )
        let devices = file.users[0].devices
        #expect(devices[0].structure == "Holiday home")
        #expect(devices[1].structure == nil)
        let encoded = file.encoded()
        #expect(try DeviceFile.parse(encoded) == file)
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains(#""structure": "Holiday home""#))
        #expect(text.ranges(of: #""structure""#).count == 1, "no key for a device without one")
    }

    @Test func encodingIsPrettyWithSortedKeys() throws {
        let file = try DeviceFile.parse(
            deviceFile(#"{"name": "Porch", "id": "porch", "room": "Out", "deviceTypes": ["OnOffLight"]}"#)
        )
        let text = String(decoding: file.encoded(), as: UTF8.self)
        let expected = """
            {
              "users": [
                {
                  "agentUserId": "demo-user",
                  "devices": [
                    {
                      "clusters": {
                        "OnOff": {
                          "GlobalSceneControl": true,
                          "OffWaitTime": 0,
                          "OnOff": false,
                          "OnTime": 0,
                          "StartUpOnOff": null
                        }
                      },
                      "deviceTypes": ["OnOffLight"],
                      "id": "porch",
                      "name": "Porch",
                      "online": true,
                      "room": "Out"
                    }
                  ]
                }
              ]
            }

            """
        #expect(text == expected)
    }

    // MARK: - Refusals

    @Test(arguments: RefusalCase.all)
    func refusal(_ refusal: RefusalCase) throws {
        let error = try #require(throws: DeviceFileError.self) { try DeviceFile.parse(refusal.json) }
        #expect(error.code == refusal.code)
        #expect(error.user == refusal.user)
        #expect(error.device == refusal.device)
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.message), "message: \(error.message)")
        var prefix: [String] = []
        if let user = refusal.user { prefix.append("user \"\(user)\"") }
        if let device = refusal.device { prefix.append("device \"\(device)\"") }
        if let field = refusal.field { prefix.append("field \"\(field)\"") }
        if prefix.isEmpty {
            #expect(error.description == error.message)
        } else {
            #expect(error.description == prefix.joined(separator: ", ") + ": " + error.message)
        }
    }

    @Test func errorDescriptionMatchesTheDocumentedFormat() {
        let error = DeviceFileError(
            code: .outOfRange,
            user: "demo-user",
            device: "kitchen-ceiling",
            field: "clusters.LevelControl.CurrentLevel",
            message: "300 is outside 1…254 (uint8)"
        )
        #expect(
            error.description
                == #"user "demo-user", device "kitchen-ceiling", field "clusters.LevelControl.CurrentLevel": 300 is outside 1…254 (uint8)"#
        )
        #expect(DeviceFileError(code: .malformedJSON, message: "bad").description == "bad")
    }

    @Test func outOfRangeLevelIsReportedAsTheBriefShows() throws {
        let error = try #require(throws: DeviceFileError.self) {
            try DeviceFile.parse(
                deviceFile(
                    #"{"id": "kitchen-ceiling", "name": "K", "deviceTypes": ["DimmableLight"], "clusters": {"LevelControl": {"CurrentLevel": 300}}}"#
                )
            )
        }
        #expect(
            error.description
                == #"user "demo-user", device "kitchen-ceiling", field "clusters.LevelControl.CurrentLevel": 300 is outside 1…254 (uint8)"#
        )
    }
}

extension DeviceFileTests {
    @Test func theFirstMistakeInClusterOrderIsReported() throws {
        let json = RefusalCase.lamp(
            #""clusters": {"ColorControl": {"ColorTemperatureMireds": 600}, "LevelControl": {"MinLevel": 20, "CurrentLevel": 10}}"#,
            types: #"["ExtendedColorLight"]"#
        )
        for _ in 0..<5 {
            let error = try #require(throws: DeviceFileError.self) { try DeviceFile.parse(json) }
            #expect(error.field == "clusters.LevelControl.CurrentLevel")
        }
    }
}
