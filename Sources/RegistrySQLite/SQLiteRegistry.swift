import Clocks
import Foundation
import GRDB
import JSON
import MatterModel
import Registry
import Synchronization

/// The registry in one SQLite file, through a GRDB `DatabasePool` in WAL mode: concurrent readers for SYNC and
/// QUERY, one writer, and one committed transaction per ``updateDevices(forUser:ids:_:)``. Every concern of the
/// registry (``RegistryStore``): devices here, tokens in `+Tokens`, accounts in `+Accounts`, the outbox in
/// `+Outbox`.
///
/// The schema is described in `SQLiteRegistry+Schema.swift` and created or migrated by ``init(path:synchronous:)``.
/// Several processes may open the same file (the CLI while the server runs): a writer waits up to
/// ``busyTimeoutSeconds`` for another one to finish instead of failing. ``inMemory(outboxPolicy:)`` makes the same
/// store in memory, for tests of the modules that use a store.
public final class SQLiteRegistry: DeviceStore, AttemptStore, StoreHealth, ClosableStore {
    /// SQLite's `PRAGMA synchronous`: how hard a commit waits for the disk.
    public enum Synchronous: String, Sendable, CaseIterable {
        /// No syncs: fastest; a crash of the operating system can lose or corrupt the database.
        case off
        /// In WAL mode a commit survives a killed process but the last commits may be lost on power loss.
        case normal
        /// Every commit is synced: survives power loss.
        case full
        /// Like `full`, also syncing the directory after a journal is removed.
        case extra
    }

    /// How long a write waits for another connection (another process) to release the database.
    public static let busyTimeoutSeconds: Double = 5

    /// A `DatabasePool` for a file; a `DatabaseQueue` (one connection) in memory.
    let pool: any DatabaseWriter
    /// Checks the change counter outside the pool's transactions (a file's store only: in memory there is no other
    /// process to check for).
    let counterProbe: ChangeCounterProbe?
    /// Decoded devices and tokens for the current change counter; see ``RegistryCache``.
    let cache = Mutex(RegistryCache())
    /// How long a verified change counter is trusted before reads check SQLite again.
    let revalidationInterval: Duration
    /// Monotonic time for the revalidation interval, wall time for the outbox's timestamps (tests pass a clock
    /// they advance).
    let clock: any HearthClock

    /// Decides which HomeGraph work a change queues (see `SQLiteRegistry+Outbox.swift`).
    let outboxPolicy: any OutboxPolicy
    /// Called after a commit that queued HomeGraph work: wakes the drain of this process. Boxed in a class: a bare
    /// closure stored in a `Mutex` is reabstracted on every `withLock` and grows a chain of thunks per call (measured:
    /// EXECUTE fell to a tenth within seconds).
    let outboxObserver = Mutex<OutboxObserver?>(nil)
    /// Called after a commit that recorded changes (see ``ChangeStore/observeChanges(_:)``).
    let changeObserver = Mutex<OutboxObserver?>(nil)
    /// When ``recordSync(forUser:now:)`` last wrote, per user (unix milliseconds).
    let syncRecorded = Mutex<[String: Int64]>([:])

    /// The default ``revalidationInterval``: other processes' writes are seen by reads within this time.
    public static let defaultRevalidationInterval = RegistryRows.defaultRevalidationInterval

    /// Opens (creating it if needed) the database at `path`, and migrates it to the current schema.
    ///
    /// - Parameters:
    ///   - path: The SQLite file; `-wal` and `-shm` files are created beside it.
    ///   - synchronous: The durability of commits; `.normal` survives a killed process.
    ///   - revalidationInterval: How long reads trust the last verified change counter. Writes by this process are
    ///     seen at once; writes by another process (a CLI import, say) within this time. `.zero` checks on every
    ///     read.
    ///   - outboxPolicy: Decides which HomeGraph work a change queues (Request Sync, notifications); the default
    ///     knows only Matter structure.
    ///   - clock: The time ``revalidationInterval`` is measured on and outbox rows are stamped with; tests pass a
    ///     clock they advance.
    public convenience init(
        path: String,
        synchronous: Synchronous = .normal,
        revalidationInterval: Duration = SQLiteRegistry.defaultRevalidationInterval,
        outboxPolicy: any OutboxPolicy = StructuralOutboxPolicy(),
        clock: any HearthClock = SystemClock()
    ) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
        configuration.journalMode = .wal
        let pragma = "PRAGMA synchronous = \(synchronous.rawValue.uppercased())"
        configuration.prepareDatabase { db in
            try db.execute(sql: pragma)
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            // DatabasePool sets `synchronous = NORMAL` on its writer when it enables WAL, after `prepareDatabase`
            // ran: set it again on the writer, the one connection that commits.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: pragma)
            }
            try self.init(
                migrating: pool,
                counterProbePath: path,
                revalidationInterval: revalidationInterval,
                outboxPolicy: outboxPolicy,
                clock: clock
            )
        } catch let error as DatabaseError {
            throw RegistryError.opening(path: path, error)
        }
    }

    /// A new, empty registry in memory (one SQLite connection, no file), with the same schema, transactions and
    /// semantics as a file; gone when the store is released. For tests of the modules that use a store.
    public static func inMemory(
        outboxPolicy: any OutboxPolicy = StructuralOutboxPolicy(),
        clock: any HearthClock = SystemClock()
    ) throws -> SQLiteRegistry {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        return try SQLiteRegistry(
            migrating: DatabaseQueue(configuration: configuration),
            counterProbePath: nil,
            revalidationInterval: defaultRevalidationInterval,
            outboxPolicy: outboxPolicy,
            clock: clock
        )
    }

    /// Migrates `writer` to the current schema and serves from it.
    private init(
        migrating writer: any DatabaseWriter,
        counterProbePath: String?,
        revalidationInterval: Duration,
        outboxPolicy: any OutboxPolicy,
        clock: any HearthClock
    ) throws {
        self.revalidationInterval = revalidationInterval
        self.clock = clock
        self.outboxPolicy = outboxPolicy
        self.pool = writer
        let migrator = Self.migrator
        // A file migrated by a newer Hearth has migrations this build does not know: refuse it (as PostgreSQL's
        // store does) rather than serve a schema whose meaning changed.
        if let unknown = try writer.read({ db -> String? in
            guard try migrator.hasBeenSuperseded(db) else { return nil }
            let known = Set(migrator.migrations)
            return try migrator.appliedIdentifiers(db).first { !known.contains($0) }
        }) {
            var error = RegistryError(
                code: .cannotOpen,
                message:
                    "cannot open the database: its schema is newer than this hearth knows (it has migration "
                    + "\"\(unknown)\"); run the hearth version that migrated it, or a newer one"
            )
            error.openFailure = .newerSchema
            throw error
        }
        try migrator.migrate(writer)
        // After the migration: the probe's statement is prepared against the `generation` table.
        counterProbe = try counterProbePath.map {
            try ChangeCounterProbe(path: $0, busyTimeoutMilliseconds: Int32(Self.busyTimeoutSeconds * 1000))
        }
    }

    /// Copies the write-ahead log into the database file and truncates the log to 0 bytes
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`), so that the database file alone holds the whole registry; `nil` in
    /// memory.
    ///
    /// Idle connections (this store's readers and change-counter probe, another process's) do not stand in the way;
    /// a read transaction still open in another process is waited for up to ``busyTimeoutSeconds``, then the log
    /// stays (``StoreCheckpoint/truncated`` is `false`). Call it after the last write: a later write starts a new
    /// log.
    public func checkpoint() throws -> StoreCheckpoint? {
        guard pool is DatabasePool else { return nil }
        let log = pool.path + "-wal"
        let walBytes = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        // One row (busy, log frames, checkpointed frames); busy is 1 when a reader kept the log from being reset.
        let busy = try pool.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return StoreCheckpoint(walBytes: walBytes, truncated: busy == 0)
    }

    /// Closes every connection, the change-counter probe and the readers before the writer; later calls of the store
    /// throw. Call at graceful shutdown, after the last use.
    ///
    /// The order matters for the files left behind: when the last connection to a database (in any process) closes,
    /// SQLite checkpoints the write-ahead log into the database file and removes the `-wal` and `-shm` files, but only
    /// a connection that can write can do that. GRDB's `DatabasePool.close()` closes its writer first and its
    /// read-only readers last, which left the log beside the file; here the writer closes last. When another process
    /// still has the file open, nothing is checkpointed and nothing waits.
    public func close() throws {
        counterProbe?.close()
        // Closes the pool's readers (they are not persistent) and waits until they are.
        (pool as? DatabasePool)?.releaseMemory()
        try pool.close()
    }

    // MARK: - Devices

    public func snapshot(forUser agentUserId: String) throws -> DeviceSnapshot {
        try readThroughCache { cache, generation in
            cache.snapshot(forUser: agentUserId, at: generation)
        } load: { db, generation in
            try loadSnapshot(db, user: agentUserId, generation: generation)
        }
    }

    /// The statement that reads the change counter (here and in ``ChangeCounterProbe``).
    static let generationSQL = "SELECT value FROM generation WHERE id = 1"

    /// The change counter as the current transaction sees it.
    static func generation(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: generationSQL)) ?? 0
    }

    /// The cache protocol of every read (see ``RegistryCache``): a hit without touching SQLite when the change
    /// counter was verified within ``revalidationInterval``; otherwise the counter is read by ``counterProbe`` and a
    /// hit at that counter is served; only a miss opens a read transaction, which verifies the counter again, looks
    /// in the cache again, and then loads from the database.
    func readThroughCache<T>(
        lookup: (RegistryCache, Int64) -> T?,
        load: (Database, Int64) throws -> T
    ) throws -> T {
        let now = clock.now
        let interval = revalidationInterval
        if let hit = cache.withLock({ cache -> T? in
            cache.isFresh(now: now, interval: interval) ? lookup(cache, cache.generation) : nil
        }) {
            return hit
        }
        if let counterProbe, let hit = verifiedLookup(try counterProbe.read(), at: now, lookup) {
            return hit
        }
        return try pool.read { db in
            let generation = try Self.generation(db)
            if let hit = verifiedLookup(generation, at: now, lookup) {
                return hit
            }
            return try load(db, generation)
        }
    }

    /// Records the counter just read as verified at `now`, then looks in the cache at that counter.
    private func verifiedLookup<T>(
        _ generation: Int64,
        at now: ContinuousClock.Instant,
        _ lookup: (RegistryCache, Int64) -> T?
    ) -> T? {
        cache.withLock { cache -> T? in
            cache.verified(generation, at: now)
            return lookup(cache, generation)
        }
    }

    /// A user's devices decoded in a transaction that sees `generation`, and cached.
    private func loadSnapshot(_ db: Database, user: String, generation: Int64) throws -> DeviceSnapshot {
        let devices = try Self.fetchDevices(db, user: user)
        let now = clock.now
        return cache.withLock { $0.store(devices: devices, forUser: user, at: generation, now: now) }
    }

    public func updateDevicesRecordingChanges<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts], inout [ChangeRecord]) throws -> T
    ) throws -> T {
        let (result, changed, before, after, queued, recorded) = try pool.writeWithoutTransaction { db in
            try Self.immediateTransaction(db) {
                try updateTransaction(db, user: agentUserId, ids: ids, body)
            }
        }
        // Committed: keep the cache warm with exactly what this transaction wrote.
        let now = clock.now
        cache.withLock { $0.apply(changed: changed, ofUser: agentUserId, from: before, to: after, now: now) }
        if queued { notifyOutbox() }
        if recorded { notifyChanges() }
        return result
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws. The two statements are prepared once
    /// and reused: GRDB's own `inTransaction` builds them from SQL text on every call, a measurable part of an
    /// EXECUTE.
    static func immediateTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        let result: T
        do {
            result = try body()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
            throw error
        }
        return result
    }

    public func pinAttempts(forUser agentUserId: String, device id: String) throws -> PINAttempts {
        try pool.read { db in try Self.fetchAttempts(db, user: agentUserId, ids: [id])[id] ?? PINAttempts() }
    }

    /// The inside of ``updateDevicesRecordingChanges(forUser:ids:_:)``'s transaction: the result, the devices
    /// written, the change counter before and after, whether HomeGraph work was queued and whether changes were
    /// recorded.
    private func updateTransaction<T>(
        _ db: Database,
        user agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts], inout [ChangeRecord]) throws -> T
    ) throws -> (T, [Device], Int64, Int64, Bool, Bool) {
        let before = try Self.generation(db)
        // Inside the write transaction the counter is exact: verify it, and use the cache if it is current.
        let verifiedAt = clock.now
        let cached = cache.withLock { cache -> DeviceSnapshot? in
            cache.verified(before, at: verifiedAt)
            return cache.snapshot(forUser: agentUserId, at: before)
        }
        let snapshot = try cached ?? loadSnapshot(db, user: agentUserId, generation: before)
        var stored: [String: Device] = [:]
        for id in ids { if let device = snapshot.device(id) { stored[id] = device } }
        var working = stored
        // Only PIN devices have records; plain EXECUTEs (the hot path) do not touch pin_attempt at all.
        let pinIds = ids.filter { id in
            if case .pin = stored[id]?.challenge { return true }
            return false
        }
        let storedAttempts = try pinIds.isEmpty ? [:] : Self.fetchAttempts(db, user: agentUserId, ids: pinIds)
        var attempts = storedAttempts
        var records: [ChangeRecord] = []
        let result = try body(&working, &attempts, &records)
        for (id, old) in storedAttempts {
            let new = attempts[id] ?? PINAttempts()
            if new != old { try Self.writeAttempts(db, user: agentUserId, device: id, new) }
        }
        var changed: [Device] = []
        var queued = false
        let now = clock.unixMilliseconds
        for (id, old) in stored {
            guard let new = working[id] else { continue }
            // Only cluster state and connectivity are persisted; identity changes made by `body` are not.
            let persisted = old.withState(of: new)
            guard persisted != old else { continue }
            try Self.writeChanges(db, user: agentUserId, from: old, to: persisted)
            // The HomeGraph work, in the same transaction (the outbox).
            queued = try queueStateChange(db, user: agentUserId, from: old, to: persisted, now: now) || queued
            changed.append(persisted)
        }
        for record in records { try Self.recordChange(db, record, occurred: now) }
        // Nothing changed: nothing was written, the counter is still `before`.
        let after = changed.isEmpty ? before : try Self.generation(db)
        return (result, changed, before, after, queued, !records.isEmpty)
    }

    public func importDevices(_ file: DeviceFile) throws -> ImportSummary {
        // Whatever happens, the next read checks the change counter again.
        // Hashing takes tens of milliseconds per PIN: done before the writer is taken.
        let file = try file.hashingPINs()
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (summary, queued) = try pool.write { db -> (ImportSummary, Bool) in
            var added = 0
            var updated = 0
            var queued = false
            for user in file.users {
                let userId = user.agentUserId
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO user (id) VALUES (?)").execute(arguments: [userId])
                if db.changesCount > 0 {
                    try Self.recordChange(
                        db,
                        ChangeRecord(kind: .user, agentUserId: userId, data: JSONObject([("change", "created")])),
                        occurred: now
                    )
                }
                var stored: [String: Device] = [:]
                for device in try Self.fetchDevices(db, user: userId) { stored[device.id] = device }
                var nextPosition =
                    try Int64.fetchOne(
                        db.cachedStatement(sql: "SELECT coalesce(max(position) + 1, 0) FROM device WHERE userId = ?"),
                        arguments: [userId]
                    ) ?? 0
                for device in user.devices {
                    try device.validateForImport(user: userId)
                    let exists = try Bool.fetchOne(
                        db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM device WHERE userId = ? AND id = ?)"),
                        arguments: [userId, device.id]
                    )
                    let change: JSONValue = exists == true ? "replaced" : "added"
                    try Self.recordChange(
                        db,
                        ChangeRecord(
                            kind: .device,
                            agentUserId: userId,
                            deviceId: device.id,
                            data: JSONObject([("change", change), ("device", .object(device.jsonObject))])
                        ),
                        occurred: now
                    )
                    if exists == true {
                        try Self.writeDevice(db, user: userId, device: device, newPosition: nil)
                        updated += 1
                        if let old = stored[device.id] {
                            // A file may list a device twice: compare with what this import wrote before.
                            if outboxPolicy.requiresSync(from: old, to: device) {
                                queued = try Self.queueSync(db, user: userId, now: now) || queued
                            }
                            queued = try queueStateChange(db, user: userId, from: old, to: device, now: now) || queued
                        }
                    } else {
                        try Self.writeDevice(db, user: userId, device: device, newPosition: nextPosition)
                        nextPosition += 1
                        added += 1
                        // Google learns the device from its next SYNC, then its state from a report.
                        queued = try Self.queueSync(db, user: userId, now: now) || queued
                        queued = try Self.queueReport(db, user: userId, device: device.id, now: now) || queued
                    }
                    stored[device.id] = device
                }
            }
            let users = Set(file.users.map(\.agentUserId)).count
            return (ImportSummary(users: users, added: added, updated: updated), queued)
        }
        if queued { notifyOutbox() }
        notifyChanges()
        return summary
    }

    public func isEmpty() throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT NOT EXISTS (SELECT 1 FROM user)")) ?? true
        }
    }

    public func users() throws -> [String] {
        try pool.read { db in
            try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM user ORDER BY id"))
        }
    }

    // MARK: - Health

    public func checkHealth() throws {
        _ = try pool.read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM (SELECT 1 FROM device LIMIT 1)"))
        }
    }
}
