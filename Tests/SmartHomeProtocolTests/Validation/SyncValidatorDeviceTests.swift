import JSON
import Testing

@testable import SmartHomeProtocol

struct SyncValidatorDeviceTests {
    @Test func aCompleteValidDeviceHasNoViolationsAndNoWarnings() {
        #expect(SyncValidator.violations(in: ValidationFixtures.light) == [])
        #expect(SyncValidator.warnings(in: ValidationFixtures.light) == [])
    }

    static let light = ValidationFixtures.light

    /// Each case breaks exactly one top-level rule of the SYNC reference (or a brief rule where Google is silent).
    static let brokenDevices: [BrokenDevice] = [
        BrokenDevice("id is required", base: light, set: "id", to: nil),
        BrokenDevice("id must not be empty", base: light, set: "id", to: ""),
        BrokenDevice("id is a string", base: light, set: "id", to: 42),
        BrokenDevice("type is required", base: light, set: "type", to: nil),
        BrokenDevice("type is a string", base: light, set: "type", to: ["action.devices.types.LIGHT"]),
        BrokenDevice("type is known", base: light, set: "type", to: "action.devices.types.LIGHTBULB"),
        BrokenDevice("type has Google's prefix", base: light, set: "type", to: "LIGHT"),
        BrokenDevice("traits are required", base: light, set: "traits", to: nil),
        BrokenDevice("traits are an array", base: light, set: "traits", to: "action.devices.traits.OnOff"),
        BrokenDevice("traits are not empty", base: light, set: "traits", to: []),
        BrokenDevice("traits are known", base: light, set: "traits[1]", to: "action.devices.traits.OffOn"),
        BrokenDevice("traits are strings", base: light, set: "traits[0]", to: 1),
        BrokenDevice("traits appear once", base: light, set: "traits[1]", to: "action.devices.traits.OnOff"),
        BrokenDevice("name is required", base: light, set: "name", to: nil),
        BrokenDevice("name is an object", base: light, set: "name", to: "Desk lamp"),
        BrokenDevice("name.name is required", base: light, set: "name.name", to: nil),
        BrokenDevice("name.name is not empty", base: light, set: "name.name", to: ""),
        BrokenDevice("name.name is a string", base: light, set: "name.name", to: ["Desk lamp"]),
        BrokenDevice("defaultNames are strings", base: light, set: "name.defaultNames[0]", to: 7),
        BrokenDevice("nicknames are an array", base: light, set: "name.nicknames", to: "reading light"),
        BrokenDevice("name has no unknown members", base: light, set: "name.alias", to: "lamp"),
        BrokenDevice("willReportState is required", base: light, set: "willReportState", to: nil),
        BrokenDevice("willReportState is a boolean", base: light, set: "willReportState", to: "true"),
        BrokenDevice(
            "notificationSupportedByAgent is a boolean",
            base: light,
            set: "notificationSupportedByAgent",
            to: 0
        ),
        BrokenDevice("roomHint is not empty", base: light, set: "roomHint", to: ""),
        BrokenDevice("roomHint is a string", base: light, set: "roomHint", to: 3),
        BrokenDevice("structureHint is a string", base: light, set: "structureHint", to: false),
        BrokenDevice("deviceInfo is an object", base: light, set: "deviceInfo", to: "Acme A19"),
        BrokenDevice("deviceInfo members are strings", base: light, set: "deviceInfo.hwVersion", to: 1.0),
        BrokenDevice("deviceInfo has no unknown members", base: light, set: "deviceInfo.serial", to: "X1"),
        BrokenDevice("attributes are an object", base: light, set: "attributes", to: []),
        BrokenDevice("customData is an object", base: light, set: "customData", to: "endpoint 1"),
        BrokenDevice("otherDeviceIds are an array", base: light, set: "otherDeviceIds", to: ["deviceId": "x"]),
        BrokenDevice("otherDeviceIds items are objects", base: light, set: "otherDeviceIds[0]", to: "local-1"),
        BrokenDevice("otherDeviceIds need a deviceId", base: light, set: "otherDeviceIds[1].deviceId", to: nil),
        BrokenDevice("otherDeviceIds deviceId is not empty", base: light, set: "otherDeviceIds[0].deviceId", to: ""),
        BrokenDevice("otherDeviceIds agentId is a string", base: light, set: "otherDeviceIds[1].agentId", to: 5),
        BrokenDevice("vendor id is lower-case hex", base: light, set: "matterOriginalVendorId", to: "0xFFF1"),
        BrokenDevice("vendor id has the 0x prefix", base: light, set: "matterOriginalVendorId", to: "fff1"),
        BrokenDevice("vendor id fits 16 bits", base: light, set: "matterOriginalVendorId", to: "0x1fff1"),
        BrokenDevice("vendor id is a string", base: light, set: "matterOriginalVendorId", to: 65521),
        BrokenDevice("product id is hex", base: light, set: "matterOriginalProductId", to: "0x80g0"),
        BrokenDevice("product id is not bare 0x", base: light, set: "matterOriginalProductId", to: "0x"),
        BrokenDevice("matterUniqueId is not empty", base: light, set: "matterUniqueId", to: ""),
        BrokenDevice("matterUniqueId is a string", base: light, set: "matterUniqueId", to: 1234),
        BrokenDevice("no unknown device members", base: light, set: "colour", to: "red"),
        BrokenDevice("no misspelled device members", base: light, set: "willReportStates", to: true),
    ]

    @Test(arguments: brokenDevices)
    func reportsExactlyTheBrokenRule(_ broken: BrokenDevice) {
        expectSingleViolation(
            SyncValidator.violations(in: broken.device),
            at: broken.expectedPath,
            deviceId: broken.expectedDeviceId
        )
    }

    @Test func aMissingOrInvalidIdFilesViolationsUnderNoDevice() {
        let device = Self.light.setting("id", to: "").setting("type", to: "action.devices.types.LAMP")
        let violations = SyncValidator.violations(in: device)
        #expect(violations.map(\.path) == ["id", "type"])
        #expect(violations.allSatisfy { $0.deviceId == nil })
        #expect(violations[1].description.hasPrefix("device ? type: "))
    }

    @Test func everyFindingOfOneDeviceIsListed() {
        let device = Self.light.setting("type", to: nil).setting("willReportState", to: "yes")
            .setting("attributes.colorModel", to: "cmyk")
        #expect(
            SyncValidator.violations(in: device).map(\.path) == ["type", "willReportState", "attributes.colorModel"]
        )
    }

    @Test func unknownTraitsSuspendTheAttributeChecks() {
        // With an unknown trait nothing can be said about which attributes belong; only the trait is reported.
        let device = Self.light.setting("traits[2]", to: "action.devices.traits.Colour")
        #expect(SyncValidator.violations(in: device).map(\.path) == ["traits[2]"])
    }

    @Test(arguments: GoogleVocabulary.deviceTypes.sorted())
    func everyGoogleDeviceTypeIsAccepted(_ type: String) {
        let device = ValidationFixtures.device(for: "OnOff").setting("type", to: .string(type))
        #expect(SyncValidator.violations(in: device) == [])
    }

    @Test func theVocabularyCoversTheTypesAndTraitsNamedInTheBrief() {
        for type in [
            "FAN", "AIRPURIFIER", "BLINDS", "SHUTTER", "CURTAIN", "AWNING", "THERMOSTAT", "AC_UNIT", "LOCK", "SENSOR",
            "SMOKE_DETECTOR", "SPEAKER", "VACUUM", "WASHER", "DISHWASHER", "OUTLET", "SWITCH", "LIGHT", "DOOR",
            "GARAGE", "WINDOW", "HEATER", "HUMIDIFIER", "DEHUMIDIFIER", "SECURITYSYSTEM", "CAMERA", "DOORBELL",
            "CARBON_MONOXIDE_DETECTOR", "DRYER", "WATERHEATER", "KETTLE", "COFFEE_MAKER", "OVEN", "MICROWAVE",
            "REFRIGERATOR", "TV", "SETTOP", "AUDIO_VIDEO_RECEIVER", "VALVE", "SPRINKLER", "SCENE", "CHARGER",
            "NETWORK", "ROUTER", "GATE",
        ] {
            #expect(GoogleVocabulary.deviceTypes.contains("action.devices.types." + type), "\(type)")
        }
        #expect(GoogleVocabulary.traits.count == 40)
        #expect(GoogleVocabulary.traits.allSatisfy { $0.hasPrefix("action.devices.traits.") })
        #expect(!GoogleVocabulary.traits.contains("action.devices.traits.OffOn"))
    }

    // MARK: - Warnings: accepted by Google, but changed or ignored

    @Test func aLongNameIsTruncatedByGoogleNotRejected() {
        let long = String(repeating: "é", count: 61)
        let device = Self.light.setting("name.name", to: .string(long)).setting("name.nicknames[0]", to: .string(long))
        #expect(SyncValidator.violations(in: device) == [])
        #expect(SyncValidator.warnings(in: device).map(\.path) == ["name.name", "name.nicknames[0]"])
        let exactly60 = Self.light.setting("name.name", to: .string(String(repeating: "🙂", count: 60)))
        #expect(SyncValidator.warnings(in: exactly60) == [], "60 code points fit")
    }

    @Test func anEmptyNicknameIsAWarning() {
        let device = Self.light.setting("name.defaultNames[0]", to: "")
        #expect(SyncValidator.violations(in: device) == [])
        #expect(SyncValidator.warnings(in: device).map(\.path) == ["name.defaultNames[0]"])
    }

    /// Matter dedup page: "SYNC responses must contain roomHint". Google accepts the SYNC without it (not a
    /// violation: the device is sent), but dedup fails, so it is a problem, not a mere warning.
    @Test func matterDedupRequiresRoomHintAndNeedsAllThreeIds() {
        let noRoom = Self.light.setting("roomHint", to: nil)
        #expect(SyncValidator.violations(in: noRoom) == [])
        #expect(SyncValidator.warnings(in: noRoom) == [])
        #expect(SyncValidator.problems(in: noRoom).map(\.path) == ["roomHint"])
        #expect(SyncValidator.problems(in: noRoom).first?.message.contains("Matter dedup") == true)
        #expect(SyncValidator.problems(in: Self.light) == [], "with a roomHint there is no problem")
        let noUniqueId = Self.light.setting("matterUniqueId", to: nil)
        #expect(SyncValidator.violations(in: noUniqueId) == [])
        #expect(SyncValidator.warnings(in: noUniqueId).map(\.path) == [""])
        #expect(SyncValidator.problems(in: noUniqueId) == [])
        // Any matter* id makes the device a dedup candidate, so it needs the room.
        for kept in ["matterUniqueId", "matterOriginalVendorId", "matterOriginalProductId"] {
            var device = Self.light.setting("roomHint", to: nil)
            for other in ["matterUniqueId", "matterOriginalVendorId", "matterOriginalProductId"] where other != kept {
                device = device.setting(other, to: nil)
            }
            #expect(SyncValidator.problems(in: device).map(\.path) == ["roomHint"], "\(kept)")
        }
        let cloudOnly = Self.light.setting("matterUniqueId", to: nil).setting("matterOriginalVendorId", to: nil)
            .setting("matterOriginalProductId", to: nil).setting("roomHint", to: nil)
        #expect(SyncValidator.warnings(in: cloudOnly) == [], "no Matter ids, no dedup, no roomHint needed")
        #expect(SyncValidator.problems(in: cloudOnly) == [])
    }

    @Test func aPayloadReportsProblemsWithTheirDevicePaths() {
        let payload = JSONObject([
            ("agentUserId", "u"),
            (
                "devices",
                [.object(Self.light), .object(Self.light.setting("id", to: "b").setting("roomHint", to: nil))]
            ),
        ])
        #expect(SyncValidator.violations(inPayload: payload) == [])
        let problems = SyncValidator.problems(inPayload: payload)
        #expect(problems.map(\.path) == ["devices[1].roomHint"])
        #expect(problems.map(\.deviceId) == ["b"])
    }

    @Test func aVendorIdWithoutAProductIdIsOnlyAWarning() {
        // Google documents no rule tying the two together; dedup needs both, so Hearth warns.
        for missing in ["matterOriginalVendorId", "matterOriginalProductId"] {
            let device = Self.light.setting(missing, to: nil)
            #expect(SyncValidator.violations(in: device) == [], "\(missing)")
            #expect(SyncValidator.warnings(in: device).map(\.path) == [""], "\(missing)")
        }
    }

    @Test func aMatterUniqueIdLongerThanMattersLimitIsAWarning() {
        let device = Self.light.setting("matterUniqueId", to: .string(String(repeating: "a", count: 33)))
        #expect(SyncValidator.violations(in: device) == [])
        #expect(SyncValidator.warnings(in: device).map(\.path) == ["matterUniqueId"])
    }

    @Test(arguments: ["0x0", "0xfff1", "0x1", "0x00ff", "0xffff"])
    func matterHexIdsThatFitSixteenBitsAreAccepted(_ id: String) {
        #expect(SyncValidator.isMatterHexId(id))
    }

    @Test(arguments: ["", "0x", "0X1", "0xFFF1", "0x10000", "fff1", "0x-1", " 0x1", "0x1 "])
    func otherMatterHexIdsAreRejected(_ id: String) {
        #expect(!SyncValidator.isMatterHexId(id))
    }

    // MARK: - SyncDevice convenience

    @Test func hearthsSyncDeviceJSONIsValid() {
        let device = SyncDevice(
            id: "endpoint-3",
            type: .light,
            traits: [.onOff, .brightness, .colorSetting],
            name: SyncDevice.Name(name: "Hall", defaultNames: ["Acme A19"], nicknames: ["corridor"]),
            willReportState: true,
            roomHint: "Hall",
            deviceInfo: SyncDevice.DeviceInfo(manufacturer: "Acme", model: "A19", hwVersion: "1", swVersion: "2"),
            attributes: JSONObject([
                ("colorModel", "rgb"),
                ("colorTemperatureRange", ["temperatureMinK": 2000, "temperatureMaxK": 6535]),
            ]),
            otherDeviceIds: ["matter-3"],
            matterUniqueId: "ABCDEF0123",
            matterOriginalVendorId: SyncDevice.matterHexId(0xFFF1),
            matterOriginalProductId: SyncDevice.matterHexId(0x8000)
        )
        #expect(SyncValidator.violations(in: device) == [])
        #expect(SyncValidator.warnings(in: device) == [])
        #expect(SyncValidator.violations(in: device) == SyncValidator.violations(in: device.json))
    }

    @Test func aSyncDeviceMissingColorSettingAttributesIsReported() {
        let device = SyncDevice(
            id: "endpoint-4",
            type: .light,
            traits: [.onOff, .colorSetting],
            name: SyncDevice.Name(name: "Strip"),
            willReportState: true
        )
        let violations = SyncValidator.violations(in: device)
        expectSingleViolation(violations, at: "attributes", deviceId: "endpoint-4")
        #expect(violations[0].message.contains("ColorSetting"))
        #expect(violations[0].description == "device \"endpoint-4\" attributes: \(violations[0].message)")
    }
}
