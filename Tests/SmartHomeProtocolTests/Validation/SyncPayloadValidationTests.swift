import JSON
import Testing

@testable import SmartHomeProtocol

struct SyncPayloadValidationTests {
    static func payload(_ devices: [JSONObject], agentUserId: JSONValue? = "user-7") -> JSONObject {
        var payload = JSONObject()
        payload["agentUserId"] = agentUserId
        payload["devices"] = .array(devices.map(JSONValue.object))
        return payload
    }

    static let lamp = ValidationFixtures.light
    static let fan = ValidationFixtures.device(for: "FanSpeed")

    @Test func aValidPayloadHasNoViolations() {
        #expect(SyncValidator.violations(inPayload: Self.payload([Self.lamp, Self.fan])) == [])
        #expect(SyncValidator.violations(inPayload: Self.payload([])) == [], "no devices is a valid answer")
    }

    @Test func duplicateIdsAreReportedAtEveryRepeat() {
        let violations = SyncValidator.violations(inPayload: Self.payload([Self.lamp, Self.fan, Self.lamp, Self.lamp]))
        #expect(violations.map(\.path) == ["devices[2].id", "devices[3].id"])
        #expect(violations.allSatisfy { $0.deviceId == "light-1" && $0.message.contains("devices[0]") })
    }

    @Test func devicesAreCheckedWithPayloadPaths() {
        let broken = Self.fan.setting("attributes.availableFanSpeeds.ordered", to: nil)
        let violations = SyncValidator.violations(inPayload: Self.payload([Self.lamp, broken]))
        #expect(
            violations == [
                SyncViolation(
                    deviceId: "dev-FanSpeed",
                    path: "devices[1].attributes.availableFanSpeeds.ordered",
                    message: "is required but missing"
                )
            ]
        )
    }

    @Test func deviceWarningsCarryPayloadPaths() {
        let long = Self.lamp.setting("name.name", to: .string(String(repeating: "x", count: 70)))
        let noName = Self.lamp.setting("id", to: "light-2").setting("roomHint", to: nil)
        #expect(SyncValidator.violations(inPayload: Self.payload([long, noName])) == [])
        #expect(
            SyncValidator.warnings(inPayload: Self.payload([long, noName])).map(\.path) == ["devices[0].name.name"]
        )
        // A Matter device without a roomHint is a problem (Matter dedup requires it), with its payload path.
        #expect(SyncValidator.problems(inPayload: Self.payload([long, noName])).map(\.path) == ["devices[1].roomHint"])
    }

    struct BrokenPayload: Sendable, CustomTestStringConvertible {
        var rule: String
        var payload: JSONObject
        var path: String
        var testDescription: String { "\(rule) → \(path)" }
    }

    static let brokenPayloads: [BrokenPayload] = [
        BrokenPayload(rule: "agentUserId is required", payload: payload([lamp], agentUserId: nil), path: "agentUserId"),
        BrokenPayload(rule: "agentUserId is not empty", payload: payload([lamp], agentUserId: ""), path: "agentUserId"),
        BrokenPayload(rule: "agentUserId is a string", payload: payload([lamp], agentUserId: 7), path: "agentUserId"),
        BrokenPayload(rule: "devices are required", payload: payload([]).setting("devices", to: nil), path: "devices"),
        BrokenPayload(
            rule: "devices are an array",
            payload: payload([]).setting("devices", to: ["id": "x"]),
            path: "devices"
        ),
        BrokenPayload(
            rule: "devices are objects",
            payload: payload([lamp]).setting("devices[0]", to: "light-1"),
            path: "devices[0]"
        ),
        BrokenPayload(
            rule: "errorCode is a string",
            payload: payload([lamp]).setting("errorCode", to: 401),
            path: "errorCode"
        ),
        BrokenPayload(
            rule: "debugString is a string",
            payload: payload([lamp]).setting("debugString", to: false),
            path: "debugString"
        ),
        BrokenPayload(
            rule: "no unknown payload members",
            payload: payload([lamp]).setting("requestId", to: "r-1"),
            path: "requestId"
        ),
    ]

    @Test(arguments: brokenPayloads)
    func reportsExactlyTheBrokenPayloadRule(_ broken: BrokenPayload) {
        expectSingleViolation(SyncValidator.violations(inPayload: broken.payload), at: broken.path, deviceId: nil)
    }

    @Test func aFailedSyncWithAnErrorCodeNeedsNoDevices() {
        let failed = JSONObject([("agentUserId", "user-7"), ("errorCode", "authFailure")])
        #expect(SyncValidator.violations(inPayload: failed) == [])
    }

    @Test func aBrokenDeviceAndABrokenPayloadAreBothReported() {
        let payload = Self.payload([Self.lamp.setting("traits", to: [])], agentUserId: "")
        #expect(SyncValidator.violations(inPayload: payload).map(\.path) == ["agentUserId", "devices[0].traits"])
    }
}

extension SyncPayloadValidationTests {
    /// The shapes of Google's own published SYNC examples (HomeGraph `devices.sync` reference outlet; the
    /// actions-on-google test light that still uses the pre-ColorSetting traits) must pass.
    @Test func googlesPublishedExampleShapesPass() {
        let payload = ValidationFixtures.object(
            #"""
            {"agentUserId": "1836.15267389", "devices": [
              {"id": "123", "type": "action.devices.types.OUTLET", "traits": ["action.devices.traits.OnOff"],
               "name": {"defaultNames": ["My Outlet 1234"], "name": "Night light", "nicknames": ["wall plug"]},
               "willReportState": false,
               "deviceInfo": {"manufacturer": "lights-out-inc", "model": "hs1234", "hwVersion": "3.2",
                              "swVersion": "11.4"},
               "customData": {"fooValue": 74, "barValue": true, "bazValue": "foo"}},
              {"id": "456", "type": "action.devices.types.LIGHT",
               "traits": ["action.devices.traits.OnOff", "action.devices.traits.Brightness",
                          "action.devices.traits.ColorTemperature", "action.devices.traits.ColorSpectrum"],
               "name": {"name": "lamp1"}, "willReportState": false,
               "attributes": {"temperatureMinK": 2000, "temperatureMaxK": 6500}, "roomHint": "Kitchen"}]}
            """#
        )
        #expect(SyncValidator.violations(inPayload: payload) == [])
    }
}
