import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Channel`: not mapped yet (no device type brings it); every command is refused.
enum ChannelTrait: TraitMapping {
    static let trait = Trait.channel

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "Channel is not mapped")
    }
}
