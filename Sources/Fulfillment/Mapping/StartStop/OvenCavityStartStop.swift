import JSON
import MatterModel
import SmartHomeProtocol

/// `StartStop` for an oven cavity (Temperature Controlled Cabinet with Oven Cavity Operational State).
///
/// Matter's Oven Cavity Operational State (Application Clusters §1.15, derived from Operational State) marks
/// `Pause` and `Resume` disallowed ("X"), and `Start` optional with `Stop` mandatory when `Start` is there, so the
/// cavity is **not pausable**: SYNC `pausable: false` (Google: "Indicates whether the device can be paused during
/// operation"), QUERY `isRunning` is `OperationalState` Running and `isPaused` always false.
///
/// | command | from | to / error |
/// |---|---|---|
/// | `StartStop {start: true}` | Stopped | Running (`OvenCavityOperationalState.Start`) |
/// | | Running | `alreadyStarted` |
/// | | Error | `deviceNotReady` |
/// | `StartStop {start: false}` | Running, Error | Stopped, `CountdownTime` null, error cleared (`OvenCavityOperationalState.Stop`) |
/// | | Stopped | `alreadyStopped` |
/// | `PauseUnpause` | any | `actionNotAvailable`: Matter's oven cavity cannot pause |
///
/// The Matter commands are described by the registry change (``MatterCommandDescription``'s write) unless the
/// trait asks otherwise; ``StartStopTrait/matterCommands(_:params:before:after:)`` names them.
enum OvenCavityStartStop: StartStopSource {
    typealias State = AttributeSchema.OperationalStateValue

    static func isPresent(on endpoint: Endpoint) -> Bool {
        endpoint.has(.OvenCavityOperationalState)
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("pausable", .bool(false))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let state = endpoint.cluster(.OvenCavityOperationalState).int("OperationalState") ?? State.stopped
        states.append("isRunning", .bool(state == State.running))
        states.append("isPaused", .bool(false))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        var cavity = endpoint.cluster(.OvenCavityOperationalState)
        let state = cavity.int("OperationalState") ?? State.stopped
        switch command {
        case .startStop:
            if try params.bool("start") {
                switch state {
                case State.running: throw CommandError(.alreadyStarted, "the oven is already running")
                case State.error: throw CommandError(.deviceNotReady, "the oven reports an error; stop it first")
                default: cavity["OperationalState"] = .int(State.running)
                }
            } else {
                guard state != State.stopped else {
                    throw CommandError(.alreadyStopped, "the oven is not running")
                }
                cavity["OperationalState"] = .int(State.stopped)
                if cavity["CountdownTime"] != nil { cavity["CountdownTime"] = .null }
                if state == State.error { cavity["OperationalError"] = .structure(["ErrorStateID": .int(0)]) }
            }
        case .pauseUnpause:
            throw CommandError(.actionNotAvailable, "a Matter oven cavity cannot pause or resume")
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a StartStop command")
        }
        endpoint.clusters[.OvenCavityOperationalState] = cavity
    }
}
