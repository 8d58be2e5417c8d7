import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Laundry Washer and Dishwasher: StartStop on Operational State, RunCycle from its phase and countdown.
struct ApplianceStartStopTests {
    typealias G = GoogleRequest

    /// A washer (or `type`) with On/Off `on` in the given `OperationalState`.
    static func fulfillment(
        type: String = "LaundryWasher",
        on: Bool = true,
        state: Int,
        phase: String = "1",
        countdown: String = "900",
        error: Int = 0
    ) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "appliance", "name": "Appliance", "deviceTypes": ["\#(type)"],
                 "clusters": {"OnOff": {"OnOff": \#(on)},
                              "OperationalState": {"OperationalState": \#(state), "CurrentPhase": \#(phase),
                                                   "CountdownTime": \#(countdown), "OperationalError": \#(error)}}}
                """#
            )
        )
    }

    static func start(_ start: Bool) -> JSONValue { G.step("StartStop", ["start": .bool(start)]) }
    static func pause(_ pause: Bool) -> JSONValue { G.step("PauseUnpause", ["pause": .bool(pause)]) }

    static func stored(_ fulfillment: TestFulfillment) throws -> ClusterState {
        try #require(try fulfillment.storedDevice("appliance")).endpoints[0].cluster(.OperationalState)
    }

    static func success(running: Bool, paused: Bool) -> [JSONValue] {
        [
            [
                "ids": ["appliance"], "status": "SUCCESS",
                "states": ["isRunning": .bool(running), "isPaused": .bool(paused), "online": true],
            ]
        ]
    }

    static func error(_ code: String) -> [JSONValue] {
        [["ids": ["appliance"], "status": "ERROR", "errorCode": .string(code)]]
    }

    /// Start runs from the first phase; the countdown is the appliance's to report.
    @Test(arguments: ["LaundryWasher", "Dishwasher"])
    func startFromStoppedRunsTheFirstPhase(type: String) throws {
        let fulfillment = try Self.fulfillment(type: type, state: 0, phase: "2", countdown: "null")
        #expect(
            try fulfillment.execute(G.group(["appliance"], Self.start(true)))
                == Self.success(running: true, paused: false)
        )
        let state = try Self.stored(fulfillment)
        #expect(state.int("OperationalState") == 1)
        #expect(state.int("CurrentPhase") == 0)
        #expect(state.int("CountdownTime") == 0xFFFF_FFFF)
    }

    /// Google's start begins again from the beginning, even when paused.
    @Test func startFromPausedRestarts() throws {
        let fulfillment = try Self.fulfillment(state: 2, phase: "2")
        #expect(
            try fulfillment.execute(G.group(["appliance"], Self.start(true)))
                == Self.success(running: true, paused: false)
        )
        #expect(try Self.stored(fulfillment).int("CurrentPhase") == 0)
    }

    @Test(arguments: [1, 2])
    func stopEndsTheCycle(from: Int) throws {
        let fulfillment = try Self.fulfillment(state: from, phase: "2")
        #expect(
            try fulfillment.execute(G.group(["appliance"], Self.start(false)))
                == Self.success(running: false, paused: false)
        )
        let state = try Self.stored(fulfillment)
        #expect(state.int("OperationalState") == 0)
        #expect(state.int("CountdownTime") == 0xFFFF_FFFF)
        #expect(state.int("CurrentPhase") == 0)
        #expect(
            try fulfillment.query("appliance")?["currentRunCycle"] == []
        )
    }

    @Test func stopClearsAnError() throws {
        let fulfillment = try Self.fulfillment(state: 3, error: 2)
        #expect(
            try fulfillment.execute(G.group(["appliance"], Self.start(false)))
                == Self.success(running: false, paused: false)
        )
        #expect(try Self.stored(fulfillment).int("OperationalError") == 0)
    }

    /// Pause holds the phase and the countdown; resume continues them.
    @Test func pauseAndResumeKeepPhaseAndCountdown() throws {
        let fulfillment = try Self.fulfillment(state: 1, phase: "1", countdown: "900")
        #expect(
            try fulfillment.execute(G.group(["appliance"], Self.pause(true)))
                == Self.success(running: false, paused: true)
        )
        let paused = try #require(try fulfillment.query("appliance"))
        #expect(paused["currentRunCycle"] == [["currentCycle": "rinse", "nextCycle": "spin", "lang": "en"]])
        #expect(paused["currentTotalRemainingTime"] == 900)
        #expect(
            try fulfillment.execute(G.group(["appliance"], Self.pause(false)))
                == Self.success(running: true, paused: false)
        )
        let state = try Self.stored(fulfillment)
        #expect(state.int("CurrentPhase") == 1)
        #expect(state.int("CountdownTime") == 900)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var on: Bool = true
        var state: Int
        var error: Int = 0
        var step: JSONValue
        var code: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "start while Running", state: 1, step: start(true), code: "alreadyStarted"),
        Refusal(name: "start in Error", state: 3, error: 1, step: start(true), code: "deviceNotReady"),
        Refusal(name: "start while switched off", on: false, state: 0, step: start(true), code: "deviceTurnedOff"),
        Refusal(name: "resume while switched off", on: false, state: 2, step: pause(false), code: "deviceTurnedOff"),
        Refusal(name: "stop when Stopped", state: 0, step: start(false), code: "alreadyStopped"),
        Refusal(name: "pause when Paused", state: 2, step: pause(true), code: "alreadyPaused"),
        Refusal(name: "pause when Stopped", state: 0, step: pause(true), code: "unpausableState"),
        Refusal(name: "pause in Error", state: 3, error: 2, step: pause(true), code: "unpausableState"),
        Refusal(name: "resume when Running", state: 1, step: pause(false), code: "alreadyStarted"),
        Refusal(name: "resume when Stopped", state: 0, step: pause(false), code: "actionNotAvailable"),
        Refusal(name: "pause without params", state: 1, step: G.step("PauseUnpause", [:]), code: "notSupported"),
        Refusal(name: "dock on a washer", state: 1, step: G.step("Dock", [:]), code: "functionNotSupported"),
    ]

    @Test(arguments: refusals)
    func refusalChangesNothing(_ refusal: Refusal) throws {
        let fulfillment = try Self.fulfillment(on: refusal.on, state: refusal.state, error: refusal.error)
        let before = try fulfillment.storedDevice("appliance")
        #expect(try fulfillment.execute(G.group(["appliance"], refusal.step)) == Self.error(refusal.code))
        #expect(try fulfillment.storedDevice("appliance") == before)
    }

    /// Switching on then starting in one request works: the steps run in order.
    @Test func switchOnThenStart() throws {
        let fulfillment = try Self.fulfillment(on: false, state: 0)
        let results = try fulfillment.execute(G.group(["appliance"], G.onOff(true), Self.start(true)))
        #expect(
            results == [
                [
                    "ids": ["appliance"], "status": "SUCCESS",
                    "states": ["on": true, "isRunning": true, "isPaused": false, "online": true],
                ]
            ]
        )
    }

    /// RunCycle per phase of a dishwasher with 1200 s left: the phases left share the countdown.
    @Test(
        arguments: [
            (0, "pre-wash", "wash", 300),
            (1, "wash", "rinse", 400),
            (2, "rinse", "dry", 600),
            (3, "dry", nil, 1200),
        ] as [(Int, String, String?, Int)]
    )
    func runCycleOfEachDishwasherPhase(phase: Int, cycle: String, next: String?, cycleSeconds: Int) throws {
        let fulfillment = try Self.fulfillment(type: "Dishwasher", state: 1, phase: "\(phase)", countdown: "1200")
        var expected: JSONValue = ["currentCycle": .string(cycle), "lang": "en"]
        if let next, var object = expected.objectValue {
            object["nextCycle"] = .string(next)
            expected = .object(object)
        }
        let states = try #require(try fulfillment.query("appliance"))
        #expect(states["currentRunCycle"] == [expected])
        #expect(states["currentTotalRemainingTime"] == 1200)
        #expect(states["currentCycleRemainingTime"] == .int(cycleSeconds))
    }

    /// Without a known phase or countdown there is nothing to report but the cycle that is known.
    @Test func runCycleWithUnknownPhaseOrCountdown() throws {
        let noPhase = try Self.fulfillment(state: 1, phase: "null")
        #expect(try noPhase.query("appliance")?["currentRunCycle"] == [])
        let noCountdown = try Self.fulfillment(state: 1, phase: "0", countdown: "null")
        let states = try #require(try noCountdown.query("appliance"))
        #expect(states["currentRunCycle"] == [["currentCycle": "wash", "nextCycle": "rinse", "lang": "en"]])
        #expect(states["currentTotalRemainingTime"] == 0)
        #expect(states["currentCycleRemainingTime"] == 0)
    }
}
