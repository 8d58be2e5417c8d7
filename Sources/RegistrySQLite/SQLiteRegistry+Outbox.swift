import Clocks
import Foundation
import GRDB
import MatterModel
import Registry
import Synchronization

// The HomeGraph outbox (migration "v6: outbox"): every writer queues the work a change causes in the transaction
// that writes the change. A queueing statement checks, in SQL, that reporting is enabled (homegraph_setting, which
// `serve` writes at start) and that the user is not unlinked, so that a CLI process decides exactly as the server
// would, and a disabled registry's outbox stays empty. The hot path (EXECUTE) adds one statement per changed device
// to its existing transaction.

extension SQLiteRegistry: OutboxStore {
    /// Queues nothing unless reporting is on and the user (`?1`) is linked.
    private static let queueCondition = """
        WHERE coalesce((SELECT reporting FROM homegraph_setting WHERE id = 1), 0) = 1 \
        AND NOT EXISTS (SELECT 1 FROM homegraph_user WHERE userId = ?1 AND unlinked = 1)
        """
    private static let queueReportSQL = """
        INSERT INTO outbox_report (userId, deviceId, enqueued) SELECT ?1, ?2, ?3 \(queueCondition) \
        ON CONFLICT (userId, deviceId) DO UPDATE SET seq = seq + 1
        """
    private static let queueSyncSQL = """
        INSERT INTO outbox_sync (userId, enqueued, lastEnqueued) SELECT ?1, ?2, ?2 \(queueCondition) \
        ON CONFLICT (userId) DO UPDATE SET seq = seq + 1, lastEnqueued = excluded.lastEnqueued
        """
    private static let queueEventSQL = """
        INSERT INTO outbox_event (userId, deviceId, name, value, occurred) SELECT ?1, ?2, ?3, ?4, ?5 \(queueCondition)
        """

    /// Queues a state report for a device; whether a row was written or bumped.
    static func queueReport(_ db: Database, user: String, device: String, now: Int64) throws -> Bool {
        try db.cachedStatement(sql: queueReportSQL).execute(arguments: [user, device, now])
        return db.changesCount > 0
    }

    /// Queues a Request Sync for a user; whether a row was written or bumped.
    static func queueSync(_ db: Database, user: String, now: Int64) throws -> Bool {
        try db.cachedStatement(sql: queueSyncSQL).execute(arguments: [user, now])
        return db.changesCount > 0
    }

    /// Queues a notification; whether a row was written.
    static func queueEvent(_ db: Database, user: String, device: String, event: DeviceEvent, now: Int64) throws -> Bool
    {
        try db.cachedStatement(sql: queueEventSQL).execute(arguments: [
            user, device, event.name.rawValue, event.value, now,
        ])
        return db.changesCount > 0
    }

    /// Queues what replacing `old` by `new` (both stored, same id) owes Google: the policy's notifications, and a
    /// state report when cluster state or connectivity changed. Whether anything was queued.
    func queueStateChange(_ db: Database, user: String, from old: Device, to new: Device, now: Int64) throws -> Bool {
        var queued = false
        for event in outboxPolicy.events(from: old, to: new) {
            queued = try Self.queueEvent(db, user: user, device: new.id, event: event, now: now) || queued
        }
        if old.stateDiffers(from: new) {
            queued = try Self.queueReport(db, user: user, device: new.id, now: now) || queued
        }
        return queued
    }

    /// Tells the drain (in this process) that work was queued.
    func notifyOutbox() {
        outboxObserver.withLock { $0 }?.notify()
    }

    /// The one routine that makes a user "linked again" (a token was issued to them): HomeGraph work is queued and
    /// sent again. Called inside the transaction that stores the token.
    static func markLinked(_ db: Database, user: String) throws {
        try db.cachedStatement(sql: "UPDATE homegraph_user SET unlinked = 0 WHERE userId = ? AND unlinked = 1")
            .execute(arguments: [user])
    }

    /// The one routine that makes a user unlinked (DISCONNECT): its queued HomeGraph work is dropped and none is
    /// queued until ``markLinked(_:user:)``. Called inside the transaction that revokes the tokens.
    static func markUnlinked(_ db: Database, user: String) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO homegraph_user (userId, unlinked) VALUES (?, 1) \
                ON CONFLICT (userId) DO UPDATE SET unlinked = 1
                """
        ).execute(arguments: [user])
        try deleteOutbox(db, user: user)
    }

    // MARK: - Settings and users

    /// Whether HomeGraph work is queued (the setting `serve` writes at start). Turning it off empties the outbox.
    public func setReporting(enabled: Bool) throws {
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO homegraph_setting (id, reporting) VALUES (1, ?) \
                    ON CONFLICT (id) DO UPDATE SET reporting = excluded.reporting
                    """,
                arguments: [enabled]
            )
            if !enabled {
                try db.execute(sql: "DELETE FROM outbox_report; DELETE FROM outbox_sync; DELETE FROM outbox_event")
            }
        }
    }

    /// Whether HomeGraph work is queued.
    public func isReportingEnabled() throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT reporting = 1 FROM homegraph_setting WHERE id = 1") ?? false
        }
    }

    public func recordSync(forUser agentUserId: String, now: UnixTime) throws {
        let milliseconds = now.seconds * 1000
        // SYNC is read-only otherwise: write at most once per user every few seconds.
        let due = syncRecorded.withLock { recorded -> Bool in
            if let last = recorded[agentUserId], milliseconds - last < 5000, milliseconds >= last { return false }
            if recorded.count > 10_000 { recorded.removeAll() }
            recorded[agentUserId] = milliseconds
            return true
        }
        guard due else { return }
        try pool.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO homegraph_user (userId, lastSync) VALUES (?, ?) \
                    ON CONFLICT (userId) DO UPDATE SET lastSync = excluded.lastSync
                    """
            ).execute(arguments: [agentUserId, milliseconds])
        }
    }

    /// Forgets when ``recordSync(forUser:now:)`` last wrote for the user, so that the next SYNC is recorded.
    func forgetRecordedSync(forUser agentUserId: String) {
        syncRecorded.withLock { _ = $0.removeValue(forKey: agentUserId) }
    }

    /// Queues a device event (a doorbell press) for the user's device. Whether it was queued: not when reporting is
    /// off, the user is unlinked, or the device does not declare `notificationSupportedByAgent`.
    ///
    /// - Throws: ``RegistryError/Code/invalidDevice`` when the user has no such device.
    public func recordEvent(_ event: DeviceEvent, forUser agentUserId: String, device id: String) throws -> Bool {
        let queued = try pool.write { db -> Bool in
            guard let device = try Self.fetchDevices(db, user: agentUserId, ids: [id])[id] else {
                throw RegistryError(code: .invalidDevice, message: "user \(agentUserId) has no device \(id)")
            }
            guard device.notificationSupportedByAgent else { return false }
            return try Self.queueEvent(db, user: agentUserId, device: id, event: event, now: clock.unixMilliseconds)
        }
        if queued { notifyOutbox() }
        return queued
    }

    // MARK: - The drain's side

    /// Registers the function called (on the writer's thread, after commit) whenever this process queued work.
    public func observeOutbox(_ observer: (@Sendable () -> Void)?) {
        let box = observer.map(OutboxObserver.init)
        outboxObserver.withLock { $0 = box }
    }

    /// Every user with queued work.
    public func pendingOutbox() throws -> [PendingOutbox] {
        try pool.read { db in
            var pending: [String: PendingOutbox] = [:]
            func entry(_ user: String) -> PendingOutbox {
                pending[user]
                    ?? PendingOutbox(userId: user, reportSince: nil, syncFirst: nil, syncLast: nil, eventSince: nil)
            }
            for row in try Row.fetchAll(db, sql: "SELECT userId, min(enqueued) FROM outbox_report GROUP BY userId") {
                var item = entry(row[0])
                item.reportSince = row[1]
                pending[item.userId] = item
            }
            for row in try Row.fetchAll(db, sql: "SELECT userId, enqueued, lastEnqueued FROM outbox_sync") {
                var item = entry(row[0])
                item.syncFirst = row[1]
                item.syncLast = row[2]
                pending[item.userId] = item
            }
            for row in try Row.fetchAll(db, sql: "SELECT userId, min(occurred) FROM outbox_event GROUP BY userId") {
                var item = entry(row[0])
                item.eventSince = row[1]
                pending[item.userId] = item
            }
            return pending.values.sorted { $0.userId < $1.userId }
        }
    }

    /// Everything queued for a user, with the devices as they are now, read in one transaction.
    public func outboxWork(forUser agentUserId: String) throws -> OutboxWork {
        try pool.read { db in
            let userRow = try Row.fetchOne(
                db,
                sql: "SELECT lastSync, unlinked FROM homegraph_user WHERE userId = ?",
                arguments: [agentUserId]
            )
            let reportRows = try Row.fetchAll(
                db,
                sql: "SELECT deviceId, seq FROM outbox_report WHERE userId = ? ORDER BY deviceId",
                arguments: [agentUserId]
            )
            let syncSeq = try Int64.fetchOne(
                db,
                sql: "SELECT seq FROM outbox_sync WHERE userId = ?",
                arguments: [agentUserId]
            )
            let eventRows = try Row.fetchAll(
                db,
                sql: "SELECT id, deviceId, name, value, occurred FROM outbox_event WHERE userId = ? ORDER BY id",
                arguments: [agentUserId]
            )
            let ids = Array(Set(reportRows.map { $0[0] as String } + eventRows.map { $0[1] as String }))
            let devices = try Self.fetchDevices(db, user: agentUserId, ids: ids)
            return OutboxWork(
                userId: agentUserId,
                unlinked: (userRow?[1] as Int64?) == 1,
                lastSync: userRow?[0],
                reports: reportRows.map { row in
                    OutboxWork.Report(deviceId: row[0], seq: row[1], device: devices[row[0]])
                },
                syncSeq: syncSeq,
                events: eventRows.map { row in
                    OutboxWork.Event(
                        id: row[0],
                        deviceId: row[1],
                        event: DeviceEvent.Name(rawValue: row[2]).map { DeviceEvent(name: $0, value: row[3]) },
                        occurred: row[4],
                        device: devices[row[1]]
                    )
                }
            )
        }
    }

    /// Deletes delivered (or dropped) work: each report row only if it did not change since it was read.
    public func completeOutbox(
        forUser agentUserId: String,
        reports: [OutboxWork.Report] = [],
        syncSeq: Int64? = nil,
        events: [Int64] = []
    ) throws {
        guard !reports.isEmpty || syncSeq != nil || !events.isEmpty else { return }
        try pool.write { db in
            let restarted = clock.unixMilliseconds
            for report in reports {
                try db.cachedStatement(sql: "DELETE FROM outbox_report WHERE userId = ? AND deviceId = ? AND seq = ?")
                    .execute(arguments: [agentUserId, report.deviceId, report.seq])
                // Changed again while the call was in flight: its coalescing window starts now, so a device that keeps
                // changing is reported once per window, not in a tight loop.
                try db.cachedStatement(sql: "UPDATE outbox_report SET enqueued = ? WHERE userId = ? AND deviceId = ?")
                    .execute(arguments: [restarted, agentUserId, report.deviceId])
            }
            if let syncSeq {
                try db.cachedStatement(sql: "DELETE FROM outbox_sync WHERE userId = ? AND seq = ?")
                    .execute(arguments: [agentUserId, syncSeq])
            }
            for id in events {
                try db.cachedStatement(sql: "DELETE FROM outbox_event WHERE id = ?").execute(arguments: [id])
            }
        }
    }

    /// Drops everything queued for a user.
    public func dropOutbox(forUser agentUserId: String) throws {
        try pool.write { db in try Self.deleteOutbox(db, user: agentUserId) }
    }

    private static func deleteOutbox(_ db: Database, user: String) throws {
        for table in ["outbox_report", "outbox_sync", "outbox_event"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE userId = ?", arguments: [user])
        }
    }

    /// How much is queued.
    public func outboxCounts() throws -> OutboxCounts {
        try pool.read { db in
            OutboxCounts(
                reports: try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox_report") ?? 0,
                syncs: try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox_sync") ?? 0,
                events: try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox_event") ?? 0
            )
        }
    }
}
