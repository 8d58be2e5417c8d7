import JSON
import MatterModel
import SmartHomeProtocol

/// A pausable `StartStop` source whose run state is a Matter operational state cluster (Operational State, RVC
/// Operational State): present when the endpoint has the cluster of ``stateAttribute``, `pausable: true`,
/// `isRunning` when its `OperationalState` is Running and `isPaused` when Paused. Conforming types write only their
/// commands.
protocol OperationalStateBacked: StartStopSource {
    /// The cluster's `OperationalState` attribute: the run state.
    static var stateAttribute: Attribute { get }
}

extension OperationalStateBacked {
    static func isPresent(on endpoint: Endpoint) -> Bool {
        endpoint.has(stateAttribute.cluster)
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("pausable", .bool(true))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let state = endpoint.cluster(stateAttribute.cluster).int(stateAttribute)
        states.append("isRunning", .bool(state == AttributeSchema.OperationalStateValue.running))
        states.append("isPaused", .bool(state == AttributeSchema.OperationalStateValue.paused))
    }
}
