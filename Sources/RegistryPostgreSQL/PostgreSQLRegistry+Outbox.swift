import Clocks
import MatterModel
import PostgreSQL
import Registry
import Synchronization

// The HomeGraph outbox on PostgreSQL: the same tables and rules as SQLite's (`SQLiteRegistry+Outbox.swift`).
// Queueing statements check in SQL that reporting is on and the user is linked, inside the writer's transaction.
//
// Several instances drain one outbox, each user's work by one instance at a time: reading a user's work
// (``outboxWork(forUser:)``) first claims the user in `outbox_claim` for ``PostgreSQLRegistry/outboxLease``, with
// one conditional upsert (taken when free, lapsed, or already this instance's; PostgreSQL's row lock on the conflicting
// row serializes two instances claiming at once, so no `SELECT … FOR UPDATE SKIP LOCKED` round trip is needed). An
// instance that does not hold the claim reads no work for the user, and ``pendingOutbox()`` leaves out users another
// live instance holds. A claim is renewed by each read and never released: the claimer keeps the user while it
// keeps draining; a killed claimer's users are taken over once its lease lapses, and the rows it had not completed
// (deleted only after delivery) are delivered then. Lease times are this process's wall clock: keep hosts in NTP.

extension PostgreSQLRegistry: OutboxStore {
    private static let queueCondition = """
        WHERE coalesce((SELECT reporting FROM homegraph_setting WHERE id = 1), false) \
        AND NOT EXISTS (SELECT 1 FROM homegraph_user WHERE userId = $1 AND unlinked)
        """

    static func queueReport(_ c: PostgreSQLConnection, user: String, device: String, now: Int64) throws -> Bool {
        try c.query(
            "INSERT INTO outbox_report (userId, deviceId, enqueued) SELECT $1, $2, $3 \(queueCondition) "
                + "ON CONFLICT (userId, deviceId) DO UPDATE SET seq = outbox_report.seq + 1",
            [.text(user), .text(device), .int(now)]
        ).affectedRows > 0
    }

    static func queueSync(_ c: PostgreSQLConnection, user: String, now: Int64) throws -> Bool {
        try c.query(
            "INSERT INTO outbox_sync (userId, enqueued, lastEnqueued) SELECT $1, $2, $2 \(queueCondition) "
                + "ON CONFLICT (userId) DO UPDATE SET seq = outbox_sync.seq + 1, lastEnqueued = excluded.lastEnqueued",
            [.text(user), .int(now)]
        ).affectedRows > 0
    }

    static func queueEvent(
        _ c: PostgreSQLConnection,
        user: String,
        device: String,
        event: DeviceEvent,
        now: Int64
    )
        throws -> Bool
    {
        try c.query(
            "INSERT INTO outbox_event (userId, deviceId, name, value, occurred) SELECT $1, $2, $3, $4, $5 "
                + queueCondition,
            [.text(user), .text(device), .text(event.name.rawValue), PostgreSQLValue(event.value), .int(now)]
        ).affectedRows > 0
    }

    /// Queues what replacing `old` by `new` owes Google (as SQLite's `queueStateChange`).
    func queueStateChange(
        _ c: PostgreSQLConnection,
        user: String,
        from old: Device,
        to new: Device,
        now: Int64
    ) throws
        -> Bool
    {
        var queued = false
        for event in outboxPolicy.events(from: old, to: new) {
            queued = try Self.queueEvent(c, user: user, device: new.id, event: event, now: now) || queued
        }
        if old.stateDiffers(from: new) {
            queued = try Self.queueReport(c, user: user, device: new.id, now: now) || queued
        }
        return queued
    }

    func notifyOutbox() {
        outboxObserver.withLock { $0 }?.notify()
    }

    static func markLinked(_ c: PostgreSQLConnection, user: String) throws {
        try c.query("UPDATE homegraph_user SET unlinked = false WHERE userId = $1 AND unlinked", [.text(user)])
    }

    static func markUnlinked(_ c: PostgreSQLConnection, user: String) throws {
        try c.query(
            "INSERT INTO homegraph_user (userId, unlinked) VALUES ($1, true) "
                + "ON CONFLICT (userId) DO UPDATE SET unlinked = true",
            [.text(user)]
        )
        try deleteOutbox(c, user: user)
    }

    static func deleteOutbox(_ c: PostgreSQLConnection, user: String) throws {
        try c.query("DELETE FROM outbox_report WHERE userId = $1", [.text(user)])
        try c.query("DELETE FROM outbox_sync WHERE userId = $1", [.text(user)])
        try c.query("DELETE FROM outbox_event WHERE userId = $1", [.text(user)])
    }

    public func setReporting(enabled: Bool) throws {
        try write { c, _ in
            try c.query(
                "INSERT INTO homegraph_setting (id, reporting) VALUES (1, $1) "
                    + "ON CONFLICT (id) DO UPDATE SET reporting = excluded.reporting",
                [.bool(enabled)]
            )
            if !enabled {
                try c.execute("DELETE FROM outbox_report; DELETE FROM outbox_sync; DELETE FROM outbox_event")
            }
        }
    }

    public func isReportingEnabled() throws -> Bool {
        try pool.query("SELECT reporting FROM homegraph_setting WHERE id = 1").first?.bool(0) ?? false
    }

    public func recordSync(forUser agentUserId: String, now: UnixTime) throws {
        let milliseconds = now.seconds * 1000
        let due = syncRecorded.withLock { recorded -> Bool in
            if let last = recorded[agentUserId], milliseconds - last < 5000, milliseconds >= last { return false }
            if recorded.count > 10_000 { recorded.removeAll() }
            recorded[agentUserId] = milliseconds
            return true
        }
        guard due else { return }
        try pool.query(
            "INSERT INTO homegraph_user (userId, lastSync) VALUES ($1, $2) "
                + "ON CONFLICT (userId) DO UPDATE SET lastSync = excluded.lastSync",
            [.text(agentUserId), .int(milliseconds)]
        )
    }

    func forgetRecordedSync(forUser agentUserId: String) {
        syncRecorded.withLock { _ = $0.removeValue(forKey: agentUserId) }
    }

    public func recordEvent(_ event: DeviceEvent, forUser agentUserId: String, device id: String) throws -> Bool {
        let queued = try write { c, _ -> Bool in
            guard let device = try Self.fetchDevices(c, user: agentUserId, ids: [id])[id] else {
                throw RegistryError(code: .invalidDevice, message: "user \(agentUserId) has no device \(id)")
            }
            guard device.notificationSupportedByAgent else { return false }
            return try Self.queueEvent(c, user: agentUserId, device: id, event: event, now: clock.unixMilliseconds)
        }
        if queued { notifyOutbox() }
        return queued
    }

    public func observeOutbox(_ observer: (@Sendable () -> Void)?) {
        let box = observer.map(OutboxObserver.init)
        outboxObserver.withLock { $0 = box }
    }

    public func pendingOutbox() throws -> [PendingOutbox] {
        let now = clock.unixMilliseconds
        let others: Set<String> = try Set(
            pool.query(
                "SELECT userId FROM outbox_claim WHERE claimer <> $1 AND claimedUntil > $2",
                [.text(claimer), .int(now)]
            ).rows.map { try $0.string(0) }
        )
        return try read { c in
            var pending: [String: PendingOutbox] = [:]
            func entry(_ user: String) -> PendingOutbox {
                pending[user]
                    ?? PendingOutbox(userId: user, reportSince: nil, syncFirst: nil, syncLast: nil, eventSince: nil)
            }
            for row in try c.query("SELECT userId, min(enqueued) FROM outbox_report GROUP BY userId").rows {
                var item = entry(try row.string(0))
                item.reportSince = try row.int64(1)
                pending[item.userId] = item
            }
            for row in try c.query("SELECT userId, enqueued, lastEnqueued FROM outbox_sync").rows {
                var item = entry(try row.string(0))
                item.syncFirst = try row.int64(1)
                item.syncLast = try row.int64(2)
                pending[item.userId] = item
            }
            for row in try c.query("SELECT userId, min(occurred) FROM outbox_event GROUP BY userId").rows {
                var item = entry(try row.string(0))
                item.eventSince = try row.int64(1)
                pending[item.userId] = item
            }
            return pending.values.filter { !others.contains($0.userId) }.sorted { $0.userId < $1.userId }
        }
    }

    public func outboxWork(forUser agentUserId: String) throws -> OutboxWork {
        guard try claimOutbox(forUser: agentUserId) else {
            return OutboxWork(
                userId: agentUserId,
                unlinked: false,
                lastSync: nil,
                reports: [],
                syncSeq: nil,
                events: []
            )
        }
        return try read { c in
            let user: [PostgreSQLValue] = [.text(agentUserId)]
            let userRow = try c.query("SELECT lastSync, unlinked FROM homegraph_user WHERE userId = $1", user).first
            let reportRows = try c.query(
                "SELECT deviceId, seq FROM outbox_report WHERE userId = $1 ORDER BY deviceId COLLATE \"C\"",
                user
            ).rows
            let syncSeq = try c.query("SELECT seq FROM outbox_sync WHERE userId = $1", user).first?.int64(0)
            let eventRows = try c.query(
                "SELECT id, deviceId, name, value, occurred FROM outbox_event WHERE userId = $1 ORDER BY id",
                user
            ).rows
            let ids = Array(Set(try reportRows.map { try $0.string(0) } + eventRows.map { try $0.string(1) }))
            let devices = try Self.fetchDevices(c, user: agentUserId, ids: ids)
            return OutboxWork(
                userId: agentUserId,
                unlinked: try userRow?.bool(1) ?? false,
                lastSync: try userRow?.optionalInt64(0),
                reports: try reportRows.map { row in
                    let id = try row.string(0)
                    return OutboxWork.Report(deviceId: id, seq: try row.int64(1), device: devices[id])
                },
                syncSeq: syncSeq,
                events: try eventRows.map { row in
                    let deviceId = try row.string(1)
                    let value = try row.optionalInt(3)
                    return OutboxWork.Event(
                        id: try row.int64(0),
                        deviceId: deviceId,
                        event: DeviceEvent.Name(rawValue: try row.string(2)).map {
                            DeviceEvent(name: $0, value: value)
                        },
                        occurred: try row.int64(4),
                        device: devices[deviceId]
                    )
                }
            )
        }
    }

    /// Claims (or renews the claim on) the user's outbox for ``PostgreSQLRegistry/outboxLease``; whether this
    /// instance holds it.
    func claimOutbox(forUser agentUserId: String) throws -> Bool {
        let now = clock.unixMilliseconds
        let lease = outboxLease.components
        let until = now + lease.seconds * 1000 + lease.attoseconds / 1_000_000_000_000_000
        return try !pool.query(
            """
            INSERT INTO outbox_claim (userId, claimer, claimedUntil) VALUES ($1, $2, $3) \
            ON CONFLICT (userId) DO UPDATE SET claimer = excluded.claimer, claimedUntil = excluded.claimedUntil \
            WHERE outbox_claim.claimer = excluded.claimer OR outbox_claim.claimedUntil <= $4 \
            RETURNING claimer
            """,
            [.text(agentUserId), .text(claimer), .int(until), .int(now)]
        ).rows.isEmpty
    }

    public func completeOutbox(
        forUser agentUserId: String,
        reports: [OutboxWork.Report] = [],
        syncSeq: Int64? = nil,
        events: [Int64] = []
    ) throws {
        guard !reports.isEmpty || syncSeq != nil || !events.isEmpty else { return }
        try pool.transaction { c in
            let restarted = clock.unixMilliseconds
            for report in reports {
                try c.query(
                    "DELETE FROM outbox_report WHERE userId = $1 AND deviceId = $2 AND seq = $3",
                    [.text(agentUserId), .text(report.deviceId), .int(report.seq)]
                )
                try c.query(
                    "UPDATE outbox_report SET enqueued = $1 WHERE userId = $2 AND deviceId = $3",
                    [.int(restarted), .text(agentUserId), .text(report.deviceId)]
                )
            }
            if let syncSeq {
                try c.query(
                    "DELETE FROM outbox_sync WHERE userId = $1 AND seq = $2",
                    [.text(agentUserId), .int(syncSeq)]
                )
            }
            for id in events {
                try c.query("DELETE FROM outbox_event WHERE userId = $1 AND id = $2", [.text(agentUserId), .int(id)])
            }
        }
    }

    public func dropOutbox(forUser agentUserId: String) throws {
        try pool.transaction { c in try Self.deleteOutbox(c, user: agentUserId) }
    }

    public func outboxCounts() throws -> OutboxCounts {
        try read { c in
            OutboxCounts(
                reports: try c.query("SELECT count(*) FROM outbox_report").first?.int(0) ?? 0,
                syncs: try c.query("SELECT count(*) FROM outbox_sync").first?.int(0) ?? 0,
                events: try c.query("SELECT count(*) FROM outbox_event").first?.int(0) ?? 0
            )
        }
    }
}
