import JSON
import MatterModel
import SmartHomeProtocol

/// How one Google trait is backed by the Matter clusters of one endpoint: its SYNC attributes, its QUERY states
/// and its EXECUTE commands. One conforming type per trait, in `Mapping/<Trait>Trait.swift`. Which endpoint
/// backs which trait of a device is ``DeviceTypeMapping/bindings(of:)``'s decision.
protocol TraitMapping {
    /// The Google trait.
    static var trait: Trait { get }

    /// Adds the trait's SYNC attributes.
    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject)

    /// Adds the trait's full state, as QUERY and EXECUTE report it.
    static func states(of endpoint: Endpoint, into states: inout JSONObject)

    /// Carries out one command of this trait on `endpoint`.
    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError)

    /// The Matter commands `command` (with Google's `params`) amounts to, run on an endpoint that was `before` and
    /// is now `after`, for the change log and command delivery; `nil` lets ``MatterCommandDescription`` describe it
    /// (by its own table, else as attribute writes).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]?
}

extension TraitMapping {
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? { nil }
}
