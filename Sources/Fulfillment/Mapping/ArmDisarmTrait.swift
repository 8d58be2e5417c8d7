import JSON
import MatterModel
import SmartHomeProtocol

/// Google `ArmDisarm`: not mapped yet (no device type brings it); every command is refused.
enum ArmDisarmTrait: TraitMapping {
    static let trait = Trait.armDisarm

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "ArmDisarm is not mapped")
    }
}
