import JSON
import MatterModel
import SmartHomeProtocol

/// One Matter cluster that can back Google's `StartStop` trait (a window covering's stop, a robot vacuum's run
/// mode, an appliance's operational state). One conforming type per cluster, in
/// `Mapping/StartStop/<Cluster>StartStop.swift`, listed in ``StartStopTrait/sources``.
protocol StartStopSource {
    /// Whether the endpoint has this source's cluster.
    static func isPresent(on endpoint: Endpoint) -> Bool

    /// Adds the SYNC attributes (`pausable`, `availableZones` when it has any).
    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject)

    /// Adds `isRunning` and, when pausable, `isPaused`.
    static func states(of endpoint: Endpoint, into states: inout JSONObject)

    /// Carries out `StartStop` or `PauseUnpause`.
    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError)
}
