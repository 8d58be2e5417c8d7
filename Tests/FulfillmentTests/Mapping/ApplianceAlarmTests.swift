import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Refrigerator and Dishwasher Alarm as Google exception codes beside `status: "SUCCESS"` in QUERY and EXECUTE,
/// the mask, the priority over a low battery, and the dishwasher start a DoorError refuses.
struct ApplianceAlarmTests {
    typealias G = GoogleRequest

    static func fridge(_ alarm: String) -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "fridge", "name": "Fridge", "deviceTypes": ["Refrigerator"],
             "clusters": {"RefrigeratorAlarm": {\#(alarm)}}}
            """#
        )
    }

    static func dishwasher(_ alarm: String, powerSource: String = "") -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "dishwasher", "name": "Dishwasher", "deviceTypes": ["Dishwasher"],
             "clusters": {"OnOff": {"OnOff": true},
                          "OperationalState": {"OperationalState": 0, "CurrentPhase": 0, "CountdownTime": null},
                          "DishwasherAlarm": {\#(alarm)}\#(powerSource)}}
            """#
        )
    }

    @Test func anOpenFridgeDoorIsDeviceOpen() throws {
        let open = try TestFulfillment(devices: Self.fridge(#""Mask": 1, "State": 1, "Supported": 1"#))
        let states = try #require(try open.query("fridge"))
        #expect(states["status"] == "SUCCESS")
        #expect(states["exceptionCode"] == "deviceOpen")
        let closed = try TestFulfillment(devices: Self.fridge(#""Mask": 1, "State": 0, "Supported": 1"#))
        #expect(try closed.query("fridge")?["exceptionCode"] == nil)
    }

    /// A masked (disabled) alarm is not reported, even if its State bit is set.
    @Test func aMaskedAlarmIsNotReported() throws {
        let masked = try TestFulfillment(devices: Self.fridge(#""Mask": 0, "State": 1, "Supported": 1"#))
        #expect(try masked.query("fridge")?["exceptionCode"] == nil)
        #expect(ApplianceAlarms.active(ClusterState(["State": .int(0b101)])) == 0b101)
        #expect(ApplianceAlarms.active(ClusterState(["State": .int(0b101), "Mask": .int(0b100)])) == 0b100)
        #expect(ApplianceAlarms.active(ClusterState()) == 0)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var state: Int
        var exception: String?
        var testDescription: String { "State \(state) → \(exception ?? "none")" }
    }

    /// Each Dishwasher Alarm bit alone, and a combination where the most pressing wins.
    static let dishwasherCases: [Case] = [
        Case(state: 0, exception: nil),
        Case(state: 1 << 0, exception: "needsWater"),
        Case(state: 1 << 1, exception: nil),
        Case(state: 1 << 2, exception: "deviceOpen"),
        Case(state: 1 << 3, exception: nil),
        Case(state: 1 << 4, exception: "deviceAtExtremeTemperature"),
        Case(state: 1 << 5, exception: nil),
        Case(state: 0b000101, exception: "deviceOpen"),
        Case(state: 0b111111, exception: "deviceAtExtremeTemperature"),
    ]

    @Test(arguments: dishwasherCases)
    func dishwasherAlarmsInQueryAndExecute(_ alarm: Case) throws {
        let fulfillment = try TestFulfillment(devices: Self.dishwasher(#""Mask": 63, "State": \#(alarm.state)"#))
        let states = try #require(try fulfillment.query("dishwasher"))
        #expect(states["status"] == "SUCCESS")
        #expect(states["exceptionCode"] == alarm.exception.map { .string($0) })
        let results = try fulfillment.execute(G.group(["dishwasher"], G.onOff(false)))
        #expect(results.first?["status"] == "SUCCESS")
        #expect(results.first?["states"]?["exceptionCode"] == alarm.exception.map { .string($0) })
    }

    /// An alarm outranks a low battery: Google's exceptionCode is one string.
    @Test func anAlarmOutranksALowBattery() throws {
        let both = try TestFulfillment(
            devices: Self.dishwasher(
                #""Mask": 63, "State": 4"#,
                powerSource: #", "PowerSource": {"BatPercentRemaining": 10, "BatReplaceability": 1}"#
            )
        )
        #expect(try both.query("dishwasher")?["exceptionCode"] == "deviceOpen")
        let batteryOnly = try TestFulfillment(
            devices: Self.dishwasher(
                #""Mask": 63, "State": 0"#,
                powerSource: #", "PowerSource": {"BatPercentRemaining": 10, "BatReplaceability": 1}"#
            )
        )
        #expect(try batteryOnly.query("dishwasher")?["exceptionCode"] == "lowBattery")
    }

    @Test func exceptionsOfOneEndpointComeInPriorityOrder() {
        let endpoint = Endpoint(
            deviceTypes: [.Dishwasher],
            clusters: [.DishwasherAlarm: ClusterState(["State": .int(0b010101)])]
        )
        #expect(ApplianceAlarms.exceptions(of: endpoint) == [.deviceAtExtremeTemperature, .deviceOpen, .needsWater])
        #expect(ApplianceAlarms.exceptions(of: Endpoint(deviceTypes: [.Dishwasher])) == [])
    }

    /// Only DoorError stops a start, with Google's `deviceDoorOpen`.
    @Test func doorErrorRefusesAStart() {
        func endpoint(state: Int, mask: Int? = nil) -> Endpoint {
            var alarm = ClusterState(["State": .int(state)])
            if let mask { alarm["Mask"] = .int(mask) }
            return Endpoint(deviceTypes: [.Dishwasher], clusters: [.DishwasherAlarm: alarm])
        }
        #expect(ApplianceAlarms.startRefusal(on: endpoint(state: 1 << 2))?.code == .deviceDoorOpen)
        #expect(ApplianceAlarms.startRefusal(on: endpoint(state: 1 << 2, mask: 0)) == nil)
        #expect(ApplianceAlarms.startRefusal(on: endpoint(state: 0b111011)) == nil)
        #expect(ApplianceAlarms.startRefusal(on: Endpoint(deviceTypes: [.Dishwasher])) == nil)
    }

    /// Every exception Hearth produces is spelled as Google's list spells it.
    @Test func exceptionCodesAreGooglesSpellings() {
        #expect(
            Set(ExceptionCode.allCases.map(\.rawValue))
                == ["lowBattery", "deviceAtExtremeTemperature", "deviceOpen", "needsWater"]
        )
        #expect(ErrorCode.deviceDoorOpen.rawValue == "deviceDoorOpen")
        #expect(ErrorCode.chargerIssue.rawValue == "chargerIssue")
        #expect(ErrorCode.unableToLocateDevice.rawValue == "unableToLocateDevice")
    }
}
