import Clocks
import GRDB
import JSON
import MatterModel
import Registry
import Synchronization

// The device backend's writes (`/v1`): each one transaction with its change-log entry and its outbox rows inside.

extension SQLiteRegistry: DeviceAdminStore {
    public func createUser(_ agentUserId: String) throws -> Bool {
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let created = try pool.write { db in
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO user (id) VALUES (?)").execute(arguments: [agentUserId])
            guard db.changesCount > 0 else { return false }
            try Self.recordChange(db, RegistryRows.userChange(agentUserId, "created"), occurred: now)
            return true
        }
        if created { notifyChanges() }
        return created
    }

    public func removeUser(_ agentUserId: String) throws -> Bool {
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let removed = try pool.write { db in
            guard try Self.userExists(db, agentUserId) else { return false }
            // Drops the queued work and queues none until a token is issued to a user of this id again.
            try Self.markUnlinked(db, user: agentUserId)
            // Devices, endpoints, attributes, tokens, accounts and codes go with the user (ON DELETE CASCADE).
            try db.cachedStatement(sql: "DELETE FROM user WHERE id = ?").execute(arguments: [agentUserId])
            try Self.recordChange(db, RegistryRows.userChange(agentUserId, "removed"), occurred: now)
            return true
        }
        if removed {
            forgetRecordedSync(forUser: agentUserId)
            notifyChanges()
        }
        return removed
    }

    public func devicesWithGeneration(forUser agentUserId: String) throws -> (devices: [Device], generation: Int64)? {
        try pool.read { db in
            guard try Self.userExists(db, agentUserId) else { return nil }
            return (try Self.fetchDevices(db, user: agentUserId), try Self.generation(db))
        }
    }

    public func putDevice(
        _ device: Device,
        forUser agentUserId: String,
        precondition: (Device?) throws -> Void
    ) throws -> Bool {
        try device.validateForImport(user: agentUserId)
        // Hashing takes tens of milliseconds per PIN: done before the writer is taken.
        let hashed = try DeviceFile(users: [UserDevices(agentUserId: agentUserId, devices: [device])]).hashingPINs()
        let device = hashed.users[0].devices[0]
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (added, queued) = try pool.write { db -> (Bool, Bool) in
            guard try Self.userExists(db, agentUserId) else { throw RegistryRows.noUser(agentUserId) }
            let old = try Self.fetchDevices(db, user: agentUserId, ids: [device.id])[device.id]
            try precondition(old)
            var queued = false
            if let old {
                try Self.writeDevice(db, user: agentUserId, device: device, newPosition: nil)
                if outboxPolicy.requiresSync(from: old, to: device) {
                    queued = try Self.queueSync(db, user: agentUserId, now: now) || queued
                }
                queued = try queueStateChange(db, user: agentUserId, from: old, to: device, now: now) || queued
            } else {
                let position =
                    try Int64.fetchOne(
                        db.cachedStatement(sql: "SELECT coalesce(max(position) + 1, 0) FROM device WHERE userId = ?"),
                        arguments: [agentUserId]
                    ) ?? 0
                try Self.writeDevice(db, user: agentUserId, device: device, newPosition: position)
                queued = try Self.queueSync(db, user: agentUserId, now: now) || queued
                queued = try Self.queueReport(db, user: agentUserId, device: device.id, now: now) || queued
            }
            try Self.recordChange(
                db,
                RegistryRows.deviceChange(agentUserId, old == nil ? "added" : "replaced", device),
                occurred: now
            )
            return (old == nil, queued)
        }
        if queued { notifyOutbox() }
        notifyChanges()
        return added
    }

    public func renameDevice(
        forUser agentUserId: String,
        id: String,
        _ body: (inout Device) throws -> Void
    ) throws -> Device {
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (device, queued) = try pool.write { db -> (Device, Bool) in
            guard let old = try Self.fetchDevices(db, user: agentUserId, ids: [id])[id] else {
                throw RegistryRows.noDevice(agentUserId, id)
            }
            var edited = old
            try body(&edited)
            var new = old
            new.name = edited.name
            new.nicknames = edited.nicknames
            new.room = edited.room
            new.structure = edited.structure
            guard new != old else { return (old, false) }
            try Self.writeDevice(db, user: agentUserId, device: new, newPosition: nil)
            var queued = false
            if outboxPolicy.requiresSync(from: old, to: new) {
                queued = try Self.queueSync(db, user: agentUserId, now: now)
            }
            try Self.recordChange(db, RegistryRows.deviceChange(agentUserId, "renamed", new), occurred: now)
            return (new, queued)
        }
        if queued { notifyOutbox() }
        notifyChanges()  // at most a spurious read when nothing was renamed
        return device
    }

    public func removeDevice(
        forUser agentUserId: String,
        id: String,
        precondition: (Device) throws -> Void
    ) throws
        -> Bool
    {
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (removed, queued) = try pool.write { db -> (Bool, Bool) in
            guard let old = try Self.fetchDevices(db, user: agentUserId, ids: [id])[id] else { return (false, false) }
            try precondition(old)
            try db.cachedStatement(sql: "DELETE FROM device WHERE userId = ? AND id = ?")
                .execute(arguments: [agentUserId, id])
            for table in ["outbox_report", "outbox_event"] {
                try db.execute(
                    sql: "DELETE FROM \(table) WHERE userId = ? AND deviceId = ?",
                    arguments: [agentUserId, id]
                )
            }
            let queued = try Self.queueSync(db, user: agentUserId, now: now)
            var data = JSONObject()
            data.append("change", .string("removed"))
            try Self.recordChange(
                db,
                ChangeRecord(kind: .device, agentUserId: agentUserId, deviceId: id, data: data),
                occurred: now
            )
            return (true, queued)
        }
        if queued { notifyOutbox() }
        if removed { notifyChanges() }
        return removed
    }

    public func applyState(_ updates: [DeviceStateUpdate]) throws -> [Device] {
        let now = clock.unixMilliseconds
        let users = Set(updates.map(\.agentUserId))
        let (devices, changed, before, after, queued) = try pool.writeWithoutTransaction { db in
            try Self.immediateTransaction(db) {
                try applyStateTransaction(db, updates, now: now)
            }
        }
        // Committed: one user's batch (every PATCH) keeps the cache warm like EXECUTE; a batch over several users
        // makes the next read check SQLite.
        let instant = clock.now
        cache.withLock { cache in
            if users.count == 1, let user = users.first {
                cache.apply(changed: changed, ofUser: user, from: before, to: after, now: instant)
            } else {
                cache.invalidate()
            }
        }
        if queued { notifyOutbox() }
        if !changed.isEmpty { notifyChanges() }
        return devices
    }

    /// The inside of ``applyState(_:)``'s transaction: each device after its update, the devices written (last
    /// version of each), the change counter before and after, and whether HomeGraph work was queued.
    private func applyStateTransaction(
        _ db: Database,
        _ updates: [DeviceStateUpdate],
        now: Int64
    ) throws -> ([Device], [Device], Int64, Int64, Bool) {
        let before = try Self.generation(db)
        let verifiedAt = clock.now
        // Inside the write transaction the counter is exact: the cache serves the devices when it is current.
        var snapshots: [String: DeviceSnapshot] = [:]
        func snapshot(_ user: String) throws -> DeviceSnapshot {
            if let known = snapshots[user] { return known }
            let cached = cache.withLock { cache -> DeviceSnapshot? in
                cache.verified(before, at: verifiedAt)
                return cache.snapshot(forUser: user, at: before)
            }
            let loaded =
                try cached
                ?? {
                    let devices = try Self.fetchDevices(db, user: user)
                    return cache.withLock { $0.store(devices: devices, forUser: user, at: before, now: verifiedAt) }
                }()
            snapshots[user] = loaded
            return loaded
        }
        // A batch may name a device twice: later updates start from what earlier ones wrote.
        var working: [String: [String: Device]] = [:]
        var results: [Device] = []
        var written: [String: Device] = [:]
        var queued = false
        results.reserveCapacity(updates.count)
        for (index, update) in updates.enumerated() {
            let user = update.agentUserId
            guard let old = try working[user]?[update.deviceId] ?? snapshot(user).device(update.deviceId) else {
                throw DeviceStateUpdateError(
                    index: index,
                    reason: .notFound,
                    message: "user \"\(user)\" has no device \"\(update.deviceId)\""
                )
            }
            var new = old
            do throws(DeviceStateChangeError) {
                try DeviceStateChange.apply(update.changes, online: update.online, endpoint: update.endpoint, to: &new)
            } catch {
                throw DeviceStateUpdateError(index: index, reason: .notApplicable, message: error.message)
            }
            working[user, default: [:]][update.deviceId] = new
            results.append(new)
            guard new != old else { continue }
            try Self.writeChanges(db, user: user, from: old, to: new)
            queued = try queueStateChange(db, user: user, from: old, to: new, now: now) || queued
            for record in RegistryRows.stateChanges(user, from: old, to: new, by: "api") {
                try Self.recordChange(db, record, occurred: now)
            }
            written[user + "\u{0}" + update.deviceId] = new
        }
        let after = written.isEmpty ? before : try Self.generation(db)
        return (results, Array(written.values), before, after, queued)
    }

    // MARK: - Helpers

    static func userExists(_ db: Database, _ agentUserId: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM user WHERE id = ?)"),
            arguments: [agentUserId]
        ) ?? false
    }

}
