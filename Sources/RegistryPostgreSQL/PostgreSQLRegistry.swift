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
/// - Writes lock per user: every writing transaction first takes advisory locks (the fleet key shared, its users'
///   keys exclusively; fleet-wide writes the fleet key exclusively), so a read-modify-write (an EXECUTE) sees no other
///   writer of its user, the user's counter it reads at the end is exact, and writes of different users commit
///   concurrently. The change log is read in commit order (`PostgreSQLRegistry+Changes.swift`).
/// - Reads go through the same ``RegistryCache`` as SQLite's, each user's devices revalidated against the user's
///   counter in the database at most ``revalidationInterval`` after it was last verified: another instance's writes
///   are seen within it, and one user's writes never invalidate another user's devices.
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
        state = RegistryState(
            revalidationInterval: revalidationInterval,
            clock: clock,
            outboxPolicy: outboxPolicy,
            countsPerUser: engine.countsPerUser
        )
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

    /// The fleet change counter as the connection's transaction sees it (moved by manufacturer clusters only).
    static func generation(_ c: PostgreSQLConnection) throws -> Int64 {
        try c.query("SELECT value FROM generation WHERE id = 1").first?.int64(0) ?? 0
    }

    /// A user's change counter as the connection's transaction sees it.
    static func generation(_ c: PostgreSQLConnection, user: String) throws -> Int64 {
        try c.query("SELECT value FROM user_generation WHERE userId = $1", [.text(user)]).first?.int64(0) ?? 0
    }

    /// Runs `body` in a write transaction that holds `scope`'s locks from its first statement. Retried on deadlock.
    func write<T>(_ scope: WriteScope, _ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try engine.write(scope) { c in try body(c.c) }
    }

    /// Runs `body` in a write transaction that holds the fleet key exclusively (no other writer in flight), for the
    /// database's administration (`db copy`); `body` gets the fleet counter as it was. Retried on deadlock.
    func write<T>(_ body: (PostgreSQLConnection, Int64) throws -> T) throws -> T {
        try engine.write(.fleet) { c in try body(c.c, try Self.generation(c.c)) }
    }

    /// A read-only transaction with one snapshot for all its statements.
    func read<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try engine.read { c in try body(c.c) }
    }

    // MARK: - Devices

    // MARK: - Health

}
