import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Robot vacuum: StartStop and Dock on RVC Operational State and RVC Run Mode.
struct RobotVacuumTests {
    typealias G = GoogleRequest

    static let user = "alice"

    /// A robot in the given `OperationalState` (and error, and run mode).
    static func fulfillment(state: Int, error: Int = 0, mode: Int = 0) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "robot", "name": "Robot", "deviceTypes": ["RoboticVacuumCleaner"],
                 "clusters": {"RvcRunMode": {"CurrentMode": \#(mode)},
                              "RvcOperationalState": {"OperationalState": \#(state), "OperationalError": \#(error)}}}
                """#
            )
        )
    }

    static func start(_ start: Bool) -> JSONValue { G.step("StartStop", ["start": .bool(start)]) }
    static func pause(_ pause: Bool) -> JSONValue { G.step("PauseUnpause", ["pause": .bool(pause)]) }
    static let dock = G.step("Dock", [:])

    /// `OperationalState` and `CurrentMode` after the command.
    static func stored(_ fulfillment: TestFulfillment) throws -> (state: Int?, mode: Int?, error: Int?) {
        let endpoint = try #require(try fulfillment.storedDevice("robot")).endpoints[0]
        return (
            endpoint.cluster(.RvcOperationalState).int("OperationalState"),
            endpoint.cluster(.RvcRunMode).int("CurrentMode"),
            endpoint.cluster(.RvcOperationalState).int("OperationalError")
        )
    }

    static let stopped = 0
    static let running = 1
    static let paused = 2
    static let error = 3
    static let seekingCharger = 0x40
    static let charging = 0x41
    static let docked = 0x42

    struct Transition: Sendable, CustomTestStringConvertible {
        var name: String
        var from: Int
        var fromMode: Int = 0
        var fromError: Int = 0
        var step: JSONValue
        var to: Int
        var toMode: Int
        var isRunning: Bool
        var isPaused: Bool
        var testDescription: String { name }
    }

    static let transitions: [Transition] = [
        Transition(
            name: "start from Docked cleans",
            from: docked,
            step: start(true),
            to: running,
            toMode: 1,
            isRunning: true,
            isPaused: false
        ),
        Transition(
            name: "start from Charging cleans",
            from: charging,
            step: start(true),
            to: running,
            toMode: 1,
            isRunning: true,
            isPaused: false
        ),
        Transition(
            name: "start keeps Mapping",
            from: stopped,
            fromMode: 2,
            step: start(true),
            to: running,
            toMode: 2,
            isRunning: true,
            isPaused: false
        ),
        Transition(
            name: "start from Paused",
            from: paused,
            fromMode: 1,
            step: start(true),
            to: running,
            toMode: 1,
            isRunning: true,
            isPaused: false
        ),
        Transition(
            name: "stop while Running",
            from: running,
            fromMode: 1,
            step: start(false),
            to: stopped,
            toMode: 0,
            isRunning: false,
            isPaused: false
        ),
        Transition(
            name: "stop while going home",
            from: seekingCharger,
            step: start(false),
            to: stopped,
            toMode: 0,
            isRunning: false,
            isPaused: false
        ),
        Transition(
            name: "stop clears an error",
            from: error,
            fromError: 0x41,
            step: start(false),
            to: stopped,
            toMode: 0,
            isRunning: false,
            isPaused: false
        ),
        Transition(
            name: "pause while Running",
            from: running,
            fromMode: 1,
            step: pause(true),
            to: paused,
            toMode: 1,
            isRunning: false,
            isPaused: true
        ),
        Transition(
            name: "resume while Paused",
            from: paused,
            fromMode: 2,
            step: pause(false),
            to: running,
            toMode: 2,
            isRunning: true,
            isPaused: false
        ),
    ]

    @Test(arguments: transitions)
    func startStopTransition(_ transition: Transition) throws {
        let fulfillment = try Self.fulfillment(
            state: transition.from,
            error: transition.fromError,
            mode: transition.fromMode
        )
        let results = try fulfillment.execute(G.group(["robot"], transition.step))
        #expect(
            results == [
                [
                    "ids": ["robot"], "status": "SUCCESS",
                    "states": [
                        "isRunning": .bool(transition.isRunning), "isPaused": .bool(transition.isPaused),
                        "online": true,
                    ],
                ]
            ]
        )
        let stored = try Self.stored(fulfillment)
        #expect(stored.state == transition.to)
        #expect(stored.mode == transition.toMode)
        #expect(stored.error == 0)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var from: Int
        var fromError: Int = 0
        var step: JSONValue
        var code: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "start while Running", from: running, step: start(true), code: "alreadyStarted"),
        Refusal(name: "start in Error", from: error, fromError: 0x41, step: start(true), code: "deviceNotReady"),
        Refusal(name: "stop when Stopped", from: stopped, step: start(false), code: "alreadyStopped"),
        Refusal(name: "stop when Docked", from: docked, step: start(false), code: "alreadyStopped"),
        Refusal(name: "stop when Charging", from: charging, step: start(false), code: "alreadyStopped"),
        Refusal(name: "pause when Paused", from: paused, step: pause(true), code: "alreadyPaused"),
        Refusal(name: "pause when Docked", from: docked, step: pause(true), code: "unpausableState"),
        Refusal(name: "pause when Stopped", from: stopped, step: pause(true), code: "unpausableState"),
        Refusal(name: "pause going home", from: seekingCharger, step: pause(true), code: "unpausableState"),
        Refusal(name: "resume when Running", from: running, step: pause(false), code: "alreadyStarted"),
        Refusal(name: "resume when Docked", from: docked, step: pause(false), code: "actionNotAvailable"),
        Refusal(name: "dock when Docked", from: docked, step: dock, code: "alreadyDocked"),
        Refusal(name: "dock when Charging", from: charging, step: dock, code: "alreadyDocked"),
        Refusal(name: "dock in Error", from: error, fromError: 0x42, step: dock, code: "deviceNotReady"),
        Refusal(name: "start without params", from: docked, step: G.step("StartStop", [:]), code: "notSupported"),
    ]

    @Test(arguments: refusals)
    func refusalChangesNothing(_ refusal: Refusal) throws {
        let fulfillment = try Self.fulfillment(state: refusal.from, error: refusal.fromError)
        let before = try fulfillment.storedDevice("robot")
        let results = try fulfillment.execute(G.group(["robot"], refusal.step))
        #expect(results == [["ids": ["robot"], "status": "ERROR", "errorCode": .string(refusal.code)]])
        #expect(try fulfillment.storedDevice("robot") == before)
    }

    /// Dock sends the robot home: SeekingCharger (what it reports next), not yet docked; Idle mode.
    @Test(arguments: [running, paused, stopped])
    func dockSeeksTheCharger(from: Int) throws {
        let fulfillment = try Self.fulfillment(state: from, mode: 1)
        let results = try fulfillment.execute(G.group(["robot"], Self.dock))
        #expect(results == [["ids": ["robot"], "status": "SUCCESS", "states": ["isDocked": false, "online": true]]])
        let stored = try Self.stored(fulfillment)
        #expect(stored.state == Self.seekingCharger)
        #expect(stored.mode == 0)
        #expect(
            try fulfillment.query("robot")
                == ["online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false, "isDocked": false]
        )
    }

    /// Asking a robot already on its way home to dock is accepted again.
    @Test func dockWhileGoingHomeSucceeds() throws {
        let fulfillment = try Self.fulfillment(state: Self.seekingCharger)
        let results = try fulfillment.execute(G.group(["robot"], Self.dock))
        #expect(results == [["ids": ["robot"], "status": "SUCCESS", "states": ["isDocked": false, "online": true]]])
    }

    @Test(arguments: [(docked, true), (charging, true), (seekingCharger, false), (running, false), (stopped, false)])
    func isDocked(state: Int, docked: Bool) throws {
        let fulfillment = try Self.fulfillment(state: state)
        #expect(try fulfillment.query("robot")?["isDocked"] == .bool(docked))
    }

    /// Starting then pausing in one request: each step sees the previous one's result.
    @Test func startThenPauseInOneRequest() throws {
        let fulfillment = try Self.fulfillment(state: Self.docked)
        let results = try fulfillment.execute(G.group(["robot"], Self.start(true), Self.pause(true)))
        #expect(
            results == [
                [
                    "ids": ["robot"], "status": "SUCCESS",
                    "states": ["isRunning": false, "isPaused": true, "online": true],
                ]
            ]
        )
    }

    /// Lenient mode clamps values; it does not turn a no-op or an impossible command into a success.
    @Test func lenientModeKeepsTheStateErrors() throws {
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"{"id": "robot", "name": "Robot", "deviceTypes": ["RoboticVacuumCleaner"]}"#
            ),
            options: FulfillmentOptions(validationMode: .lenient)
        )
        #expect(
            try fulfillment.execute(G.group(["robot"], Self.dock))
                == [["ids": ["robot"], "status": "ERROR", "errorCode": "alreadyDocked"]]
        )
        #expect(
            try fulfillment.execute(G.group(["robot"], Self.pause(true)))
                == [["ids": ["robot"], "status": "ERROR", "errorCode": "unpausableState"]]
        )
    }

    @Test func robotHasNoOnOff() throws {
        let fulfillment = try Self.fulfillment(state: Self.docked)
        let results = try fulfillment.execute(G.group(["robot"], G.onOff(true)))
        #expect(results == [["ids": ["robot"], "status": "ERROR", "errorCode": "functionNotSupported"]])
    }
}
