import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// An Irrigation System (Matter 1.5) with three Water Valve zones: StartStop with zones through the real handlers,
/// and the valve commands recorded on each valve's endpoint.
struct SprinklerTests {
    typealias F = SensorsFixtures
    typealias G = GoogleRequest

    static let id = "garden-sprinkler"
    static let zones: JSONValue = ["Front lawn", "Vegetable patch", "Zone 3"]

    static func startStop(_ start: Bool, zone: String? = nil, zones: [String]? = nil) -> JSONValue {
        var params = JSONObject()
        params.append("start", .bool(start))
        if let zone { params.append("zone", .string(zone)) }
        if let zones { params.append("multipleZones", .array(zones.map { .string($0) })) }
        return G.step("StartStop", .object(params))
    }

    /// Zones are named by User Label, then Fixed Label, then `Zone N`; the valves bring no OpenClose or Timer of their
    /// own: the sprinkler's Timer is theirs together.
    @Test func syncAndIdleQuery() throws {
        let fulfillment = try F.catalogue()
        let device = try #require(try fulfillment.syncDevice(Self.id, as: F.user))
        #expect(device["type"] == "action.devices.types.SPRINKLER")
        #expect(device["traits"] == ["action.devices.traits.StartStop", "action.devices.traits.Timer"])
        #expect(
            device["attributes"] == ["pausable": false, "availableZones": Self.zones, "maxTimerLimitSec": 86_400]
        )
        let states = try #require(try fulfillment.query(Self.id, as: F.user))
        #expect(states["isRunning"] == false)
        #expect(states["activeZones"] == nil)
        #expect(states["timerRemainingSec"] == -1)
        #expect(states["status"] == "SUCCESS")
    }

    /// Google's Timer on the sprinkler: starting it waters every zone for that long (`Open {OpenDuration}` on each
    /// valve), or only the zones already watering; QUERY reports the longest countdown; adjusting moves every
    /// countdown; cancelling closes the timed valves; pausing is not possible.
    @Test func theTimerIsTheValvesCountdowns() throws {
        let fulfillment = try F.catalogue()
        let started = try F.commands(fulfillment, Self.id, G.step("TimerStart", ["timerTimeSec": 600]))
        #expect(started.count == 3)
        #expect(started.allSatisfy { $0.first == "ValveConfigurationAndControl.Open" })
        #expect(started.first?.last?["OpenDuration"] == 600)
        var states = try #require(try fulfillment.query(Self.id, as: F.user))
        #expect(states["timerRemainingSec"] == 600)
        #expect(states["activeZones"] == Self.zones)
        let adjusted = try F.run(fulfillment, Self.id, G.step("TimerAdjust", ["timerTimeSec": -120]))
        #expect(adjusted["states"]?["timerRemainingSec"] == 480)
        #expect(
            try F.errorCode(fulfillment, Self.id, G.step("TimerPause", [:])) == "functionNotSupported"
        )
        let cancelled = try F.commands(fulfillment, Self.id, G.step("TimerCancel", [:]))
        #expect(cancelled.map { $0.first } == Array(repeating: "ValveConfigurationAndControl.Close", count: 3))
        states = try #require(try fulfillment.query(Self.id, as: F.user))
        #expect(states["isRunning"] == false)
        #expect(states["timerRemainingSec"] == -1)
        #expect(try F.errorCode(fulfillment, Self.id, G.step("TimerCancel", [:])) == "noTimerExists")
        #expect(
            try F.errorCode(fulfillment, Self.id, G.step("TimerStart", ["timerTimeSec": 90_000]))
                == "aboveMaximumTimerDuration"
        )
    }

    /// With one zone watering, the timer times that zone only.
    @Test func theTimerTimesTheWateringZones() throws {
        let fulfillment = try F.catalogue()
        _ = try F.run(fulfillment, Self.id, Self.startStop(true, zone: "Zone 3"))
        let timed = try F.commands(fulfillment, Self.id, G.step("TimerStart", ["timerTimeSec": 300]))
        #expect(timed.count == 1)
        let device = try #require(try fulfillment.storedDevice(Self.id, of: F.user))
        #expect(device.endpoints[3].cluster(.ValveConfigurationAndControl).int("RemainingDuration") == 300)
        #expect(device.endpoints[1].cluster(.ValveConfigurationAndControl).int("CurrentState") == 0)
    }

    /// Starting one zone opens its valve (endpoint 3, `Open {}`), and QUERY names it active; stopping closes it.
    @Test func startAndStopOneZone() throws {
        let fulfillment = try F.catalogue()
        let before = try fulfillment.store.changeBounds().latest
        let result = try F.run(fulfillment, Self.id, Self.startStop(true, zone: "vegetable patch"))
        #expect(result["status"] == "SUCCESS")
        #expect(result["states"]?["isRunning"] == true)
        #expect(result["states"]?["activeZones"] == ["Vegetable patch"])
        let records = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(records.map { $0.record.data["endpoint"] } == [3])
        #expect(records.map { $0.record.data["command"] } == ["ValveConfigurationAndControl.Open"])
        #expect(
            try F.commands(fulfillment, Self.id, Self.startStop(false, zone: "Vegetable patch"))
                == [["ValveConfigurationAndControl.Close", [:]]]
        )
        #expect(try fulfillment.query(Self.id, as: F.user)?["isRunning"] == false)
    }

    /// Without a zone every valve opens (and every open one closes); `multipleZones` opens the ones named.
    @Test func allZonesAndMultipleZones() throws {
        let fulfillment = try F.catalogue()
        #expect(
            try F.commands(fulfillment, Self.id, Self.startStop(true, zones: ["Front lawn", "Zone 3"])).count == 2
        )
        #expect(try fulfillment.query(Self.id, as: F.user)?["activeZones"] == ["Front lawn", "Zone 3"])
        // Front lawn opened with its DefaultOpenDuration (900 s), as Matter's Open {} does.
        let front = try #require(try fulfillment.storedDevice(Self.id, of: F.user)).endpoints[1]
        #expect(front.cluster(.ValveConfigurationAndControl).int("RemainingDuration") == 900)
        #expect(try F.commands(fulfillment, Self.id, Self.startStop(true)).count == 1)
        #expect(try fulfillment.query(Self.id, as: F.user)?["activeZones"] == Self.zones)
        #expect(try F.commands(fulfillment, Self.id, Self.startStop(false)).count == 3)
        #expect(try fulfillment.query(Self.id, as: F.user)?["isRunning"] == false)
    }

    @Test func errors() throws {
        let fulfillment = try F.catalogue()
        #expect(try F.errorCode(fulfillment, Self.id, Self.startStop(false)) == "alreadyStopped")
        #expect(try F.errorCode(fulfillment, Self.id, Self.startStop(true, zone: "Orchard")) == "notSupported")
        #expect(
            try F.errorCode(fulfillment, Self.id, G.step("PauseUnpause", ["pause": true])) == "functionNotSupported"
        )
        #expect(try F.errorCode(fulfillment, Self.id, Self.startStop(true, zone: "Zone 3")) == nil)
        #expect(try F.errorCode(fulfillment, Self.id, Self.startStop(true, zone: "Zone 3")) == "alreadyStarted")
        #expect(
            try F.errorCode(fulfillment, Self.id, G.step("OpenClose", ["openPercent": 100])) == "functionNotSupported"
        )
    }

    /// An Irrigation System without a Water Valve endpoint is a problem for `devices validate`.
    @Test func aSprinklerNeedsAValve() throws {
        let fulfillment = try F.fulfillment(
            #"{"id": "lonely", "name": "Sprinkler", "room": "Garden", "endpoints": [{"deviceType": "IrrigationSystem", "clusters": {}}]}"#
        )
        let device = try #require(try fulfillment.storedDevice("lonely", of: F.user))
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(!validation.passes)
        #expect(validation.problems.contains { $0.message.contains("needs at least one WaterValve endpoint") })
    }
}
