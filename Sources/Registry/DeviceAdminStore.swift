import MatterModel

/// What the device backend changes through `/v1`: users created and removed, devices put, renamed and removed, and
/// state reported. Every method is one transaction that also writes its change-log entry
/// (``SQLRegistry/recordChange(_:_:occurred:)``) and queues the HomeGraph work it causes (Request Sync,
/// Report State), so a change, its log entry and its outbox row commit or roll back together.
///
/// Unknown users and devices throw ``RegistryError/Code/notFound``.
public protocol DeviceAdminStore: Sendable {
    /// Creates the user unless it exists; whether it was created. Logs `user created`.
    func createUser(_ agentUserId: String) throws -> Bool

    /// Removes the user with its devices, tokens, accounts and queued HomeGraph work, and reports nothing for it
    /// again until it is created anew; whether there was such a user. Logs `user removed`.
    func removeUser(_ agentUserId: String) throws -> Bool

    /// The user's devices in import order and the registry generation they are consistent with, or `nil` when
    /// there is no such user.
    func devicesWithGeneration(forUser agentUserId: String) throws -> (devices: [Device], generation: Int64)?

    /// Stores `device` for the user, adding it or replacing the stored one whole (state included); whether it was
    /// added. `precondition` runs inside the transaction on the stored device (`nil` when new) and may throw to
    /// refuse the write (`If-Match`). Queues a Request Sync when the SYNC entry changed (always for a new device)
    /// and a Report State when state changed. Logs `device added` or `device replaced`.
    func putDevice(
        _ device: Device,
        forUser agentUserId: String,
        precondition: (Device?) throws -> Void
    ) throws -> Bool

    /// Changes the stored device's names and placement (`name`, `nicknames`, `room`, `structure`) with `body`;
    /// returns the device as stored. State changes made by `body` are ignored. Queues a Request Sync when the SYNC
    /// entry changed. Logs `device renamed` when anything changed.
    func renameDevice(
        forUser agentUserId: String,
        id: String,
        _ body: (inout Device) throws -> Void
    ) throws -> Device

    /// Removes the device and its queued Report State; queues a Request Sync; whether there was such a device. Logs
    /// `device removed`. `precondition` as for ``putDevice(_:forUser:precondition:)``.
    func removeDevice(forUser agentUserId: String, id: String, precondition: (Device) throws -> Void) throws -> Bool

    /// Applies every update in order, all or nothing, in one transaction; returns each device as it is after its
    /// update. Each update that changes something queues a Report State (and the notifications the policy derives)
    /// and logs one `state` change per endpoint it changed, with `by: api`.
    ///
    /// - Throws: ``DeviceStateUpdateError`` naming the update that failed.
    func applyState(_ updates: [DeviceStateUpdate]) throws -> [Device]

    /// Applies many updates over many users in few transactions: grouped by user (a user's updates in the order
    /// given, never split between transactions), users in sorted order, whole users per transaction up to a few
    /// thousand updates. Returns one outcome per update, in order: an update naming an unknown device or changes
    /// that do not apply is answered as such and the others are written; a transaction that fails answers
    /// ``BulkStateOutcome/Status/unavailable`` for its updates only. With `allOrNothing`, one transaction: the first
    /// refused update throws ``DeviceStateUpdateError`` and nothing is written. Queues and logs as
    /// ``applyState(_:)`` does; a device updated several times is written and reported once, with its last state.
    func applyStateInBulk(_ updates: [DeviceStateUpdate], allOrNothing: Bool) throws -> [BulkStateOutcome]
}

/// One state report: `hearth devices set`'s semantics, for one device.
public struct DeviceStateUpdate: Sendable, Hashable {
    public var agentUserId: String
    public var deviceId: String
    /// Attribute values, validated one by one (``DeviceStateChange``).
    public var changes: [DeviceStateChange]
    /// Connectivity of `endpoint`, or of every endpoint without one.
    public var online: Bool?
    /// The endpoint number (1 = primary); `nil` puts each change on the one endpoint with its cluster.
    public var endpoint: Int?

    public init(
        agentUserId: String,
        deviceId: String,
        changes: [DeviceStateChange],
        online: Bool? = nil,
        endpoint: Int? = nil
    ) {
        self.agentUserId = agentUserId
        self.deviceId = deviceId
        self.changes = changes
        self.online = online
        self.endpoint = endpoint
    }
}

/// Why ``DeviceAdminStore/applyState(_:)`` refused a batch: which update, and why.
public struct DeviceStateUpdateError: Error, Sendable, CustomStringConvertible {
    /// What kind of refusal.
    public enum Reason: Sendable, Hashable {
        /// No such user or device.
        case notFound
        /// The changes do not apply to the device (no such endpoint or cluster, a rule between attributes).
        case notApplicable
    }

    /// The position of the update in the batch (0-based).
    public var index: Int
    public var reason: Reason
    public var message: String

    public init(index: Int, reason: Reason, message: String) {
        self.index = index
        self.reason = reason
        self.message = message
    }

    public var description: String { "change \(index): \(message)" }
}
