import JSON
import MatterModel
import PropertyBased
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Water Valves (OpenClose, Timer from Valve Configuration and Control) and the mounted switches (OnOff,
/// Brightness), through the real handlers, with the Matter commands the change log records.
struct ValveTests {
    typealias F = SensorsFixtures
    typealias G = GoogleRequest

    static func openClose(_ percent: JSONValue) -> JSONValue { G.step("OpenClose", ["openPercent": percent]) }
    static func relative(_ percent: JSONValue) -> JSONValue {
        G.step("OpenCloseRelative", ["openRelativePercent": percent])
    }
    static func start(_ seconds: JSONValue) -> JSONValue { G.step("TimerStart", ["timerTimeSec": seconds]) }
    static func adjust(_ seconds: JSONValue) -> JSONValue { G.step("TimerAdjust", ["timerTimeSec": seconds]) }
    static let cancel = G.step("TimerCancel", [:])

    // MARK: - Discrete valve (no Level feature)

    @Test func discreteValveSyncAndQuery() throws {
        let fulfillment = try F.catalogue()
        let device = try #require(try fulfillment.syncDevice("garden-tap", as: F.user))
        #expect(device["type"] == "action.devices.types.VALVE")
        #expect(device["traits"] == ["action.devices.traits.OpenClose", "action.devices.traits.Timer"])
        #expect(device["attributes"] == ["discreteOnlyOpenClose": true, "maxTimerLimitSec": 86400])
        let states = try #require(try fulfillment.query("garden-tap", as: F.user))
        #expect(states["openPercent"] == 0)
        #expect(states["timerRemainingSec"] == -1)
        #expect(states["timerPaused"] == nil)
        #expect(try F.syncViolations(fulfillment).isEmpty)
    }

    /// Opening applies `DefaultOpenDuration` (600 s) as Matter's `Open {}` does, so a timer runs; closing ends it.
    @Test func discreteValveOpensAndCloses() throws {
        let fulfillment = try F.catalogue()
        #expect(
            try F.commands(fulfillment, "garden-tap", Self.openClose(100))
                == [["ValveConfigurationAndControl.Open", [:]]]
        )
        let open = try F.stored(fulfillment, "garden-tap", .ValveConfigurationAndControl)
        #expect(open.int("CurrentState") == 1)
        #expect(open.int("OpenDuration") == 600)
        #expect(open["TargetState"] == .null)
        let states = try #require(try fulfillment.query("garden-tap", as: F.user))
        #expect(states["openPercent"] == 100)
        #expect(states["timerRemainingSec"] == 600)
        #expect(
            try F.commands(fulfillment, "garden-tap", Self.openClose(0))
                == [["ValveConfigurationAndControl.Close", [:]]]
        )
        let closed = try F.stored(fulfillment, "garden-tap", .ValveConfigurationAndControl)
        #expect(closed.int("CurrentState") == 0)
        #expect(closed["RemainingDuration"] == .null)
    }

    /// A valve that is only open or closed: strict mode refuses a partial opening, lenient mode opens it; a relative
    /// step is not possible.
    @Test func discreteValveRefusesPartialOpenings() throws {
        let strict = try F.catalogue()
        #expect(try F.errorCode(strict, "garden-tap", Self.openClose(40)) == "valueOutOfRange")
        #expect(try F.errorCode(strict, "garden-tap", Self.openClose(140)) == "valueOutOfRange")
        #expect(try F.errorCode(strict, "garden-tap", Self.relative(10)) == "functionNotSupported")
        let lenient = try F.catalogue(mode: .lenient)
        #expect(try F.errorCode(lenient, "garden-tap", Self.openClose(40)) == nil)
        #expect(try lenient.query("garden-tap", as: F.user)?["openPercent"] == 100)
    }

    // MARK: - Valve with levels

    @Test func levelValveSyncAndQuery() throws {
        let fulfillment = try F.catalogue()
        let device = try #require(try fulfillment.syncDevice("pond-valve", as: F.user))
        #expect(device["attributes"] == ["maxTimerLimitSec": 86400])
        let states = try #require(try fulfillment.query("pond-valve", as: F.user))
        #expect(states["openPercent"] == 50)
        #expect(states["timerRemainingSec"] == 420)
    }

    /// Levels follow `LevelStep` (10): 73 % settles at 70 %, sent as `Open {TargetLevel: 70}`; relative steps move
    /// from the current level.
    @Test func levelValveMovesInSteps() throws {
        let fulfillment = try F.catalogue()
        #expect(
            try F.commands(fulfillment, "pond-valve", Self.openClose(73))
                == [["ValveConfigurationAndControl.Open", ["TargetLevel": 70]]]
        )
        #expect(try fulfillment.query("pond-valve", as: F.user)?["openPercent"] == 70)
        #expect(try F.errorCode(fulfillment, "pond-valve", Self.relative(-30)) == nil)
        #expect(try fulfillment.query("pond-valve", as: F.user)?["openPercent"] == 40)
        #expect(try F.errorCode(fulfillment, "pond-valve", Self.relative(-40)) == nil)
        #expect(try fulfillment.query("pond-valve", as: F.user)?["openPercent"] == 0)
        #expect(try F.stored(fulfillment, "pond-valve", .ValveConfigurationAndControl).int("CurrentState") == 0)
    }

    // MARK: - Timer

    /// `TimerStart` opens the valve for that long (`Open {OpenDuration}`), keeping its level; `TimerAdjust` opens it
    /// again for the remaining time plus the change; `TimerCancel` closes it.
    @Test func timerOpensForADuration() throws {
        let fulfillment = try F.catalogue()
        #expect(
            try F.commands(fulfillment, "garden-tap", Self.start(300))
                == [["ValveConfigurationAndControl.Open", ["OpenDuration": 300]]]
        )
        #expect(try fulfillment.query("garden-tap", as: F.user)?["timerRemainingSec"] == 300)
        #expect(
            try F.commands(fulfillment, "garden-tap", Self.adjust(60))
                == [["ValveConfigurationAndControl.Open", ["OpenDuration": 360]]]
        )
        #expect(
            try F.commands(fulfillment, "garden-tap", Self.cancel) == [["ValveConfigurationAndControl.Close", [:]]]
        )
        let states = try #require(try fulfillment.query("garden-tap", as: F.user))
        #expect(states["timerRemainingSec"] == -1)
        #expect(states["openPercent"] == 0)
        #expect(
            try F.commands(fulfillment, "pond-valve", Self.adjust(-120))
                == [["ValveConfigurationAndControl.Open", ["OpenDuration": 300, "TargetLevel": 50]]]
        )
    }

    @Test func timerErrors() throws {
        let fulfillment = try F.catalogue()
        #expect(try F.errorCode(fulfillment, "garden-tap", Self.adjust(60)) == "noTimerExists")
        #expect(try F.errorCode(fulfillment, "garden-tap", Self.cancel) == "noTimerExists")
        #expect(try F.errorCode(fulfillment, "garden-tap", Self.start(0)) == "belowMinimumTimerDuration")
        #expect(try F.errorCode(fulfillment, "garden-tap", Self.start(86401)) == "aboveMaximumTimerDuration")
        #expect(try F.errorCode(fulfillment, "pond-valve", Self.adjust(0)) == "timerValueOutOfRange")
        #expect(try F.errorCode(fulfillment, "pond-valve", G.step("TimerPause", [:])) == "functionNotSupported")
        #expect(try F.errorCode(fulfillment, "pond-valve", G.step("TimerResume", [:])) == "functionNotSupported")
        // Nothing changed: still closed, and the pond valve still at 50 % with 420 s left.
        #expect(try fulfillment.query("garden-tap", as: F.user)?["openPercent"] == 0)
        #expect(try fulfillment.query("pond-valve", as: F.user)?["timerRemainingSec"] == 420)
        let lenient = try F.catalogue(mode: .lenient)
        #expect(try F.errorCode(lenient, "garden-tap", Self.start(100_000)) == nil)
        #expect(try lenient.query("garden-tap", as: F.user)?["timerRemainingSec"] == 86400)
    }

    /// The level a valve settles at is a multiple of its step or 100, never 0 (closed), and the nearest such level.
    @Test func supportedLevelsAreStepsOrFull() async {
        #expect(ValveState.supportedLevel(73, step: 10) == 70)
        #expect(ValveState.supportedLevel(75, step: 10) == 80)
        #expect(ValveState.supportedLevel(98, step: 30) == 100)
        #expect(ValveState.supportedLevel(1, step: 25) == 25)
        await propertyCheck(count: 500, input: Gen.int(in: 1...100), Gen.int(in: 1...50)) { requested, step in
            let level = ValveState.supportedLevel(requested, step: step)
            #expect(level >= step && level <= 100)
            #expect(level % step == 0 || level == 100)
            let candidates = Array(stride(from: step, through: 100, by: step)) + [100]
            let best = candidates.map { abs($0 - requested) }.min() ?? 0
            #expect(abs(level - requested) == best)
        }
    }

    // MARK: - Mounted switches

    @Test func mountedSwitchesAreSwitches() throws {
        let fulfillment = try F.catalogue()
        let onOff = try #require(try fulfillment.syncDevice("hall-switch", as: F.user))
        #expect(onOff["type"] == "action.devices.types.SWITCH")
        #expect(onOff["traits"] == ["action.devices.traits.OnOff"])
        let dimmer = try #require(try fulfillment.syncDevice("dining-dimmer", as: F.user))
        #expect(dimmer["type"] == "action.devices.types.SWITCH")
        #expect(dimmer["traits"] == ["action.devices.traits.OnOff", "action.devices.traits.Brightness"])
        #expect(try fulfillment.query("dining-dimmer", as: F.user)?["brightness"] == 50)
        #expect(try F.commands(fulfillment, "hall-switch", G.onOff(true)) == [["OnOff.On", [:]]])
        #expect(try fulfillment.query("hall-switch", as: F.user)?["on"] == true)
        #expect(
            try F.commands(fulfillment, "dining-dimmer", G.brightnessAbsolute(100))
                == [["LevelControl.MoveToLevelWithOnOff", ["Level": 254]]]
        )
    }
}
