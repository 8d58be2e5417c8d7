import JSON
import MatterModel
import SmartHomeProtocol

/// Google `LockUnlock` ⇄ Matter `DoorLock`.
///
/// - SYNC: no attributes (Google defines none).
/// - QUERY: `isLocked` is true for `LockState` locked (1), false for not fully locked (0), unlocked (2) and
///   unlatched (3), and omitted while `LockState` is null (unknown), so Hearth never claims a door locked or
///   unlocked when it does not know. `isJammed` is true for not fully locked (0): the bolt stopped between
///   positions, Google's "jammed and therefore its locked state cannot be determined".
/// - EXECUTE `LockUnlock {lock}` sets `LockState` to locked (1) or unlocked (2). Refused, with Google's
///   LockUnlock error codes, when the lock cannot be driven remotely: `remoteSetDisabled` when
///   `ActuatorEnabled` is false or `OperatingMode` is no-remote-lock/unlock (3); `deviceJammingDetected` when
///   the lock is jammed. Locking a locked door succeeds (no `alreadyLocked`), like the other traits' repeated
///   commands. `followUpToken` is ignored: Hearth answers at once, never `PENDING`.
///
/// A Matter 1.5 Closure with a latch locks by latching: see ``ClosureLockUnlock``.
enum LockUnlockTrait: TraitMapping {
    static let trait = Trait.lockUnlock

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        if ClosureLockUnlock.isPresent(on: endpoint) { return ClosureLockUnlock.states(of: endpoint, into: &states) }
        let state = endpoint.cluster(.DoorLock).int(.DoorLock.lockState) ?? AttributeSchema.LockState.null
        if state != AttributeSchema.LockState.null {
            states.append("isLocked", .bool(state == AttributeSchema.LockState.locked))
        }
        states.append("isJammed", .bool(state == AttributeSchema.LockState.notFullyLocked))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .lockUnlock else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a LockUnlock command")
        }
        if ClosureLockUnlock.isPresent(on: endpoint) { return try ClosureLockUnlock.execute(params, on: &endpoint) }
        let lock = try params.bool("lock")
        var doorLock = endpoint.cluster(.DoorLock)
        if doorLock.bool(.DoorLock.actuatorEnabled) == false {
            throw CommandError(.remoteSetDisabled, "the lock's actuator is disabled (ActuatorEnabled false)")
        }
        if doorLock.int(.DoorLock.operatingMode) == AttributeSchema.OperatingMode.noRemoteLockUnlock {
            throw CommandError(.remoteSetDisabled, "the lock is in no-remote-lock/unlock mode (OperatingMode 3)")
        }
        if doorLock.int(.DoorLock.lockState) == AttributeSchema.LockState.notFullyLocked {
            throw CommandError(.deviceJammingDetected, "the lock is jammed (LockState 0, not fully locked)")
        }
        doorLock[.DoorLock.lockState] = .int(
            lock ? AttributeSchema.LockState.locked : AttributeSchema.LockState.unlocked
        )
        endpoint.clusters[.DoorLock] = doorLock
    }

    /// A latching closure's `MoveTo {"Latch"}` (``ClosureLockUnlock``); a lock's `LockDoor`/`UnlockDoor` otherwise
    /// (`nil`).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        ClosureLockUnlock.isPresent(on: after) ? ClosureLockUnlock.matterCommands(before: before, after: after) : nil
    }
}
