import MatterModel
import SmartHomeProtocol

/// Google `OnOff` ⇄ Matter `OnOff.OnOff`.
enum OnOffTrait: TraitMapping {
    static let trait = Trait.onOff

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("on", .bool(endpoint.cluster(.OnOff).bool("OnOff") ?? false))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        switch command {
        case .onOff:
            endpoint.clusters[.OnOff, default: ClusterState()]["OnOff"] = .bool(try params.bool("on"))
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not an OnOff command")
        }
    }
}
