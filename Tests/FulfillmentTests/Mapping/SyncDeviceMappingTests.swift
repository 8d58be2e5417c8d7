import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

/// A device's whole SYNC entry: names, room, deviceInfo, Matter ids, other ids.
struct SyncDeviceMappingTests {
    @Test func fullyDescribedDevice() throws {
        let fulfillment = try TestFulfillment()
        let device = try #require(try fulfillment.syncDevice("ceiling"))
        let expected: JSONValue = [
            "id": "ceiling",
            "type": Fixtures.light,
            "traits": [Fixtures.onOff, Fixtures.brightness, Fixtures.colorSetting],
            "name": [
                "name": "Kitchen ceiling",
                "defaultNames": ["Acme Lighting A19 Color"],
                "nicknames": ["big light", "main light"],
            ],
            "willReportState": false,
            "roomHint": "Kitchen",
            "deviceInfo": [
                "manufacturer": "Acme Lighting",
                "model": "A19 Color",
                "hwVersion": "1.0",
                "swVersion": "2.3.1",
            ],
            "attributes": [
                "colorModel": "hsv",
                "colorTemperatureRange": ["temperatureMinK": 2000, "temperatureMaxK": 6536],
            ],
            "otherDeviceIds": [["deviceId": "local-ceiling"], ["deviceId": "hub-7"]],
            "matterUniqueId": "acme-a19-0001",
            "matterOriginalVendorId": "0xfff1",
            "matterOriginalProductId": "0x1234",
        ]
        #expect(device == expected)
    }

    /// No basic information, room, nicknames or other ids: the optional fields are left out.
    @Test func barelyDescribedDevice() throws {
        let fulfillment = try TestFulfillment()
        let device = try #require(try fulfillment.syncDevice("hall"))
        let expected: JSONValue = [
            "id": "hall",
            "type": Fixtures.light,
            "traits": [Fixtures.onOff],
            "name": ["name": "Hall light", "defaultNames": [], "nicknames": []],
            "willReportState": false,
            "attributes": [:],
        ]
        #expect(device == expected)
    }

    /// The device file's `structure` becomes `structureHint`, next to `roomHint`; without one there is none.
    @Test func structureBecomesStructureHint() throws {
        let file = Fixtures.deviceFile(
            #"{"id": "cabin-lamp", "name": "Cabin lamp", "room": "Kitchen", "structure": "Holiday home", "deviceTypes": ["OnOffLight"]}"#,
            #"{"id": "home-lamp", "name": "Home lamp", "room": "Kitchen", "deviceTypes": ["OnOffLight"]}"#
        )
        let fulfillment = try TestFulfillment(devices: file)
        let cabin = try #require(try fulfillment.syncDevice("cabin-lamp"))
        #expect(cabin["structureHint"] == "Holiday home")
        #expect(cabin["roomHint"] == "Kitchen")
        #expect(try fulfillment.syncDevice("home-lamp")?["structureHint"] == nil)
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
    }

    @Test func roomAndNicknames() throws {
        let fulfillment = try TestFulfillment()
        let device = try #require(try fulfillment.syncDevice("desk"))
        #expect(device["roomHint"] == "Office")
        #expect(device["name"] == ["name": "Desk lamp", "defaultNames": [], "nicknames": ["study light"]])
    }

    @Test func deviceInfoAndMatterIdsWithoutUniqueId() throws {
        let fulfillment = try TestFulfillment()
        let device = try #require(try fulfillment.syncDevice("reading"))
        #expect(
            device["deviceInfo"]
                == [
                    "manufacturer": "Acme Lighting", "model": "A19 Tunable White", "hwVersion": "1.0",
                    "swVersion": "2.3.1",
                ]
        )
        #expect(device["name"]?["defaultNames"] == ["Acme Lighting A19 Tunable White"])
        #expect(device["matterOriginalVendorId"] == "0xfff1")
        #expect(device["matterOriginalProductId"] == "0x8003")
        #expect(device["matterUniqueId"] == nil)
    }

    /// Only the fields the file gives appear in `deviceInfo`.
    @Test func partialDeviceInfo() throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "p", "name": "P", "deviceTypes": ["OnOffPlugInUnit"],
             "basicInformation": {"productName": "Smart Plug", "softwareVersionString": "7"}}
            """#
        )
        let device = try #require(try TestFulfillment(devices: file).syncDevice("p"))
        #expect(device["deviceInfo"] == ["model": "Smart Plug", "swVersion": "7"])
        #expect(device["name"]?["defaultNames"] == ["Smart Plug"])
    }

    /// Ids alone are not device info: `deviceInfo` stays out, the Matter ids go in.
    @Test func matterIdsWithoutDeviceInfo() throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "m", "name": "M", "deviceTypes": ["OnOffLight"],
             "basicInformation": {"vendorID": 1, "uniqueID": "00112233aabbccddeeff"}}
            """#
        )
        let device = try #require(try TestFulfillment(devices: file).syncDevice("m"))
        #expect(device["deviceInfo"] == nil)
        #expect(device["matterOriginalVendorId"] == "0x1")
        #expect(device["matterUniqueId"] == "00112233aabbccddeeff")
        #expect(device["matterOriginalProductId"] == nil)
        #expect(device["name"]?["defaultNames"] == [])
    }

    @Test(arguments: [(65521, "0xfff1"), (1, "0x1"), (4660, "0x1234"), (0, "0x0"), (65535, "0xffff"), (255, "0xff")])
    func matterIdsAreLowerCaseHexWithoutPadding(id: Int, hex: String) throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "m", "name": "M", "deviceTypes": ["OnOffLight"],
             "basicInformation": {"vendorID": \#(id), "productID": \#(id)}}
            """#
        )
        let device = try #require(try TestFulfillment(devices: file).syncDevice("m"))
        #expect(device["matterOriginalVendorId"] == .string(hex))
        #expect(device["matterOriginalProductId"] == .string(hex))
    }

    // MARK: - Names

    static let e = "\u{E9}"  // é, one code point, two UTF-8 bytes
    static let thumbsUpMedium = "\u{1F44D}\u{1F3FD}"  // 👍🏽: two code points

    struct NameCase: Sendable, CustomTestStringConvertible {
        var label: String
        var given: String
        var expected: String

        var testDescription: String { label }
    }

    static let nameCases: [NameCase] = [
        NameCase(
            label: "ASCII, 60",
            given: String(repeating: "a", count: 60),
            expected: String(repeating: "a", count: 60)
        ),
        NameCase(
            label: "ASCII, 61",
            given: String(repeating: "a", count: 61),
            expected: String(repeating: "a", count: 60)
        ),
        NameCase(
            label: "two-byte letters and emoji, 61 code points",
            given: String(repeating: e, count: 57) + "\u{1F600}\u{1F389}\u{1F525}x",
            expected: String(repeating: e, count: 57) + "\u{1F600}\u{1F389}\u{1F525}"
        ),
        NameCase(
            label: "cut inside an emoji with a skin tone",
            given: String(repeating: e, count: 59) + thumbsUpMedium,
            expected: String(repeating: e, count: 59) + "\u{1F44D}"
        ),
        NameCase(
            label: "60 code points of three- and four-byte characters",
            given: String(repeating: "\u{6F22}\u{1F4A1}", count: 30),
            expected: String(repeating: "\u{6F22}\u{1F4A1}", count: 30)
        ),
        NameCase(
            label: "100 emoji",
            given: String(repeating: "\u{1F4A1}", count: 100),
            expected: String(repeating: "\u{1F4A1}", count: 60)
        ),
    ]

    @Test(arguments: nameCases)
    func namesAreCutAtSixtyCodePoints(_ name: NameCase) throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "n", "name": "\#(name.given)", "nicknames": ["\#(name.given)", "short"], "deviceTypes": ["OnOffLight"],
             "basicInformation": {"productName": "\#(name.given)"}}
            """#
        )
        let device = try #require(try TestFulfillment(devices: file).syncDevice("n"))
        let names = try #require(device["name"])
        #expect(names["name"] == .string(name.expected))
        #expect(names["nicknames"] == [.string(name.expected), "short"])
        #expect(names["defaultNames"] == [.string(name.expected)])
        // String equality is canonical equivalence; the code points themselves must match too.
        let sent = try #require(names["name"]?.stringValue)
        #expect(Array(sent.unicodeScalars) == Array(name.expected.unicodeScalars))
        #expect(sent.unicodeScalars.count <= 60)
    }
}
