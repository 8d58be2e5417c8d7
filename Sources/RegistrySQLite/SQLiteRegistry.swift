import Clocks
import Foundation
import GRDB
import JSON
import MatterModel
import Registry
import Synchronization

/// The registry in one SQLite file, through a GRDB `DatabasePool` in WAL mode: concurrent readers for SYNC and
/// QUERY, one writer, and one committed transaction per `DeviceStore/updateDevices(forUser:ids:_:)`. Every concern of the
/// registry (``RegistryStore``) comes from ``SQLRegistry``'s extensions in Registry, written once for both engines;
/// this module supplies the connection (``SQLiteRegistryDatabase``), the schema and its migrations, the
/// change-counter probe, checkpoints and backups.
///
/// The schema is described in `SQLiteRegistry+Schema.swift` and created or migrated by ``init(path:synchronous:)``.
/// Several processes may open the same file (the CLI while the server runs): a writer waits up to
/// ``busyTimeoutSeconds`` for another one to finish instead of failing. ``inMemory(outboxPolicy:)`` makes the same
/// store in memory, for tests of the modules that use a store.
public final class SQLiteRegistry: SQLRegistry, DeviceStore, AttemptStore, StoreHealth, ClosableStore, TokenStore,
    APIKeyStore, AccountStore, ChangeStore, OutboxStore, DeviceAdminStore, UpstreamSignInStore
{
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

    /// The pool (or queue) and the change-counter probe, as ``SQLRegistry``'s operations use them.
    package let engine: SQLiteRegistryDatabase
    /// The cache, clock, outbox policy and observers.
    package let state: RegistryState

    /// A `DatabasePool` for a file; a `DatabaseQueue` (one connection) in memory.
    var pool: any DatabaseWriter { engine.writer }
    /// How long a verified change counter is trusted before reads check SQLite again.
    var revalidationInterval: Duration { state.revalidationInterval }
    /// Monotonic time for the revalidation interval, wall time for the outbox's timestamps.
    var clock: any HearthClock { state.clock }
    /// Decides which HomeGraph work a change queues (see `SQLRegistry+Outbox.swift` in Registry).
    var outboxPolicy: any OutboxPolicy { state.outboxPolicy }

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
        state = RegistryState(revalidationInterval: revalidationInterval, clock: clock, outboxPolicy: outboxPolicy)
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
        engine = SQLiteRegistryDatabase(
            writer: writer,
            counterProbe: try counterProbePath.map {
                try ChangeCounterProbe(path: $0, busyTimeoutMilliseconds: Int32(Self.busyTimeoutSeconds * 1000))
            }
        )
        // Before any device is read: stored cluster names resolve through the catalog.
        try loadManufacturerClusters()
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
        engine.counterProbe?.close()
        // Closes the pool's readers (they are not persistent) and waits until they are.
        (pool as? DatabasePool)?.releaseMemory()
        try pool.close()
    }

    // MARK: - Devices

    /// The statement that reads the change counter (here and in ``ChangeCounterProbe``).
    static let generationSQL = "SELECT value FROM generation WHERE id = 1"

    /// The change counter as the current transaction sees it.
    static func generation(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: generationSQL)) ?? 0
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

    // MARK: - Health

}
