import Clocks
import JSON
import MatterModel
import Synchronization

// The device backend's writes (`/v1`): each one transaction, holding its users' locks, with its change-log entry and
// its outbox rows inside.

extension SQLRegistry {
    public func createUser(_ agentUserId: String) throws -> Bool {
        defer { invalidateCache(forUser: agentUserId) }
        let now = state.clock.unixMilliseconds
        let created = try engine.write(.user(agentUserId)) { c in
            guard try Self.insertUser(c, agentUserId) else { return false }
            try Self.recordChange(c, RegistryRows.userChange(agentUserId, "created"), occurred: now)
            return true
        }
        if created { notifyChanges() }
        return created
    }

    public func removeUser(_ agentUserId: String) throws -> Bool {
        defer { invalidateCache(forUser: agentUserId) }
        let now = state.clock.unixMilliseconds
        let removed = try engine.write(.user(agentUserId)) { c in
            guard try Self.userExists(c, agentUserId) else { return false }
            // Drops the queued work and queues none until a token is issued to a user of this id again.
            try Self.markUnlinked(c, user: agentUserId)
            // Devices, endpoints, attributes, tokens, accounts and codes go with the user (ON DELETE CASCADE).
            try c.execute("DELETE FROM \"user\" WHERE id = ?", [.text(agentUserId)])
            try Self.recordChange(c, RegistryRows.userChange(agentUserId, "removed"), occurred: now)
            return true
        }
        if removed {
            forgetRecordedSync(forUser: agentUserId)
            notifyChanges()
        }
        return removed
    }

    public func devicesWithGeneration(forUser agentUserId: String) throws -> (devices: [Device], generation: Int64)? {
        try engine.read { c in
            guard try Self.userExists(c, agentUserId) else { return nil }
            let counters = try engine.counters(c, user: agentUserId)
            return (try fetchDevices(c, user: agentUserId), counters.fleet + counters.user)
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
        defer { invalidateCache(forUser: agentUserId) }
        let now = state.clock.unixMilliseconds
        let (added, queued) = try engine.write(.user(agentUserId)) { c -> (Bool, Bool) in
            guard try Self.userExists(c, agentUserId) else { throw RegistryRows.noUser(agentUserId) }
            let old = try fetchDevices(c, user: agentUserId, ids: [device.id])[device.id]
            try precondition(old)
            var queued = false
            if let old {
                try writeDevice(c, user: agentUserId, device: device, newPosition: nil)
                if state.outboxPolicy.requiresSync(from: old, to: device) {
                    queued = try Self.queueSync(c, user: agentUserId, now: now) || queued
                }
                queued = try queueStateChange(c, user: agentUserId, from: old, to: device, now: now) || queued
            } else {
                let position = try Self.nextPosition(c, user: agentUserId)
                try writeDevice(c, user: agentUserId, device: device, newPosition: position)
                queued = try Self.queueSync(c, user: agentUserId, now: now) || queued
                queued = try Self.queueReport(c, user: agentUserId, device: device.id, now: now) || queued
            }
            try Self.recordChange(
                c,
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
        defer { invalidateCache(forUser: agentUserId) }
        let now = state.clock.unixMilliseconds
        let (device, queued) = try engine.write(.user(agentUserId)) { c -> (Device, Bool) in
            guard let old = try fetchDevices(c, user: agentUserId, ids: [id])[id] else {
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
            try writeDevice(c, user: agentUserId, device: new, newPosition: nil)
            var queued = false
            if state.outboxPolicy.requiresSync(from: old, to: new) {
                queued = try Self.queueSync(c, user: agentUserId, now: now)
            }
            try Self.recordChange(c, RegistryRows.deviceChange(agentUserId, "renamed", new), occurred: now)
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
    ) throws -> Bool {
        defer { invalidateCache(forUser: agentUserId) }
        let now = state.clock.unixMilliseconds
        let (removed, queued) = try engine.write(.user(agentUserId)) { c -> (Bool, Bool) in
            guard let old = try fetchDevices(c, user: agentUserId, ids: [id])[id] else { return (false, false) }
            try precondition(old)
            let key: [SQLValue] = [.text(agentUserId), .text(id)]
            try c.execute("DELETE FROM device WHERE userId = ? AND id = ?", key)
            try c.execute("DELETE FROM outbox_report WHERE userId = ? AND deviceId = ?", key)
            try c.execute("DELETE FROM outbox_event WHERE userId = ? AND deviceId = ?", key)
            let queued = try Self.queueSync(c, user: agentUserId, now: now)
            var data = JSONObject()
            data.append("change", .string("removed"))
            try Self.recordChange(
                c,
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
        let now = state.clock.unixMilliseconds
        let users = Set(updates.map(\.agentUserId))
        let (devices, changed, _, queued) = try engine.write(.users(users.sorted())) { c in
            try applyStateTransaction(c, updates, now: now)
        } committed: { outcome in
            // Committed (on SQLite, still holding the writer, as EXECUTE): each user's part of the batch keeps the
            // cache warm like EXECUTE where the engine counts per user; on SQLite one user's batch (every PATCH) does,
            // and a batch over several users makes the next read check the database.
            let (_, writes, counters, _) = outcome
            let instant = state.clock.now
            state.cache.withLock { cache in
                if users.count == 1 || cache.countsPerUser {
                    for (user, moved) in counters {
                        let written = writes.filter { $0.user == user }.map(\.device)
                        cache.apply(changed: written, ofUser: user, from: moved.before, to: moved.after, now: instant)
                    }
                } else {
                    cache.invalidate()
                }
            }
        }
        if queued { notifyOutbox() }
        if !changed.isEmpty { notifyChanges() }
        return devices
    }

    /// The inside of ``applyState(_:)``'s transaction: each device after its update, the devices written (last
    /// version of each, with its user), each user's change counters before and after, and whether HomeGraph work was
    /// queued.
    private func applyStateTransaction(
        _ c: Engine.Connection,
        _ updates: [DeviceStateUpdate],
        now: Int64
    ) throws -> (
        [Device], [(user: String, device: Device)], [String: (before: RegistryCounters, after: RegistryCounters)], Bool
    ) {
        let verifiedAt = state.clock.now
        // Inside the write transaction, which holds the users' locks, their counters are exact: the cache serves the
        // devices when it is current.
        var snapshots: [String: DeviceSnapshot] = [:]
        var before: [String: RegistryCounters] = [:]
        func snapshot(_ user: String) throws -> DeviceSnapshot {
            if let known = snapshots[user] { return known }
            let counters = try engine.counters(c, user: user)
            before[user] = counters
            let cached = state.cache.withLock { cache -> DeviceSnapshot? in
                cache.verified(counters, forUser: user, at: verifiedAt)
                return cache.snapshot(forUser: user, at: counters)
            }
            let loaded = try cached ?? loadSnapshot(c, user: user, counters: counters)
            snapshots[user] = loaded
            return loaded
        }
        // A batch may name a device twice: later updates start from what earlier ones wrote.
        var working: [String: [String: Device]] = [:]
        var results: [Device] = []
        var written: [String: (user: String, device: Device)] = [:]
        var recorded = 0
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
            try writeChanges(c, user: user, from: old, to: new)
            queued = try queueStateChange(c, user: user, from: old, to: new, now: now) || queued
            let records = RegistryRows.stateChanges(user, from: old, to: new, by: "api")
            recorded += records.count
            try Self.requireRoom(forChanges: recorded, engine.changeLog)
            for record in records { try Self.recordChange(c, record, occurred: now) }
            written[user + "\u{0}" + update.deviceId] = (user, new)
        }
        var counters: [String: (before: RegistryCounters, after: RegistryCounters)] = [:]
        for (user, counted) in before {
            let changed = written.values.contains { $0.user == user }
            counters[user] = (counted, changed ? try engine.counters(c, user: user) : counted)
        }
        return (results, Array(written.values), counters, queued)
    }

    /// Whether the user exists.
    package static func userExists(_ c: Engine.Connection, _ agentUserId: String) throws -> Bool {
        try c.first("SELECT EXISTS (SELECT 1 FROM \"user\" WHERE id = ?)", [.text(agentUserId)]) { try $0.bool(0) }
            ?? false
    }
}
