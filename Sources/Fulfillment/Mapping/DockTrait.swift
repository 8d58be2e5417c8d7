import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Dock` ⇄ a robot vacuum's RVC Operational State and RVC Run Mode.
///
/// - State `isDocked`: `OperationalState` Docked (0x42) or Charging (0x41); driving home (SeekingCharger) is not
///   docked yet.
/// - Command `Dock {}`: `OperationalState` SeekingCharger (0x40), `CurrentMode` Idle, no error. Not Docked: the
///   robot has to drive back first, and SeekingCharger is what a real robot reports right after the command;
///   Docked (or Charging) is for the device to report when it arrives. Docked or Charging already is
///   `alreadyDocked`; a robot in Error is `deviceNotReady` (it must be stopped first); a robot already on its way
///   home accepts the command again without change.
enum DockTrait: TraitMapping {
    static let trait = Trait.dock

    typealias State = AttributeSchema.OperationalStateValue

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("isDocked", .bool(isDocked(endpoint)))
    }

    static func isDocked(_ endpoint: Endpoint) -> Bool {
        let state = endpoint.cluster(.RvcOperationalState).int(.RvcOperationalState.operationalState)
        return state == State.docked || state == State.charging
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .dock else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Dock command")
        }
        var operational = endpoint.cluster(.RvcOperationalState)
        switch operational.int(.RvcOperationalState.operationalState) ?? State.docked {
        case State.docked, State.charging:
            throw CommandError(.alreadyDocked, "the robot is on its dock")
        case State.error:
            throw CommandError(.deviceNotReady, "the robot reports an error; stop it first")
        default:
            operational[.RvcOperationalState.operationalState] = .int(State.seekingCharger)
            operational[.RvcOperationalState.operationalError] = .int(AttributeSchema.OperationalErrorValue.noError)
            endpoint.clusters[.RvcOperationalState] = operational
            endpoint.clusters[.RvcRunMode, default: ClusterState()][.RvcRunMode.currentMode] = .int(
                AttributeSchema.RvcRunMode.idle
            )
        }
    }
}
