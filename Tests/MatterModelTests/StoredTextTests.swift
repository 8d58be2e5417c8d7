import Testing

@testable import MatterModel

/// No string holding U+0000 gets past the device file, a state change or ``Device/firstUnstorableField``: the
/// registry's engines cannot keep one. The value is never quoted back.
struct StoredTextTests {
    /// A device file with `\u0000` somewhere, and the field the refusal names (with the user and device it can name).
    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var user: String?
        var device: String?
        var field: String
        var testDescription: String { field }
    }

    static let cases: [Case] = [
        Case(
            json: deviceFile(#"{"id": "lamp", "name": "La\u0000mp", "deviceTypes": ["OnOffLight"]}"#),
            user: "demo-user",
            device: "lamp",
            field: "name"
        ),
        Case(json: RefusalCase.lamp(#""room": "Hall\u0000""#), user: "demo-user", device: "lamp", field: "room"),
        Case(json: RefusalCase.lamp(#""structure": "\u0000""#), user: "demo-user", device: "lamp", field: "structure"),
        Case(
            json: RefusalCase.lamp(#""nicknames": ["a", "b\u0000"]"#),
            user: "demo-user",
            device: "lamp",
            field: "nicknames[1]"
        ),
        Case(
            json: RefusalCase.lamp(#""otherDeviceIds": ["x\u0000"]"#),
            user: "demo-user",
            device: "lamp",
            field: "otherDeviceIds[0]"
        ),
        Case(
            json: RefusalCase.lamp(#""basicInformation": {"uniqueID": "u\u0000"}"#),
            user: "demo-user",
            device: "lamp",
            field: "basicInformation.uniqueID"
        ),
        Case(
            json: RefusalCase.lamp(#""clusters": {"PowerSource": {"Description": "Mains\u0000"}}"#),
            user: "demo-user",
            device: "lamp",
            field: "clusters.PowerSource.Description"
        ),
        Case(
            json: deviceFile(#"{"id": "la\u0000mp", "name": "Lamp", "deviceTypes": ["OnOffLight"]}"#),
            user: "demo-user",
            device: nil,
            field: "devices[0].id"
        ),
        Case(
            json: #"{"users": [{"agentUserId": "demo\u0000", "devices": []}]}"#,
            user: nil,
            device: nil,
            field: "users[0].agentUserId"
        ),
    ]

    @Test(arguments: cases)
    func deviceFileRefusesANULNamingTheField(_ refusal: Case) throws {
        let error = try #require(throws: DeviceFileError.self) { try DeviceFile.parse(refusal.json) }
        #expect(error.code == .invalidCharacter)
        #expect(error.user == refusal.user)
        #expect(error.device == refusal.device)
        #expect(error.field == refusal.field)
        #expect(error.message == StoredText.nulReason)
        #expect(!error.description.utf8.contains(0), "the value is not quoted: \(error)")
    }

    @Test func stateChangesRefuseANUL() throws {
        let error = try #require(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.parse("PowerSource.Description=Bat\u{0}tery")
        }
        #expect(error.message == "PowerSource.Description: " + StoredText.nulReason)
        let spec = try #require(AttributeSchema.spec(.PowerSource, "Description"))
        #expect(spec.validate(.string("a\u{0}")) == StoredText.nulReason)
        #expect(spec.validate(.string("Küche 💡 \u{1}")) == nil)
    }

    @Test func firstUnstorableFieldFindsEveryString() throws {
        let clean = Device(
            id: "lamp",
            name: "Küche 💡",
            nicknames: ["a", "b"],
            room: "Küche",
            deviceTypes: [.OnOffPlugInUnit],
            clusters: [.PowerSource: ClusterState(["Description": .string("Mains")])]
        )
        #expect(clean.firstUnstorableField == nil)
        var device = clean
        device.nicknames[1] = "b\u{0}"
        #expect(device.firstUnstorableField == "nicknames[1]")
        device = clean
        device.basicInformation.softwareVersionString = "\u{0}"
        #expect(device.firstUnstorableField == "basicInformation.softwareVersionString")
        device = clean
        device.endpoints[0].clusters[.PowerSource]?["Description"] = .string("x\u{0}")
        #expect(device.firstUnstorableField == "clusters.PowerSource.Description")
        device.endpoints.append(clean.endpoints[0])
        #expect(device.firstUnstorableField == "endpoints[0].clusters.PowerSource.Description")
        device = clean
        device.structure = "\u{0}"
        #expect(device.firstUnstorableField == "structure")
    }

    @Test func nonASCIITextIsKeptExactly() throws {
        let file = try DeviceFile.parse(
            RefusalCase.lamp(#""room": "K\u00fcche", "nicknames": ["\ud83d\udca1", "tab\there"]"#)
                .replacing(#""Lamp""#, with: #""Küche 💡""#)
        )
        let device = file.users[0].devices[0]
        #expect(device.name == "Küche 💡")
        #expect(device.room == "Küche")
        #expect(device.nicknames == ["💡", "tab\there"])
    }
}
