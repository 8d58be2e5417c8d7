import MatterModel
import SmartHomeProtocol

/// `StartStop` for an appliance with Matter Operational State (Laundry Washer, Dishwasher).
///
/// Pausable. `isRunning` is `OperationalState` Running, `isPaused` Paused. Each command leaves the state the
/// appliance would report next; no-ops and impossible commands answer Google's error codes and change nothing:
///
/// | command | from | to / error |
/// |---|---|---|
/// | `StartStop {start: true}` | Stopped, Paused | Running from the first phase (`CurrentPhase` 0): Google's start begins the operation from the beginning, unlike unpause |
/// | | Running | `alreadyStarted` |
/// | | Error | `deviceNotReady` |
/// | `StartStop {start: false}` | Running, Paused, Error | Stopped, `CountdownTime` null, `CurrentPhase` 0, no error |
/// | | Stopped | `alreadyStopped` |
/// | `PauseUnpause {pause: true}` | Running | Paused (the countdown holds) |
/// | | Paused | `alreadyPaused` |
/// | | Stopped, Error | `unpausableState` |
/// | `PauseUnpause {pause: false}` | Paused | Running, same phase |
/// | | Running | `alreadyStarted` |
/// | | Stopped, Error | `actionNotAvailable` (nothing to resume) |
///
/// Starting or resuming needs the appliance switched on (On/Off true, when it has On/Off): otherwise
/// `deviceTurnedOff`. `CountdownTime` is left as it is on start: Hearth does not know the program's length, the
/// appliance reports it. A type without phases keeps `CurrentPhase` null.
enum OperationalStateStartStop: OperationalStateBacked {
    typealias State = AttributeSchema.OperationalStateValue

    static let stateAttribute = Attribute.OperationalState.operationalState

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        var cluster = endpoint.cluster(.OperationalState)
        let state = cluster.int(.OperationalState.operationalState) ?? State.stopped
        let hasPhases = DeviceType.phaseList(of: endpoint.deviceTypes) != nil
        switch command {
        case .startStop:
            if try params.bool("start") {
                switch state {
                case State.running: throw CommandError(.alreadyStarted, "the appliance is already running")
                case State.error: throw CommandError(.deviceNotReady, "the appliance reports an error; stop it first")
                default:
                    try requireOn(endpoint)
                    // A dishwasher whose door alarm is up cannot start (``ApplianceAlarms/startRefusal(on:)``).
                    if let refusal = ApplianceAlarms.startRefusal(on: endpoint) { throw refusal }
                    cluster[.OperationalState.operationalState] = .int(State.running)
                    if hasPhases { cluster[.OperationalState.currentPhase] = .int(0) }
                }
            } else {
                switch state {
                case State.stopped: throw CommandError(.alreadyStopped, "the appliance is not running")
                default:
                    cluster[.OperationalState.operationalState] = .int(State.stopped)
                    cluster[.OperationalState.operationalError] = .int(AttributeSchema.OperationalErrorValue.noError)
                    cluster[.OperationalState.countdownTime] = .int(
                        AttributeSchema.spec(.OperationalState.countdownTime)!.nullValue!
                    )
                    if hasPhases { cluster[.OperationalState.currentPhase] = .int(0) }
                }
            }
        case .pauseUnpause:
            if try params.bool("pause") {
                switch state {
                case State.running: cluster[.OperationalState.operationalState] = .int(State.paused)
                case State.paused: throw CommandError(.alreadyPaused, "the appliance is already paused")
                default:
                    throw CommandError(
                        .unpausableState,
                        "only a running appliance can pause (\(State.describe(state)))"
                    )
                }
            } else {
                switch state {
                case State.paused:
                    try requireOn(endpoint)
                    cluster[.OperationalState.operationalState] = .int(State.running)
                case State.running: throw CommandError(.alreadyStarted, "the appliance is already running")
                default:
                    throw CommandError(.actionNotAvailable, "nothing to resume (\(State.describe(state)))")
                }
            }
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a StartStop command")
        }
        endpoint.clusters[.OperationalState] = cluster
    }

    /// A dead-front appliance that is off cannot run.
    private static func requireOn(_ endpoint: Endpoint) throws(CommandError) {
        if endpoint.has(.OnOff), endpoint.cluster(.OnOff).bool(.OnOff.onOff) == false {
            throw CommandError(.deviceTurnedOff, "the appliance is switched off (OnOff false)")
        }
    }
}
