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
    /// change counters of `user` (`nil`: the fleet's, for tokens) were verified within the revalidation interval;
    /// otherwise the counters are probed and a hit at those counters is served; only a miss opens a read transaction,
    /// which verifies the counters again, looks in the cache again, and then loads from the database.
    package func readThroughCache<T>(
        user: String?,
        lookup: (RegistryCache, RegistryCounters) -> T?,
        load: (Engine.Connection, RegistryCounters) throws -> T
    ) throws -> T {
        let now = state.clock.now
        let interval = state.revalidationInterval
        if let hit = state.cache.withLock({ cache -> T? in
            guard let counters = cache.freshCounters(forUser: user, now: now, interval: interval) else { return nil }
            return lookup(cache, counters)
        }) {
            return hit
        }
        if let counters = try engine.probeCounters(user: user),
            let hit = verifiedLookup(counters, user: user, at: now, lookup)
        {
            return hit
        }
        return try engine.read { c in
            let counters = try engine.counters(c, user: user)
            if let hit = verifiedLookup(counters, user: user, at: now, lookup) {
                return hit
            }
            return try load(c, counters)
        }
    }

    /// Records the counters just read as verified at `now`, then looks in the cache at those counters.
    private func verifiedLookup<T>(
        _ counters: RegistryCounters,
        user: String?,
        at now: ContinuousClock.Instant,
        _ lookup: (RegistryCache, RegistryCounters) -> T?
    ) -> T? {
        state.cache.withLock { cache -> T? in
            cache.verified(counters, forUser: user, at: now)
            return lookup(cache, counters)
        }
    }

    /// Drops every cached value: the next read checks the change counters again.
    package func invalidateCache() {
        state.cache.withLock { $0.invalidate() }
    }

    /// Makes the next token check read the database (after a write of this process to tokens alone).
    package func invalidateTokenCache() {
        state.cache.withLock { $0.invalidateTokens() }
    }

    /// Runs `body` in a write transaction scoped to the user who owns the row `ownerSQL` finds (a token or code
    /// looked up by hash: its user is known only once read). The owner is read first, then its lock taken, then read
    /// again under the lock; should it differ (a row inserted meanwhile: a row's owner never changes), the transaction
    /// is rolled back and run again. Without an owner, the transaction takes only the fleet key shared.
    package func writeForOwner<T>(
        _ ownerSQL: String,
        _ arguments: [SQLValue],
        _ body: (Engine.Connection) throws -> T
    ) throws -> T {
        while true {
            let owner = try engine.readEach { c in try c.first(ownerSQL, arguments) { try $0.string(0) } }
            let outcome = try engine.write(owner.map { .user($0) } ?? .users([])) { c -> T? in
                guard try c.first(ownerSQL, arguments, { try $0.string(0) }) == owner else { return nil }
                return .some(try body(c))
            }
            if let outcome { return outcome }
        }
    }

    /// Makes the next read of `user`'s devices check the change counters again (after a write of this process that
    /// did not patch the cache); other users' devices stay cached where the engine counts per user.
    package func invalidateCache(forUser user: String) {
        state.cache.withLock { $0.invalidate(user: user) }
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
