/// Every concern of the registry: what one backend implements, and what the store contract suite
/// (`Tests/RegistryTests/StoreContractTests*.swift`) checks, once, for every backend.
///
/// Callers depend on the concerns they use (`any DeviceStore & TokenStore`, say), never on a backend. A second backend
/// (PostgreSQL) conforms to each protocol and joins the suite's list of factories; nothing in a signature is
/// SQLite's. Each protocol's writing methods are one transaction each, with the bookkeeping they owe inside it.
public typealias RegistryStore = DeviceStore & TokenStore & AccountStore & AttemptStore & OutboxStore & StoreHealth
    & APIKeyStore & UpstreamSignInStore

/// A registry as `hearth serve` and every CLI command open it: every concern, the device backend's writes and the
/// change log, and closing. Both engines (`SQLiteRegistry`, `PostgreSQLRegistry`, each an ``SQLRegistry``) are one; code above
/// Registry takes this (or the smaller composition it needs), never a backend's type.
public typealias ServingStore = RegistryStore & DeviceAdminStore & ChangeStore & ClosableStore

/// A store that holds connections or files to release at shutdown.
public protocol ClosableStore: Sendable {
    /// Makes the database whole in its own files before a clean stop, and says what that took; `nil` when the store
    /// has nothing to do (PostgreSQL's server keeps its own log). Call after the last write, before ``close()``.
    ///
    /// SQLite copies its write-ahead log into the database file and empties it (`PRAGMA wal_checkpoint(TRUNCATE)`),
    /// so that a copy of the database file alone is the whole registry.
    func checkpoint() throws -> StoreCheckpoint?

    /// Closes every connection. Call at graceful shutdown, after the last use.
    func close() throws
}
