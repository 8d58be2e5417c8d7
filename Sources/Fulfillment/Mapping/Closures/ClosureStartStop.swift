import JSON
import MatterModel
import SmartHomeProtocol

/// Google `StartStop` for a Matter 1.5 Closure: stopping a moving closure with Closure Control's `Stop`, as a Window
/// Covering's `StopMotion` stops it (``WindowCoveringStartStop``).
///
/// Matter 1.5 `ClosureControl.xml` gives `Stop` to every closure but an Instantaneous (IS) one ("mandatory when not
/// IS"), which has no motion to stop, so only a closure without IS brings the trait.
///
/// - SYNC: `pausable: false` (a stopped closure does not resume its move).
/// - QUERY: `isRunning` while `MainState` is `Moving` or `WaitingForMotion`; `isPaused` is always false.
/// - `StartStop {start: false}` → `ClosureControl.Stop`: the closure stays where it is, its targets become its
///   current position (a positioning panel's `TargetState.Position`) and `MainState` becomes `Stopped`. Stopping a
///   closure at rest succeeds and changes nothing. Stopping is never refused for an error: it only makes the closure
///   safer.
/// - `StartStop {start: true}` and `PauseUnpause`: `functionNotSupported`: a closure starts moving through
///   `OpenClose`, which says where to.
enum ClosureStartStop: StartStopSource {
    /// Closure Control's `Stop` (0x00).
    static let stop = "ClosureControl.Stop"

    static func isPresent(on endpoint: Endpoint) -> Bool {
        ClosureState.isPresent(on: endpoint)
            && ClosureState(endpoint).features & ClosureState.Feature.instantaneous == 0
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("pausable", .bool(false))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("isRunning", .bool(ClosureState(endpoint).isMoving))
        states.append("isPaused", .bool(false))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        try StartStopTrait.requireStop(command, params, device: "a closure")
        let closure = ClosureState(endpoint)
        guard closure.isMoving else { return }
        if let position = closure.panelPosition {
            var dimension = endpoint.cluster(.ClosureDimension)
            var target = dimension["TargetState"]?.structureValue ?? [:]
            target["Position"] = .int(position)
            dimension["TargetState"] = .structure(target)
            endpoint.clusters[.ClosureDimension] = dimension
        }
        var control = endpoint.cluster(.ClosureControl)
        control["MainState"] = .int(ClosureState.MainState.stopped)
        endpoint.clusters[.ClosureControl] = control
    }
}
