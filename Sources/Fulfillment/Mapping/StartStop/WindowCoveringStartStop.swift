import JSON
import MatterModel
import SmartHomeProtocol

/// Google `StartStop` for a Window Covering: stopping a moving covering (Matter's StopMotion).
///
/// - SYNC: `pausable: false` (a covering cannot resume a stopped move).
/// - QUERY: `isRunning` while the lift moves (`OperationalStatus` lift field opening or closing); `isPaused` is
///   always false.
/// - `StartStop {start: false}` stops the lift where it is: the target becomes the current position and
///   `OperationalStatus` stopped. Stopping a covering at rest succeeds and changes nothing.
/// - `StartStop {start: true}` is refused with `functionNotSupported`: a covering starts moving through
///   `OpenClose`, which says where to; "start" alone has no direction. `PauseUnpause` is refused the same way.
/// - Not operational, calibrating or in maintenance: `deviceNotReady` (``OpenCloseTrait/checkReady(_:)``).
enum WindowCoveringStartStop: StartStopSource {
    static func isPresent(on endpoint: Endpoint) -> Bool {
        endpoint.has(.WindowCovering)
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("pausable", .bool(false))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let status = endpoint.cluster(.WindowCovering).int(.WindowCovering.operationalStatus) ?? 0
        states.append(
            "isRunning",
            .bool(AttributeSchema.MovementStatus.lift(of: status) != AttributeSchema.MovementStatus.stopped)
        )
        states.append("isPaused", .bool(false))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        try StartStopTrait.requireStop(command, params, device: "a window covering")
        try OpenCloseTrait.checkReady(endpoint)
        var covering = endpoint.cluster(.WindowCovering)
        if let current = covering[.WindowCovering.currentPositionLiftPercent100ths] {
            covering[.WindowCovering.targetPositionLiftPercent100ths] = current
        }
        covering[.WindowCovering.operationalStatus] = .int(
            AttributeSchema.MovementStatus.operationalStatus(lift: AttributeSchema.MovementStatus.stopped)
        )
        endpoint.clusters[.WindowCovering] = covering
    }
}
