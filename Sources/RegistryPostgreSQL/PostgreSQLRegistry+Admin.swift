import Clocks
import JSON
import MatterModel
import PostgreSQL
import Registry
import Synchronization

// The device backend's writes (`/v1`) on PostgreSQL: each one transaction, holding the writer lock, with its
// change-log entry and its outbox rows inside (as SQLite's `SQLiteRegistry+Admin.swift`, whose record builders
// are reused).

extension PostgreSQLRegistry: DeviceAdminStore {
    public func createUser(_ agentUserId: String) throws -> Bool {
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let created = try write { c, _ in
            guard try Self.insertUser(c, agentUserId) else { return false }
            try Self.recordChange(c, RegistryRows.userChange(agentUserId, "created"), occurred: now)
            return true
        }
        if created { notifyChanges() }
        return created
    }

    public func removeUser(_ agentUserId: String) throws -> Bool {
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let removed = try write { c, _ in
            guard try Self.userExists(c, agentUserId) else { return false }
            try Self.markUnlinked(c, user: agentUserId)
            try c.query("DELETE FROM \"user\" WHERE id = $1", [.text(agentUserId)])
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
        try read { c in
            guard try Self.userExists(c, agentUserId) else { return nil }
            return (try Self.fetchDevices(c, user: agentUserId), try Self.generation(c))
        }
    }

    public func putDevice(
        _ device: Device,
        forUser agentUserId: String,
        precondition: (Device?) throws -> Void
    ) throws -> Bool {
        try device.validateForImport(user: agentUserId)
        let hashed = try DeviceFile(users: [UserDevices(agentUserId: agentUserId, devices: [device])]).hashingPINs()
        let device = hashed.users[0].devices[0]
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (added, queued) = try write { c, _ -> (Bool, Bool) in
            guard try Self.userExists(c, agentUserId) else { throw RegistryRows.noUser(agentUserId) }
            let old = try Self.fetchDevices(c, user: agentUserId, ids: [device.id])[device.id]
            try precondition(old)
            var queued = false
            if let old {
                try Self.writeDevice(c, user: agentUserId, device: device, newPosition: nil)
                if outboxPolicy.requiresSync(from: old, to: device) {
                    queued = try Self.queueSync(c, user: agentUserId, now: now) || queued
                }
                queued = try queueStateChange(c, user: agentUserId, from: old, to: device, now: now) || queued
            } else {
                let position =
                    try c.query(
                        "SELECT coalesce(max(position) + 1, 0) FROM device WHERE userId = $1",
                        [.text(agentUserId)]
                    ).first?.int64(0) ?? 0
                try Self.writeDevice(c, user: agentUserId, device: device, newPosition: position)
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
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (device, queued, recorded) = try write { c, _ -> (Device, Bool, Bool) in
            guard let old = try Self.fetchDevices(c, user: agentUserId, ids: [id])[id] else {
                throw RegistryRows.noDevice(agentUserId, id)
            }
            var edited = old
            try body(&edited)
            var new = old
            new.name = edited.name
            new.nicknames = edited.nicknames
            new.room = edited.room
            new.structure = edited.structure
            guard new != old else { return (old, false, false) }
            try Self.writeDevice(c, user: agentUserId, device: new, newPosition: nil)
            var queued = false
            if outboxPolicy.requiresSync(from: old, to: new) {
                queued = try Self.queueSync(c, user: agentUserId, now: now)
            }
            try Self.recordChange(c, RegistryRows.deviceChange(agentUserId, "renamed", new), occurred: now)
            return (new, queued, true)
        }
        if queued { notifyOutbox() }
        if recorded { notifyChanges() }
        return device
    }

    public func removeDevice(
        forUser agentUserId: String,
        id: String,
        precondition: (Device) throws -> Void
    ) throws -> Bool {
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (removed, queued) = try write { c, _ -> (Bool, Bool) in
            guard let old = try Self.fetchDevices(c, user: agentUserId, ids: [id])[id] else { return (false, false) }
            try precondition(old)
            let key: [PostgreSQLValue] = [.text(agentUserId), .text(id)]
            try c.query("DELETE FROM device WHERE userId = $1 AND id = $2", key)
            try c.query("DELETE FROM outbox_report WHERE userId = $1 AND deviceId = $2", key)
            try c.query("DELETE FROM outbox_event WHERE userId = $1 AND deviceId = $2", key)
            let queued = try Self.queueSync(c, user: agentUserId, now: now)
            try Self.recordChange(
                c,
                ChangeRecord(
                    kind: .device,
                    agentUserId: agentUserId,
                    deviceId: id,
                    data: JSONObject([("change", .string("removed"))])
                ),
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
        let (devices, changed, before, after, queued, recorded) = try write { c, before in
            let verifiedAt = clock.now
            var snapshots: [String: DeviceSnapshot] = [:]
            func snapshot(_ user: String) throws -> DeviceSnapshot {
                if let known = snapshots[user] { return known }
                let cached = cache.withLock { cache -> DeviceSnapshot? in
                    cache.verified(before, at: verifiedAt)
                    return cache.snapshot(forUser: user, at: before)
                }
                let loaded: DeviceSnapshot
                if let cached {
                    loaded = cached
                } else {
                    let devices = try Self.fetchDevices(c, user: user)
                    loaded = cache.withLock { $0.store(devices: devices, forUser: user, at: before, now: verifiedAt) }
                }
                snapshots[user] = loaded
                return loaded
            }
            var working: [String: [String: Device]] = [:]
            var results: [Device] = []
            var written: [String: Device] = [:]
            var queued = false
            var recorded = false
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
                    try DeviceStateChange.apply(
                        update.changes,
                        online: update.online,
                        endpoint: update.endpoint,
                        to: &new
                    )
                } catch {
                    throw DeviceStateUpdateError(index: index, reason: .notApplicable, message: error.message)
                }
                working[user, default: [:]][update.deviceId] = new
                results.append(new)
                guard new != old else { continue }
                try Self.writeChanges(c, user: user, from: old, to: new)
                queued = try queueStateChange(c, user: user, from: old, to: new, now: now) || queued
                for record in RegistryRows.stateChanges(user, from: old, to: new, by: "api") {
                    try Self.recordChange(c, record, occurred: now)
                    recorded = true
                }
                written[user + "\u{0}" + update.deviceId] = new
            }
            let after = written.isEmpty ? before : try Self.generation(c)
            return (results, Array(written.values), before, after, queued, recorded)
        }
        let instant = clock.now
        cache.withLock { cache in
            if users.count == 1, let user = users.first {
                cache.apply(changed: changed, ofUser: user, from: before, to: after, now: instant)
            } else {
                cache.invalidate()
            }
        }
        if queued { notifyOutbox() }
        if recorded { notifyChanges() }
        return devices
    }

    static func userExists(_ c: PostgreSQLConnection, _ agentUserId: String) throws -> Bool {
        try c.query("SELECT EXISTS (SELECT 1 FROM \"user\" WHERE id = $1)", [.text(agentUserId)]).first?.bool(0)
            ?? false
    }
}
