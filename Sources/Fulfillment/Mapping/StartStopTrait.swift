import JSON
import MatterModel
import SmartHomeProtocol

/// Google `StartStop`, delegated to the first of ``sources`` present on the endpoint.
enum StartStopTrait: TraitMapping {
    static let trait = Trait.startStop

    /// Every source, in order of precedence.
    static var sources: [any StartStopSource.Type] {
        [
            WindowCoveringStartStop.self,
            RvcStartStop.self,
            OperationalStateStartStop.self,
        ]
    }

    static func source(for endpoint: Endpoint) -> (any StartStopSource.Type)? {
        sources.first { $0.isPresent(on: endpoint) }
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        source(for: endpoint)?.attributes(of: endpoint, into: &attributes)
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        source(for: endpoint)?.states(of: endpoint, into: &states)
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard let source = source(for: endpoint) else {
            throw CommandError(.functionNotSupported, "nothing on this endpoint can start or stop")
        }
        try source.execute(command, params, on: &endpoint, mode: mode)
    }
}
