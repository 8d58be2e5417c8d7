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

    /// Runs `body` in a write transaction that does not take the registry's writer lock, for writes that need no
    /// exact change counter (PostgreSQL: a plain transaction; SQLite: a write transaction of its pool, SQLite having
    /// one writer whatever is locked).
    func writeUnlocked<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` in a write transaction that holds the registry's writer lock from its first statement (SQLite:
    /// `BEGIN IMMEDIATE`; PostgreSQL: the change counter's row `FOR UPDATE`), committing when it returns and
    /// rolling back when it throws. `body` gets the change counter as the transaction began.
    func write<T>(_ body: (Connection, Int64) throws -> T) throws -> T

    /// The change counter as the current transaction sees it.
    func generation(_ connection: Connection) throws -> Int64

    /// The change counter as of the last commit, read the cheapest way the engine has (SQLite: a prepared
    /// statement on a connection of its own), or `nil` when there is no cheaper way than a read transaction.
    func probeGeneration() throws -> Int64?
}
