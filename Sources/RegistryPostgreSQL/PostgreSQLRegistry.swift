import Clocks
import JSON
import MatterModel
import PostgreSQL
import Registry
import Synchronization

/// The registry in a PostgreSQL database, through a pool of libpq connections: what several `hearth serve`
/// processes on several hosts share. The same operations as `SQLiteRegistry`, written once by ``SQLRegistry``, the same
/// migration names (and the same contract suite); `PostgreSQLRegistry+Schema.swift` says where the schema differs.
///
/// Correct with several processes on one database:
/// - Writes are serialized as SQLite's are: every writing transaction first locks the change counter's row
///   (`SELECT … FROM generation FOR UPDATE`), so a read-modify-write (an EXECUTE) sees no other writer, the counter
///   it reads at the end is exact, and change-log rows become visible in cursor order (no reader skips one).
/// - Reads go through the same ``RegistryCache`` as SQLite's, revalidated against the counter in the database at
///   most ``revalidationInterval`` after it was last verified: another instance's writes are seen within it.
/// - Token and API-key checks read the database on every call: a revocation by any instance holds at once.
/// - Transactions that fail with a serialization failure or a deadlock are run again (``PostgreSQLPool``).
public final class PostgreSQLRegistry: SQLRegistry, DeviceStore, AttemptStore, StoreHealth, ClosableStore,
    TokenStore, APIKeyStore, AccountStore, ChangeStore, OutboxStore, DeviceAdminStore, UpstreamSignInStore
{
    /// The pool, as ``SQLRegistry``'s operations use it.
    package let engine: PostgreSQLRegistryDatabase
    /// The cache, clock, outbox policy and observers.
    package let state: RegistryState

    var pool: PostgreSQLPool { engine.pool }
    /// How long a verified change counter is trusted before reads check the database again.
    var revalidationInterval: Duration { state.revalidationInterval }
    var clock: any HearthClock { state.clock }
    var outboxPolicy: any OutboxPolicy { state.outboxPolicy }
    /// This store's name in `outbox_claim`: random, one per process (per store).
    let claimer: String
    /// How long a claim on a user's outbox lasts after the claimer last read the user's work.
    let outboxLease: Duration

    /// The default ``revalidationInterval``: other instances' writes are seen by reads within this time.
    public static let defaultRevalidationInterval = RegistryRows.defaultRevalidationInterval

    /// The default ``outboxLease``: far longer than one HomeGraph call (whose timeout is seconds), so a live
    /// claimer never loses its claim in the middle of a delivery; a killed one's users are drained by another
    /// instance this long after its last read.
    public static let defaultOutboxLease = Duration.seconds(60)

    /// Connects to `url` (`postgres://USER@HOST:PORT/DB?sslmode=…`, or any libpq connection string) with
    /// `password` passed beside it, and migrates the database to the current schema.
    ///
    /// - Throws: ``RegistryError/Code/cannotOpen`` when the server cannot be reached or refuses the connection
    ///   (``RegistryError/OpenFailure/unreachable``), or when the database was migrated by a newer Hearth
    ///   (``RegistryError/OpenFailure/newerSchema``).
    public init(
        url: String,
        password: String? = nil,
        poolSize: Int = 8,
        revalidationInterval: Duration = PostgreSQLRegistry.defaultRevalidationInterval,
        outboxPolicy: any OutboxPolicy = StructuralOutboxPolicy(),
        outboxLease: Duration = PostgreSQLRegistry.defaultOutboxLease,
        clock: any HearthClock = SystemClock()
    ) throws {
        self.claimer = try newToken()
        self.outboxLease = outboxLease
        let pool: PostgreSQLPool
        do {
            pool = try PostgreSQLPool(url: url, password: password, size: max(poolSize, 1))
        } catch let error as PostgreSQLError {
            var opening = RegistryError(
                code: .cannotOpen,
                message: "cannot connect to the database \(Self.redacted(url)): \(error.message)"
            )
            opening.openFailure = .unreachable
            throw opening
        }
        engine = PostgreSQLRegistryDatabase(pool: pool)
        state = RegistryState(revalidationInterval: revalidationInterval, clock: clock, outboxPolicy: outboxPolicy)
        try Self.migrate(pool, url: url)
        // Before any device is read: stored cluster names resolve through the catalog.
        try loadManufacturerClusters()
    }

    /// Nothing to do: the PostgreSQL server keeps its write-ahead log and its data files whole itself.
    public func checkpoint() -> StoreCheckpoint? {
        nil
    }

    /// Closes the pool's idle connections. Call at graceful shutdown, after the last use.
    public func close() {
        pool.close()
    }

    // MARK: - Transactions

    /// The change counter as the connection's transaction sees it.
    static func generation(_ c: PostgreSQLConnection) throws -> Int64 {
        try c.query("SELECT value FROM generation WHERE id = 1").first?.int64(0) ?? 0
    }

    /// Runs `body` in a write transaction that holds the writer lock (the counter's row) from its first statement;
    /// `body` gets the counter as it was. Retried on deadlock.
    func write<T>(_ body: (PostgreSQLConnection, Int64) throws -> T) throws -> T {
        try engine.write { c, before in try body(c.c, before) }
    }

    /// A read-only transaction with one snapshot for all its statements.
    func read<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try engine.read { c in try body(c.c) }
    }

    // MARK: - Devices

    // MARK: - Health

}
