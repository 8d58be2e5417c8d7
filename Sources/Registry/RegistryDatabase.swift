import MatterModel

/// The registry's view of an engine, as GRDB's `DatabaseReader`/`DatabaseWriter` are its own: transactions on a
/// connection, and the few things the engines do differently. `SQLRegistry`'s operations are written once on it;
/// `RegistrySQLite` and `RegistryPostgreSQL` supply it.
package protocol RegistryDatabase: Sendable {
    /// A connection in one of this database's transactions.
    associatedtype Connection: SQLConnection

    /// The engine's spelling of what the two engines spell differently.
    var dialect: SQLDialect { get }

    /// Whether a token check may be answered from the registry's cache: SQLite's store sees every writer through
    /// its change counter, checked within the revalidation interval; PostgreSQL's instances read the database on
    /// every check, so a revocation by any instance holds at once.
    var cachesTokens: Bool { get }

    /// An attribute's value from its `type` column and the value column at `index`, as the engine stores it
    /// (SQLite: an integer for `int` and `bool`; PostgreSQL: text); a type or value it cannot read is corrupt data.
    func attributeValue(
        _ row: Connection.Row,
        at index: Int,
        type: String,
        user: String,
        device: String,
        attribute: String
    ) throws -> AttributeValue

    /// The `type` and value columns of an attribute's value, as the engine stores it.
    func attributeColumns(_ value: AttributeValue) -> (type: String, value: SQLValue)

    /// Runs `body` in a read transaction: one snapshot for all its statements.
    func read<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body`'s reads without a snapshot they share, the cheapest way the engine has: PostgreSQL runs each
    /// statement in its own implicit transaction on a pooled connection (no `BEGIN`, no `COMMIT`); SQLite reads in a
    /// read transaction of its pool, which costs it nothing more.
    func readEach<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` in a write transaction that takes none of ``write(_:_:)``'s locks, for writes that append nothing
    /// to the change log and need no exact change counter (PostgreSQL: a plain transaction; SQLite: a write
    /// transaction of its pool, SQLite having one writer whatever is locked).
    func writeUnlocked<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` in a write transaction that holds the locks of `scope` from its first statement (SQLite: `BEGIN
    /// IMMEDIATE`, one writer per file; PostgreSQL: advisory locks, see ``WriteScope``), committing when it returns and
    /// rolling back when it throws. Every transaction that appends to the change log runs here.
    ///
    /// `committed` runs with `body`'s result once the commit succeeded, and never when it did not (`body` threw, or
    /// the commit failed or its outcome is unknown): the place to apply a write to the registry's cache. On SQLite it
    /// runs while this process still holds the file's one writer, so the next write transaction starts with the
    /// cache at this one's commit; on PostgreSQL `COMMIT` itself releases the advisory locks, so it runs as soon as
    /// `COMMIT` returned, and a writer of the same user on another connection may start in between.
    func write<T>(_ scope: WriteScope, _ body: (Connection) throws -> T, committed: (T) -> Void) throws -> T

    /// Runs `body` in a read transaction during which no ``write(_:_:)`` transaction is in flight: on PostgreSQL it
    /// holds the fleet key exclusively (writers wait while it runs); on SQLite it is a plain read transaction, whose
    /// snapshot lies between two writers' commits anyway.
    func readBetweenWriters<T>(_ body: (Connection) throws -> T) throws -> T

    /// Whether ``counters(_:user:)`` has a counter per user (PostgreSQL), so that one user's write leaves other users'
    /// cached devices valid in every process; otherwise (SQLite) the fleet counter moves with every write.
    var countsPerUser: Bool { get }

    /// The change counters `user`'s cached devices (or, `nil`, the cached token records) depend on, as the current
    /// transaction sees them.
    func counters(_ connection: Connection, user: String?) throws -> RegistryCounters

    /// The change counters as of the last commit, read the cheapest way the engine has (SQLite: a prepared
    /// statement on a connection of its own; PostgreSQL: one statement on a pooled connection), or `nil` when there
    /// is no cheaper way than a read transaction.
    func probeCounters(user: String?) throws -> RegistryCounters?

    /// The engine's change log: how positions are computed and read (see ``ChangeLogSQL``).
    var changeLog: ChangeLogSQL { get }
}

extension RegistryDatabase {
    /// ``write(_:_:committed:)`` with nothing to do after the commit.
    package func write<T>(_ scope: WriteScope, _ body: (Connection) throws -> T) throws -> T {
        try write(scope, body, committed: { _ in })
    }
}

/// The change counters a cached value depends on (see ``RegistryCache``).
package struct RegistryCounters: Sendable, Hashable {
    /// The fleet-wide counter (`generation`): on SQLite bumped by every write of a cached table; on PostgreSQL only by
    /// manufacturer clusters, which change how every device is read.
    package var fleet: Int64
    /// The user's counter (`user_generation`, PostgreSQL), bumped by every write of the user's rows; always 0 on SQLite.
    package var user: Int64

    package init(fleet: Int64, user: Int64) {
        self.fleet = fleet
        self.user = user
    }
}
