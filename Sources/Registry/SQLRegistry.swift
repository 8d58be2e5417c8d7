import Clocks
import JSON
import Synchronization

/// A registry kept in a SQL database: every store protocol's operations, written once here on ``RegistryDatabase``,
/// whichever engine supplies it.
///
/// The design, after GRDB (operations written once on `DatabaseReader`/`DatabaseWriter`, `DatabaseQueue` and
/// `DatabasePool` differing only underneath): each engine module has one class, named for what it is
/// (`SQLiteRegistry`, `PostgreSQLRegistry`), that owns its engine's connections and opening options and conforms
/// to this protocol; the operations come from this protocol's extensions (`SQLRegistry+Tokens.swift`, …). The
/// engine classes stay separate types because what they open, and what only one of them has (a SQLite file's
/// backup and checkpoint, PostgreSQL's outbox claims), differ; what they share is written once.
package protocol SQLRegistry: AnyObject, Sendable {
    /// The engine underneath.
    associatedtype Engine: RegistryDatabase

    /// The engine's transactions and connections.
    var engine: Engine { get }

    /// The cache, clock, policy and observers.
    var state: RegistryState { get }

    /// Claims (or renews the claim on) the user's outbox for this process; whether it holds it. Always `true` where
    /// one process drains (SQLite).
    func claimOutbox(forUser agentUserId: String) throws -> Bool

    /// The users whose outbox another live process holds the claim on; none where one process drains (SQLite).
    func outboxClaimedElsewhere() throws -> Set<String>
}

extension SQLRegistry {
    /// The cache protocol of every cached read (see ``RegistryCache``): a hit without touching the database when the
    /// change counter was verified within the revalidation interval; otherwise the counter is probed and a hit at
    /// that counter is served; only a miss opens a read transaction, which verifies the counter again, looks in the
    /// cache again, and then loads from the database.
    package func readThroughCache<T>(
        lookup: (RegistryCache, Int64) -> T?,
        load: (Engine.Connection, Int64) throws -> T
    ) throws -> T {
        let now = state.clock.now
        let interval = state.revalidationInterval
        if let hit = state.cache.withLock({ cache -> T? in
            cache.isFresh(now: now, interval: interval) ? lookup(cache, cache.generation) : nil
        }) {
            return hit
        }
        if let generation = try engine.probeGeneration(), let hit = verifiedLookup(generation, at: now, lookup) {
            return hit
        }
        return try engine.read { c in
            let generation = try engine.generation(c)
            if let hit = verifiedLookup(generation, at: now, lookup) {
                return hit
            }
            return try load(c, generation)
        }
    }

    /// Records the counter just read as verified at `now`, then looks in the cache at that counter.
    private func verifiedLookup<T>(
        _ generation: Int64,
        at now: ContinuousClock.Instant,
        _ lookup: (RegistryCache, Int64) -> T?
    ) -> T? {
        state.cache.withLock { cache -> T? in
            cache.verified(generation, at: now)
            return lookup(cache, generation)
        }
    }

    /// Drops every cached value: the next read checks the change counter again.
    package func invalidateCache() {
        state.cache.withLock { $0.invalidate() }
    }

    /// Tells the change feed (in this process) that changes were recorded.
    package func notifyChanges() {
        state.changeObserver.withLock { $0 }?.notify()
    }

    /// Tells the drain (in this process) that work was queued.
    package func notifyOutbox() {
        state.outboxObserver.withLock { $0 }?.notify()
    }

    /// Forgets when ``OutboxStore/recordSync(forUser:now:)`` last wrote for the user, so that the next SYNC is
    /// recorded.
    package func forgetRecordedSync(forUser agentUserId: String) {
        state.syncRecorded.withLock { _ = $0.removeValue(forKey: agentUserId) }
    }

    // MARK: - Statements several concerns share

    /// Creates the user row unless it exists; whether it was created.
    package static func insertUser(_ c: Engine.Connection, _ agentUserId: String) throws -> Bool {
        try c.execute("INSERT INTO \"user\" (id) VALUES (?) ON CONFLICT DO NOTHING", [.text(agentUserId)]) > 0
    }

    /// Appends `change` to the log in the caller's write transaction. Every write that changes what `/v1/changes`
    /// reports calls this inside its own transaction, so the change and its log entry commit or roll back together.
    package static func recordChange(_ c: Engine.Connection, _ change: ChangeRecord, occurred: Int64) throws {
        try c.execute(
            "INSERT INTO change (occurred, kind, userId, deviceId, data) VALUES (?, ?, ?, ?, ?)",
            [
                .int(occurred), .text(change.kind.rawValue), .text(change.agentUserId), SQLValue(change.deviceId),
                .text(String(decoding: JSONWriter.bytes(.object(change.data)), as: UTF8.self)),
            ]
        )
    }

    /// The one routine that makes a user "linked again" (a token was issued to them): HomeGraph work is queued and
    /// sent again. Called inside the transaction that stores the token.
    package static func markLinked(_ c: Engine.Connection, user: String) throws {
        try c.execute("UPDATE homegraph_user SET unlinked = FALSE WHERE userId = ? AND unlinked", [.text(user)])
    }

    /// The one routine that makes a user unlinked (DISCONNECT): its queued HomeGraph work is dropped and none is
    /// queued until ``markLinked(_:user:)``. Called inside the transaction that revokes the tokens.
    package static func markUnlinked(_ c: Engine.Connection, user: String) throws {
        try c.execute(
            "INSERT INTO homegraph_user (userId, unlinked) VALUES (?, TRUE) "
                + "ON CONFLICT (userId) DO UPDATE SET unlinked = TRUE",
            [.text(user)]
        )
        try deleteOutbox(c, user: user)
    }

    /// Drops the user's queued HomeGraph work.
    package static func deleteOutbox(_ c: Engine.Connection, user: String) throws {
        try c.execute("DELETE FROM outbox_report WHERE userId = ?", [.text(user)])
        try c.execute("DELETE FROM outbox_sync WHERE userId = ?", [.text(user)])
        try c.execute("DELETE FROM outbox_event WHERE userId = ?", [.text(user)])
    }
}
