import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Scene`: not mapped yet (no device type brings it); every command is refused.
enum SceneTrait: TraitMapping {
    static let trait = Trait.scene

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "Scene is not mapped")
    }
}
