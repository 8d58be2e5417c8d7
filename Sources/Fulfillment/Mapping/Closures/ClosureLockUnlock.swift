import JSON
import MatterModel
import SmartHomeProtocol

/// Google `LockUnlock` for a Matter 1.5 Closure whose Closure Control has the MotionLatching (LT) feature: the latch
/// is the lock.
///
/// | | |
/// |---|---|
/// | SYNC | the trait, no attributes (Google defines none) |
/// | QUERY | `isLocked` from `OverallCurrentState.Latch` (omitted while it is null: unknown); `isJammed` true only while `CurrentErrorList` has `InternalInterference` ("An internal element is prohibiting motion") |
/// | EXECUTE `LockUnlock {lock}` | `ClosureControl.MoveTo {"Latch": lock}` |
///
/// Matter 1.5 `ClosureControl.xml`: `MoveTo` carries `Position`, `Latch` and `Speed`, at least one of them, so a
/// latch command moves nothing else; `LatchControlModes` says whether the latch may be driven remotely
/// (`RemoteLatching` bit 0, `RemoteUnlatching` bit 1). Refusals, before anything changes:
/// - latching without `RemoteLatching`, unlatching without `RemoteUnlatching`: `remoteSetDisabled`;
/// - a closure that cannot move (``ClosureState/blockingError``): `obstructionDetected`, `deviceJammingDetected`,
///   `deviceNeedsRepair` or `deviceNotReady`.
///
/// Latching a latched closure succeeds, as locking a locked door does. Unlatching needs the PIN Google's Secondary
/// User Verification page requires for LockUnlock when unlocking, whatever the device (``SecondaryUserVerification``).
enum ClosureLockUnlock {
    /// `LatchControlModesBitmap`'s bits.
    enum LatchControlMode {
        static let remoteLatching = 1 << 0
        static let remoteUnlatching = 1 << 1
    }

    /// Whether the endpoint is a closure with a latch (Closure Control's LT feature).
    static func isPresent(on endpoint: Endpoint) -> Bool {
        ClosureState.isPresent(on: endpoint)
            && ClosureState(endpoint).features & ClosureState.Feature.motionLatching != 0
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let closure = ClosureState(endpoint)
        if let latched = closure.overallCurrent["Latch"]?.boolValue { states.append("isLocked", .bool(latched)) }
        states.append("isJammed", .bool(closure.errors.contains(ClosureState.ClosureError.internalInterference)))
    }

    static func execute(_ params: CommandParameters, on endpoint: inout Endpoint) throws(CommandError) {
        let lock = try params.bool("lock")
        let closure = ClosureState(endpoint)
        let modes = closure.control.int("LatchControlModes") ?? 0
        if lock, modes & LatchControlMode.remoteLatching == 0 {
            throw CommandError(.remoteSetDisabled, "the closure does not latch remotely (LatchControlModes)")
        }
        if !lock, modes & LatchControlMode.remoteUnlatching == 0 {
            throw CommandError(.remoteSetDisabled, "the closure does not unlatch remotely (LatchControlModes)")
        }
        if let error = closure.blockingError { throw error }
        var control = endpoint.cluster(.ClosureControl)
        var current =
            closure.overallCurrent.isEmpty ? ClosureOpenClose.skeleton(closure, secure: true) : closure.overallCurrent
        current["Latch"] = .bool(lock)
        var goal =
            closure.overallTarget.isEmpty ? ClosureOpenClose.skeleton(closure, secure: false) : closure.overallTarget
        goal["Latch"] = .bool(lock)
        control["OverallCurrentState"] = .structure(current)
        control["OverallTargetState"] = .structure(goal)
        control["MainState"] = .int(ClosureState.MainState.stopped)
        endpoint.clusters[.ClosureControl] = control
    }

    /// `ClosureControl.MoveTo {"Latch": latched}`, the latch the closure was sent to.
    static func matterCommands(before: Endpoint, after: Endpoint) -> [MatterCommandDescription] {
        guard let latch = ClosureState(after).overallTarget["Latch"]?.boolValue else { return [] }
        return [
            MatterCommandDescription(
                command: ClosureOpenClose.moveTo,
                arguments: JSONObject([("Latch", .bool(latch))]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
