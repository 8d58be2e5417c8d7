import Clocks
import JSON
import MatterModel
import Synchronization

// Devices and their state: what SYNC, QUERY and EXECUTE read and write, and what an import upserts. Reads go through
// ``RegistryCache``; each write is one transaction holding its user's lock (an import: the fleet's), with its
// change-log entries and its outbox rows inside, and keeps the cache warm with exactly what it wrote, once committed
// (``RegistryDatabase/write(_:_:committed:)``).

extension SQLRegistry {
    public func snapshot(forUser agentUserId: String) throws -> DeviceSnapshot {
        try readThroughCache(user: agentUserId) { cache, counters in
            cache.snapshot(forUser: agentUserId, at: counters)
        } load: { c, counters in
            try loadSnapshot(c, user: agentUserId, counters: counters)
        }
    }

    /// A user's devices decoded in a transaction that sees `counters`, and cached.
    package func loadSnapshot(
        _ c: Engine.Connection,
        user: String,
        counters: RegistryCounters
    ) throws -> DeviceSnapshot {
        let devices = try fetchDevices(c, user: user)
        let now = state.clock.now
        return state.cache.withLock { $0.store(devices: devices, forUser: user, at: counters, now: now) }
    }

    public func updateDevicesRecordingChanges<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts], inout [ChangeRecord]) throws -> T
    ) throws -> T {
        let (result, _, _, _, queued, recorded) = try engine.write(.user(agentUserId)) { c in
            try updateTransaction(c, user: agentUserId, ids: ids, body)
        } committed: { written in
            // Committed, and on SQLite still holding the writer: the cache moves to exactly what this transaction
            // wrote before the next EXECUTE reads the change counter (learning it after the writer was released made
            // every EXECUTE queued behind this one reload all the user's devices).
            let (_, changed, before, after, _, _) = written
            let now = state.clock.now
            state.cache.withLock { $0.apply(changed: changed, ofUser: agentUserId, from: before, to: after, now: now) }
        }
        if queued { notifyOutbox() }
        if recorded { notifyChanges() }
        return result
    }

    /// The inside of ``updateDevicesRecordingChanges(forUser:ids:_:)``'s transaction: the result, the devices
    /// written, the change counter before and after, whether HomeGraph work was queued and whether changes were
    /// recorded.
    private func updateTransaction<T>(
        _ c: Engine.Connection,
        user agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts], inout [ChangeRecord]) throws -> T
    ) throws -> (T, [Device], RegistryCounters, RegistryCounters, Bool, Bool) {
        // Inside the write transaction, which holds the user's lock, the counters are exact: verify them, and use the
        // cache if it is current.
        let before = try engine.counters(c, user: agentUserId)
        let verifiedAt = state.clock.now
        let cached = state.cache.withLock { cache -> DeviceSnapshot? in
            cache.verified(before, forUser: agentUserId, at: verifiedAt)
            return cache.snapshot(forUser: agentUserId, at: before)
        }
        let snapshot = try cached ?? loadSnapshot(c, user: agentUserId, counters: before)
        var stored: [String: Device] = [:]
        for id in ids { if let device = snapshot.device(id) { stored[id] = device } }
        var working = stored
        // Only PIN devices have records; plain EXECUTEs (the hot path) do not touch pin_attempt at all.
        let pinIds = ids.filter { id in
            if case .pin = stored[id]?.challenge { return true }
            return false
        }
        let storedAttempts = try pinIds.isEmpty ? [:] : fetchAttempts(c, user: agentUserId, ids: pinIds)
        var attempts = storedAttempts
        var records: [ChangeRecord] = []
        let result = try body(&working, &attempts, &records)
        for (id, old) in storedAttempts {
            let new = attempts[id] ?? PINAttempts()
            if new != old { try Self.writeAttempts(c, user: agentUserId, device: id, new) }
        }
        var changed: [Device] = []
        var queued = false
        let now = state.clock.unixMilliseconds
        for (id, old) in stored {
            guard let new = working[id] else { continue }
            // Only cluster state and connectivity are persisted; identity changes made by `body` are not.
            let persisted = old.withState(of: new)
            guard persisted != old else { continue }
            try writeChanges(c, user: agentUserId, from: old, to: persisted)
            // The HomeGraph work, in the same transaction (the outbox).
            queued = try queueStateChange(c, user: agentUserId, from: old, to: persisted, now: now) || queued
            changed.append(persisted)
        }
        for record in records { try Self.recordChange(c, record, occurred: now) }
        // Nothing changed: nothing was written, the counter is still `before`.
        let after = changed.isEmpty ? before : try engine.counters(c, user: agentUserId)
        return (result, changed, before, after, queued, !records.isEmpty)
    }

    public func pinAttempts(forUser agentUserId: String, device id: String) throws -> PINAttempts {
        try engine.readEach { c in try fetchAttempts(c, user: agentUserId, ids: [id])[id] ?? PINAttempts() }
    }

    public func importDevices(_ file: DeviceFile) throws -> ImportSummary {
        // Hashing takes tens of milliseconds per PIN: done before the writer is taken.
        let file = try file.hashingPINs()
        try Self.requireRoom(forChanges: file.users.reduce(0) { $0 + 1 + $1.devices.count }, engine.changeLog)
        // Whatever happens, the next read checks the change counter again.
        defer { invalidateCache() }
        let now = state.clock.unixMilliseconds
        // The file's manufacturer clusters name the devices' clusters as they are written: installed in the catalog
        // first, and left there if the import fails (undoing them could undo a concurrent import's). A device is
        // written only with manufacturer clusters the registry has stored (`writeDevice`), so a declaration the
        // catalog holds and the store does not is never relied on.
        let (summary, queued) = try writeImport(file, now: now)
        if queued { notifyOutbox() }
        notifyChanges()
        return summary
    }

    /// The import's one write transaction: the declarations, then the users and devices.
    private func writeImport(_ file: DeviceFile, now: Int64) throws -> (ImportSummary, Bool) {
        try engine.write(.fleet) { c -> (ImportSummary, Bool) in
            try Self.storeManufacturerClusters(c, file.manufacturerClusters)
            ManufacturerClusterCatalog.install(file.manufacturerClusters)
            var added = 0
            var updated = 0
            var queued = false
            for user in file.users {
                let userId = user.agentUserId
                if try Self.insertUser(c, userId) {
                    try Self.recordChange(c, RegistryRows.userChange(userId, "created"), occurred: now)
                }
                var stored: [String: Device] = [:]
                for device in try fetchDevices(c, user: userId) { stored[device.id] = device }
                var nextPosition = try Self.nextPosition(c, user: userId)
                for device in user.devices {
                    try device.validateForImport(user: userId)
                    let change: JSONValue = stored[device.id] != nil ? "replaced" : "added"
                    try Self.recordChange(
                        c,
                        ChangeRecord(
                            kind: .device,
                            agentUserId: userId,
                            deviceId: device.id,
                            data: JSONObject([("change", change), ("device", .object(device.jsonObject))])
                        ),
                        occurred: now
                    )
                    if let old = stored[device.id] {
                        try writeDevice(c, user: userId, device: device, newPosition: nil)
                        updated += 1
                        // A file may list a device twice: compare with what this import wrote before.
                        if state.outboxPolicy.requiresSync(from: old, to: device) {
                            queued = try Self.queueSync(c, user: userId, now: now) || queued
                        }
                        queued = try queueStateChange(c, user: userId, from: old, to: device, now: now) || queued
                    } else {
                        try writeDevice(c, user: userId, device: device, newPosition: nextPosition)
                        nextPosition += 1
                        added += 1
                        // Google learns the device from its next SYNC, then its state from a report.
                        queued = try Self.queueSync(c, user: userId, now: now) || queued
                        queued = try Self.queueReport(c, user: userId, device: device.id, now: now) || queued
                    }
                    stored[device.id] = device
                }
            }
            let users = Set(file.users.map(\.agentUserId)).count
            return (ImportSummary(users: users, added: added, updated: updated), queued)
        }
    }

    /// Refuses a transaction that would append more changes than the engine's positions have room for
    /// (``ChangeLogSQL/maximumChangesPerTransaction``), before anything is written.
    ///
    /// - Throws: `RegistryError` with `invalidDevice`.
    package static func requireRoom(forChanges count: Int, _ log: ChangeLogSQL) throws {
        guard let maximum = log.maximumChangesPerTransaction, count > maximum else { return }
        throw RegistryError(
            code: .invalidDevice,
            message: "one write may record at most \(maximum) changes and this one would record up to \(count): "
                + "split it (import the users in several files, or send fewer updates at once)"
        )
    }

    /// The position after the user's last device.
    package static func nextPosition(_ c: Engine.Connection, user: String) throws -> Int64 {
        try c.first("SELECT coalesce(max(position) + 1, 0) FROM device WHERE userId = ?", [.text(user)]) {
            try $0.int64(0)
        } ?? 0
    }

    public func isEmpty() throws -> Bool {
        try engine.readEach { c in
            try c.first("SELECT NOT EXISTS (SELECT 1 FROM \"user\")") { try $0.bool(0) } ?? true
        }
    }

    public func users() throws -> [String] {
        let sql = "SELECT id FROM \"user\" ORDER BY id" + engine.dialect.byteOrder
        return try engine.readEach { c in try c.all(sql) { try $0.string(0) } }
    }

    public func checkHealth() throws {
        _ = try engine.readEach { c in
            try c.first("SELECT count(*) FROM (SELECT 1 FROM device LIMIT 1) AS any_device") { try $0.int64(0) }
        }
    }

    // MARK: - Events and the change log's snapshot

    /// Queues a device event (a doorbell press) for the user's device. Whether it was queued: not when reporting is
    /// off, the user is unlinked, or the device does not declare `notificationSupportedByAgent`.
    public func recordEvent(_ event: DeviceEvent, forUser agentUserId: String, device id: String) throws -> Bool {
        let now = state.clock.unixMilliseconds
        let queued = try engine.write(.user(agentUserId)) { c -> Bool in
            guard let device = try fetchDevices(c, user: agentUserId, ids: [id])[id] else {
                throw RegistryError(code: .invalidDevice, message: "user \(agentUserId) has no device \(id)")
            }
            guard device.notificationSupportedByAgent else { return false }
            return try Self.queueEvent(c, user: agentUserId, device: id, event: event, now: now)
        }
        if queued { notifyOutbox() }
        return queued
    }

    public func changeSnapshot(users: Set<String>?) throws -> ChangeSnapshot {
        let sql = "SELECT id FROM \"user\" ORDER BY id" + engine.dialect.byteOrder
        let bounds = engine.changeLog.boundsBetweenWriters
        // No writer is in flight while it reads (PostgreSQL: writers wait for it), so the devices reflect exactly the
        // changes up to the latest position.
        return try engine.readBetweenWriters { c in
            let cursor = try Self.changeBounds(c, bounds).latest
            let ids = try c.all(sql) { try $0.string(0) }
            var snapshot = ChangeSnapshot(cursor: cursor, users: [])
            for id in ids where users?.contains(id) ?? true {
                snapshot.users.append(ChangeSnapshot.User(agentUserId: id, devices: try fetchDevices(c, user: id)))
            }
            return snapshot
        }
    }
}
