import MatterModel
import SmartHomeProtocol

/// Google `OnOff` ⇄ Matter `OnOff.OnOff`.
enum OnOffTrait: TraitMapping {
    static let trait = Trait.onOff

    static func attributes(of device: Device, into attributes: inout JSONObject) {}

    static func states(of device: Device, into states: inout JSONObject) {
        states.append("on", .bool(device.cluster(.OnOff).bool("OnOff") ?? false))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on device: inout Device,
        mode: ValidationMode
    ) throws(CommandError) {
        switch command {
        case .onOff:
            device.clusters[.OnOff, default: ClusterState()]["OnOff"] = .bool(try params.bool("on"))
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not an OnOff command")
        }
    }
}
