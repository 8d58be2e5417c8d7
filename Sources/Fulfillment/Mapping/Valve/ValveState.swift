import JSON
import MatterModel
import SmartHomeProtocol

/// A Water Valve's Valve Configuration and Control cluster (0x0081), read and changed as Matter's `Open` and `Close`
/// commands would change it. Shared by ``ValveOpenClose`` and ``ValveTimer``.
///
/// Matter 1.4 Application Clusters, "Valve Configuration and Control": `CurrentState` is a `ValveStateEnum` (0
/// Closed, 1 Open, 2 Transitioning), `TargetState` the state it moves to; with the Level feature (LVL, `FeatureMap`
/// bit 1) `CurrentLevel` and `TargetLevel` are percents. `OpenDuration` "indicates the total duration, in seconds,
/// for which the valve will remain open for this current opening" and `RemainingDuration` "the remaining duration,
/// in seconds, until the valve closes"; both are null while no duration applies.
///
/// `Open {OpenDuration?, TargetLevel?}`: "If this field is not present, the OpenDuration attribute SHALL be set to
/// the value of the DefaultOpenDuration attribute"; the TargetLevel "SHALL be set to ... DefaultOpenLevel if
/// supported, otherwise 100%". `Close` sets `OpenDuration` and `RemainingDuration` to null. Hearth has no valve to
/// wait for: a command moves the valve at once, so `CurrentState` becomes the target and `TargetState` (and
/// `TargetLevel`) are null again, as Matter leaves them once the valve has arrived.
enum ValveState {
    /// Matter `ValveStateEnum`.
    static let closed = 0
    static let open = 1
    static let transitioning = 2

    /// The `FeatureMap` bit of the Level feature (LVL).
    static let levelFeature = 1 << 1

    /// Whether the endpoint has a valve.
    static func isPresent(on endpoint: Endpoint) -> Bool {
        endpoint.has(.ValveConfigurationAndControl)
    }

    /// Whether the valve has the Level feature: `FeatureMap` bit 1, or, without a `FeatureMap`, a `CurrentLevel`.
    static func hasLevel(_ endpoint: Endpoint) -> Bool {
        let valve = endpoint.cluster(.ValveConfigurationAndControl)
        if let features = valve.int("FeatureMap") { return features & levelFeature != 0 }
        return valve["CurrentLevel"] != nil
    }

    /// Whether the valve is open or opening (`CurrentState` Open, or Transitioning towards Open).
    static func isOpen(_ endpoint: Endpoint) -> Bool {
        let valve = endpoint.cluster(.ValveConfigurationAndControl)
        switch valve.int("CurrentState") {
        case open?: return true
        case transitioning?: return valve.int("TargetState") == open
        default: return false
        }
    }

    /// Google's `openPercent`: `CurrentLevel` with the Level feature (when known), else 100 open and 0 closed;
    /// `nil` while `CurrentState` is null (the valve does not know) and no level is known.
    static func openPercent(_ endpoint: Endpoint) -> Int? {
        let valve = endpoint.cluster(.ValveConfigurationAndControl)
        if hasLevel(endpoint), let level = valve.int("CurrentLevel") { return min(max(level, 0), 100) }
        switch valve.int("CurrentState") {
        case open?: return 100
        case closed?: return 0
        case transitioning?: return valve.int("TargetState") == open ? 100 : 0
        default: return nil
        }
    }

    /// The seconds left before the valve closes by itself: `RemainingDuration`, else `OpenDuration`, while the valve
    /// is open; `nil` when it is closed or stays open until told.
    static func remainingSeconds(_ endpoint: Endpoint) -> Int? {
        guard isOpen(endpoint) else { return nil }
        let valve = endpoint.cluster(.ValveConfigurationAndControl)
        return valve.int("RemainingDuration") ?? valve.int("OpenDuration")
    }

    /// The level a valve with `step` (`LevelStep`, 1…50) settles at for `requested` percent: the nearest multiple of
    /// the step, or 100 ("If the step size is not a divisor of 100, the final step SHALL be to 100"), at least one
    /// step (a level of 0 is closed, which `Open` never means).
    static func supportedLevel(_ requested: Int, step: Int) -> Int {
        let step = min(max(step, 1), 50)
        let clamped = min(max(requested, 1), 100)
        let lower = clamped / step * step
        let upper = min(lower + step, 100)
        let nearest = clamped - lower < upper - clamped ? lower : upper
        return max(nearest, step)
    }

    /// Opens the valve as Matter's `Open {OpenDuration, TargetLevel}` would: `duration` (else `DefaultOpenDuration`)
    /// becomes `OpenDuration` and `RemainingDuration`; with the Level feature `level` (else `DefaultOpenLevel`, else
    /// 100), rounded to `LevelStep`, becomes `CurrentLevel`.
    static func open(_ endpoint: inout Endpoint, duration: Int?, level: Int?) {
        var valve = endpoint.cluster(.ValveConfigurationAndControl)
        let seconds: AttributeValue =
            duration.map { .int($0) } ?? valve.int("DefaultOpenDuration").map { .int($0) } ?? .null
        valve["CurrentState"] = .int(open)
        valve["TargetState"] = .null
        valve["OpenDuration"] = seconds
        valve["RemainingDuration"] = seconds
        if hasLevel(endpoint) {
            let requested = level ?? valve.int("DefaultOpenLevel") ?? 100
            valve["CurrentLevel"] = .int(supportedLevel(requested, step: valve.int("LevelStep") ?? 1))
            valve["TargetLevel"] = .null
        }
        endpoint.clusters[.ValveConfigurationAndControl] = valve
    }

    /// Closes the valve as Matter's `Close` would: Closed, no duration, level 0.
    static func close(_ endpoint: inout Endpoint) {
        var valve = endpoint.cluster(.ValveConfigurationAndControl)
        valve["CurrentState"] = .int(closed)
        valve["TargetState"] = .null
        valve["OpenDuration"] = .null
        valve["RemainingDuration"] = .null
        if hasLevel(endpoint) {
            valve["CurrentLevel"] = .int(0)
            valve["TargetLevel"] = .null
        }
        endpoint.clusters[.ValveConfigurationAndControl] = valve
    }

    /// The Matter command that took the valve from `before` to `after`: `ValveConfigurationAndControl.Close`, or
    /// `ValveConfigurationAndControl.Open` with the `OpenDuration` it set (when one was asked for, `withDuration`)
    /// and the `TargetLevel` it reached (Level feature).
    static func command(before: Endpoint, after: Endpoint, withDuration: Bool) -> MatterCommandDescription {
        let changed = after.changedAttributes(since: before)
        guard isOpen(after) else {
            return MatterCommandDescription(
                command: "ValveConfigurationAndControl.Close",
                arguments: JSONObject(),
                changed: changed
            )
        }
        let valve = after.cluster(.ValveConfigurationAndControl)
        var arguments = JSONObject()
        if withDuration, let seconds = valve.int("OpenDuration") { arguments.append("OpenDuration", .int(seconds)) }
        if hasLevel(after), let level = valve.int("CurrentLevel") { arguments.append("TargetLevel", .int(level)) }
        return MatterCommandDescription(
            command: "ValveConfigurationAndControl.Open",
            arguments: arguments,
            changed: changed
        )
    }
}
