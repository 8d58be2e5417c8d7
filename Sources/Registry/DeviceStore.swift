import Clocks
import MatterModel

/// Users' devices and their state: what SYNC, QUERY and EXECUTE read and write, and what an import upserts.
///
/// One concern of the registry; the others are ``TokenStore``, ``AccountStore``, ``AttemptStore``,
/// ``OutboxStore`` and ``StoreHealth`` (all of them: ``RegistryStore``). Every method is synchronous and safe to call
/// from any thread (the listener's threads call it directly), and every method that writes is one transaction: the
/// bookkeeping a change owes (HomeGraph outbox rows, and the change log next) is written by the backend inside that
/// transaction, never by the caller in a second one. Implemented once by ``SQLRegistry`` (SQLite in a file or in memory, PostgreSQL);
/// every backend passes the store contract suite (`Tests/RegistryTests/StoreContractTests*.swift`).
public protocol DeviceStore: Sendable {
    /// All devices of one user, in import order, with a revision that changes when they may have changed.
    /// An unknown user has no devices.
    func snapshot(forUser agentUserId: String) throws -> DeviceSnapshot

    /// Runs `body` on the user's devices with the given ids, and on their wrong-PIN records, inside one write
    /// transaction; then persists every change `body` made to the cluster state and connectivity of those devices'
    /// endpoints (``Device/withState(of:)``) and to the records, and commits before returning.
    ///
    /// Ids the user does not own are absent from both dictionaries. `attempts` has an entry for every owned device
    /// whose challenge is a PIN (``PINAttempts/isClean`` when nothing is recorded) and only for those; entries
    /// `body` adds for other ids are ignored, and a clean entry deletes the record. Devices `body` adds or removes
    /// are ignored. If `body` throws, nothing is written. The HomeGraph work the changes cause (``OutboxPolicy``) is
    /// queued in the same transaction, and so is every ``ChangeRecord`` `body` appends to `changes` (the change
    /// log behind `/v1/changes`, see ``ChangeStore``).
    func updateDevicesRecordingChanges<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts], inout [ChangeRecord]) throws -> T
    ) throws -> T

    /// Upserts every user and device of the file in one transaction: all or nothing. A device already stored
    /// (same user, same id) is replaced whole (its wrong-PIN record stays); devices not in the file stay. PINs
    /// given in clear are hashed before they are stored (``PINHash``); a `DoorLock` without a challenge is refused.
    func importDevices(_ file: DeviceFile) throws -> ImportSummary

    /// Whether the registry has no users (and so no devices and no tokens) at all.
    func isEmpty() throws -> Bool

    /// The agent user ids of every user, sorted.
    func users() throws -> [String]
}

extension DeviceStore {
    /// ``updateDevicesRecordingChanges(forUser:ids:_:)`` for a write the change log does not report.
    public func updateDevicesAndPINAttempts<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts]) throws -> T
    ) throws -> T {
        try updateDevicesRecordingChanges(forUser: agentUserId, ids: ids) { devices, attempts, _ in
            try body(&devices, &attempts)
        }
    }

    /// Runs `body` on the user's devices with the given ids inside one write transaction, then persists every
    /// change `body` made to the cluster state and connectivity of those devices' endpoints (``Device/withState(of:)``),
    /// and commits before returning. Ids the user does not own are absent from the dictionary; devices `body`
    /// adds or removes are ignored. If `body` throws, nothing is written.
    public func updateDevices<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device]) throws -> T
    ) throws -> T {
        try updateDevicesAndPINAttempts(forUser: agentUserId, ids: ids) { devices, _ in try body(&devices) }
    }

    /// All devices of one user, in import order. An unknown user has no devices.
    public func devices(forUser agentUserId: String) throws -> [Device] {
        try snapshot(forUser: agentUserId).devices
    }

    /// The devices with the given ids that belong to the user, keyed by id. Ids the user does not own are absent.
    public func devices(forUser agentUserId: String, ids: [String]) throws -> [String: Device] {
        let snapshot = try snapshot(forUser: agentUserId)
        var found: [String: Device] = [:]
        found.reserveCapacity(ids.count)
        for id in ids {
            if let device = snapshot.device(id) { found[id] = device }
        }
        return found
    }
}

/// What an import changed.
public struct ImportSummary: Sendable, Hashable {
    /// Users in the file.
    public var users: Int
    /// Devices in the file that were not stored before.
    public var added: Int
    /// Devices in the file that replaced stored ones.
    public var updated: Int

    public init(users: Int, added: Int, updated: Int) {
        self.users = users
        self.added = added
        self.updated = updated
    }
}

extension Device {
    /// This device with the cluster state and connectivity of `other`'s endpoints, endpoint by endpoint (the
    /// endpoints both have); identity, names and the endpoints' device types stay this device's. What
    /// ``DeviceStore/updateDevices(forUser:ids:_:)`` persists.
    public func withState(of other: Device) -> Device {
        var result = self
        for index in result.endpoints.indices where index < other.endpoints.count {
            result.endpoints[index].clusters = other.endpoints[index].clusters
            result.endpoints[index].online = other.endpoints[index].online
        }
        return result
    }
}
