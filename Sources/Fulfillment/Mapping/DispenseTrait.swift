import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Dispense`: not mapped yet (no device type brings it); every command is refused.
enum DispenseTrait: TraitMapping {
    static let trait = Trait.dispense

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "Dispense is not mapped")
    }
}
