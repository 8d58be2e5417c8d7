import Clocks
import MatterModel
import Synchronization

// The HomeGraph outbox (migration "v6: outbox"): every writer queues the work a change causes in the transaction
// that writes the change. A queueing statement checks, in SQL, that reporting is enabled (homegraph_setting, which
// `serve` writes at start) and that the user is not unlinked, so that a CLI process decides exactly as the server
// would, and a disabled registry's outbox stays empty. The hot path (EXECUTE) adds one statement per changed device
// to its existing transaction. How the drain reads and completes work is the engines' own (PostgreSQL's instances
// claim users for a lease).

/// The queueing statements, built once: they run inside every EXECUTE that changes a device.
private enum OutboxSQL {
    /// Queues nothing unless reporting is on and the user (`?1`) is linked.
    static let queueCondition = """
        WHERE coalesce((SELECT reporting FROM homegraph_setting WHERE id = 1), FALSE) \
        AND NOT EXISTS (SELECT 1 FROM homegraph_user WHERE userId = ?1 AND unlinked)
        """
    static let queueReport = """
        INSERT INTO outbox_report (userId, deviceId, enqueued) SELECT ?1, ?2, ?3 \(queueCondition) \
        ON CONFLICT (userId, deviceId) DO UPDATE SET seq = outbox_report.seq + 1
        """
    static let queueSync = """
        INSERT INTO outbox_sync (userId, enqueued, lastEnqueued) SELECT ?1, ?2, ?2 \(queueCondition) \
        ON CONFLICT (userId) DO UPDATE SET seq = outbox_sync.seq + 1, lastEnqueued = excluded.lastEnqueued
        """
    static let queueEvent = """
        INSERT INTO outbox_event (userId, deviceId, name, value, occurred) SELECT ?1, ?2, ?3, ?4, ?5 \(queueCondition)
        """
}

extension SQLRegistry {
    /// Queues a state report for a device; whether a row was written or bumped.
    package static func queueReport(_ c: Engine.Connection, user: String, device: String, now: Int64) throws -> Bool {
        try c.execute(
            OutboxSQL.queueReport,
            [.text(user), .text(device), .int(now)]
        ) > 0
    }

    /// Queues a Request Sync for a user; whether a row was written or bumped.
    package static func queueSync(_ c: Engine.Connection, user: String, now: Int64) throws -> Bool {
        try c.execute(
            OutboxSQL.queueSync,
            [.text(user), .int(now)]
        ) > 0
    }

    /// Queues a notification; whether a row was written.
    package static func queueEvent(
        _ c: Engine.Connection,
        user: String,
        device: String,
        event: DeviceEvent,
        now: Int64
    ) throws -> Bool {
        try c.execute(
            OutboxSQL.queueEvent,
            [.text(user), .text(device), .text(event.name.rawValue), SQLValue(event.value), .int(now)]
        ) > 0
    }

    /// Queues what replacing `old` by `new` (both stored, same id) owes Google: the policy's notifications, and a
    /// state report when cluster state or connectivity changed. Whether anything was queued.
    package func queueStateChange(
        _ c: Engine.Connection,
        user: String,
        from old: Device,
        to new: Device,
        now: Int64
    ) throws -> Bool {
        var queued = false
        for event in state.outboxPolicy.events(from: old, to: new) {
            queued = try Self.queueEvent(c, user: user, device: new.id, event: event, now: now) || queued
        }
        if old.stateDiffers(from: new) {
            queued = try Self.queueReport(c, user: user, device: new.id, now: now) || queued
        }
        return queued
    }

    // MARK: - Settings and users

    /// Whether HomeGraph work is queued (the setting `serve` writes at start). Turning it off empties the outbox.
    public func setReporting(enabled: Bool) throws {
        try engine.write(.fleet) { c in
            try c.execute(
                "INSERT INTO homegraph_setting (id, reporting) VALUES (1, ?) "
                    + "ON CONFLICT (id) DO UPDATE SET reporting = excluded.reporting",
                [.bool(enabled)]
            )
            if !enabled {
                try c.execute("DELETE FROM outbox_report", [])
                try c.execute("DELETE FROM outbox_sync", [])
                try c.execute("DELETE FROM outbox_event", [])
            }
        }
    }

    /// Whether HomeGraph work is queued.
    public func isReportingEnabled() throws -> Bool {
        try engine.readEach { c in
            try c.first("SELECT reporting FROM homegraph_setting WHERE id = 1") { try $0.bool(0) } ?? false
        }
    }

    public func recordSync(forUser agentUserId: String, now: UnixTime) throws {
        let milliseconds = now.seconds * 1000
        // SYNC is read-only otherwise: write at most once per user every few seconds.
        let due = state.syncRecorded.withLock { recorded -> Bool in
            if let last = recorded[agentUserId], milliseconds - last < 5000, milliseconds >= last { return false }
            if recorded.count > 10_000 { recorded.removeAll() }
            recorded[agentUserId] = milliseconds
            return true
        }
        guard due else { return }
        _ = try engine.writeUnlocked { c in
            try c.execute(
                "INSERT INTO homegraph_user (userId, lastSync) VALUES (?, ?) "
                    + "ON CONFLICT (userId) DO UPDATE SET lastSync = excluded.lastSync, unlinked = FALSE",
                [.text(agentUserId), .int(milliseconds)]
            )
        }
    }

    // MARK: - The drain's side

    /// Registers the function called (on the writer's thread, after commit) whenever this process queued work.
    public func observeOutbox(_ observer: (@Sendable () -> Void)?) {
        let box = observer.map(OutboxObserver.init)
        state.outboxObserver.withLock { $0 = box }
    }

    /// Drops everything queued for a user.
    public func dropOutbox(forUser agentUserId: String) throws {
        try engine.write(.user(agentUserId)) { c in try Self.deleteOutbox(c, user: agentUserId) }
    }

    /// How much is queued.
    public func outboxCounts() throws -> OutboxCounts {
        try engine.read { c in
            OutboxCounts(
                reports: try c.first("SELECT count(*) FROM outbox_report") { try $0.int(0) } ?? 0,
                syncs: try c.first("SELECT count(*) FROM outbox_sync") { try $0.int(0) } ?? 0,
                events: try c.first("SELECT count(*) FROM outbox_event") { try $0.int(0) } ?? 0
            )
        }
    }
}
