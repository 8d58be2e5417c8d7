import JSON
import MatterModel
import SmartHomeProtocol

/// `StartStop` for a robot vacuum: RVC Operational State (is it running?) and RVC Run Mode (what is it doing?).
///
/// Pausable. `isRunning` is `OperationalState` Running, `isPaused` Paused. Each command leaves the state the
/// robot would report next; no-ops and impossible commands answer Google's error codes and change nothing:
///
/// | command | from | to / error |
/// |---|---|---|
/// | `StartStop {start: true}` | Stopped, Paused, SeekingCharger, Charging, Docked | Running; `CurrentMode` Cleaning unless it is already Cleaning or Mapping |
/// | | Running | `alreadyStarted` |
/// | | Error | `deviceNotReady` |
/// | `StartStop {start: false}` | Running, Paused, SeekingCharger, Error | Stopped, `CurrentMode` Idle, no error |
/// | | Stopped, Charging, Docked | `alreadyStopped` |
/// | `PauseUnpause {pause: true}` | Running | Paused |
/// | | Paused | `alreadyPaused` |
/// | | anything else | `unpausableState` |
/// | `PauseUnpause {pause: false}` | Paused | Running (same mode) |
/// | | Running | `alreadyStarted` |
/// | | anything else | `actionNotAvailable` (nothing to resume) |
///
/// A robot with Service Area also has zones (``ServiceAreaZones``): SYNC `availableZones` (when it names any
/// area), QUERY `activeZones`, and `StartStop {start: true, zone | multipleZones}` selects those areas
/// (`ServiceArea.SelectAreas`) before starting.
enum RvcStartStop: OperationalStateBacked {
    typealias State = AttributeSchema.OperationalStateValue
    typealias RunMode = AttributeSchema.RvcRunMode

    static let stateAttribute = Attribute.RvcOperationalState.operationalState

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("pausable", .bool(true))
        let zones = ServiceAreaZones.availableZones(of: endpoint)
        if !zones.isEmpty { attributes.append("availableZones", .array(zones.map { .string($0) })) }
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let state = endpoint.cluster(.RvcOperationalState).int(.RvcOperationalState.operationalState)
        states.append("isRunning", .bool(state == State.running))
        states.append("isPaused", .bool(state == State.paused))
        let active = ServiceAreaZones.activeZones(of: endpoint)
        if state == State.running || state == State.paused, !active.isEmpty {
            states.append("activeZones", .array(active.map { .string($0) }))
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let state = endpoint.cluster(.RvcOperationalState).int(.RvcOperationalState.operationalState) ?? State.docked
        let currentMode = endpoint.cluster(.RvcRunMode).int(.RvcRunMode.currentMode) ?? RunMode.idle
        switch command {
        case .startStop:
            if try params.bool("start") {
                switch state {
                case State.running: throw CommandError(.alreadyStarted, "the robot is already running")
                case State.error: throw CommandError(.deviceNotReady, "the robot reports an error; stop it first")
                default:
                    ServiceAreaZones.select(try ServiceAreaZones.areaIDs(params, of: endpoint), on: &endpoint)
                    set(&endpoint, state: State.running, mode: currentMode == RunMode.idle ? RunMode.cleaning : nil)
                }
            } else {
                switch state {
                case State.stopped, State.charging, State.docked:
                    throw CommandError(.alreadyStopped, "the robot is not running (\(State.describe(state)))")
                default: set(&endpoint, state: State.stopped, mode: RunMode.idle)
                }
            }
        case .pauseUnpause:
            if try params.bool("pause") {
                switch state {
                case State.running: set(&endpoint, state: State.paused, mode: nil)
                case State.paused: throw CommandError(.alreadyPaused, "the robot is already paused")
                default:
                    throw CommandError(.unpausableState, "only a running robot can pause (\(State.describe(state)))")
                }
            } else {
                switch state {
                case State.paused: set(&endpoint, state: State.running, mode: nil)
                case State.running: throw CommandError(.alreadyStarted, "the robot is already running")
                default:
                    throw CommandError(.actionNotAvailable, "nothing to resume (\(State.describe(state)))")
                }
            }
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a StartStop command")
        }
    }

    /// Sets `OperationalState` (clearing `OperationalError`) and, unless `nil`, `CurrentMode`.
    private static func set(_ endpoint: inout Endpoint, state: Int, mode: Int?) {
        var operational = endpoint.cluster(.RvcOperationalState)
        operational[.RvcOperationalState.operationalState] = .int(state)
        operational[.RvcOperationalState.operationalError] = .int(AttributeSchema.OperationalErrorValue.noError)
        endpoint.clusters[.RvcOperationalState] = operational
        if let mode { endpoint.clusters[.RvcRunMode, default: ClusterState()][.RvcRunMode.currentMode] = .int(mode) }
    }
}
