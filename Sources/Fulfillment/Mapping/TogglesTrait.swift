import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Toggles`: not written yet.
enum TogglesTrait: TraitMapping {
    static let trait = Trait.toggles

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "Toggles is not written yet (\(command.rawValue))")
    }
}
