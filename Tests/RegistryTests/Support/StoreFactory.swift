import Registry
import Testing

/// The backends the store contract suite (``StoreContractTests``) runs against. A new backend (PostgreSQL) is a new
/// case here; every contract test then runs against it too.
enum StoreFactory: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// SQLite in a file of a temporary directory: the backend `hearth serve` uses.
    case sqliteFile
    /// SQLite in memory: what the other modules' tests use.
    case sqliteInMemory

    var testDescription: String { rawValue }

    /// The backends whose data outlives closing the store, for the tests that close and reopen it.
    static let persistent = allCases.filter(\.isPersistent)

    /// Whether closing and opening the store again keeps its data.
    var isPersistent: Bool {
        switch self {
        case .sqliteFile: return true
        case .sqliteInMemory: return false
        }
    }

    /// Opens the store of `directory`: a new, empty one the first time; for a persistent backend, the same data
    /// again after ``close(_:)``.
    func open(in directory: TemporaryDirectory) throws -> any RegistryStore {
        switch self {
        case .sqliteFile: return try SQLiteDeviceStore(path: directory.path("registry.sqlite"))
        case .sqliteInMemory: return try SQLiteDeviceStore.inMemory()
        }
    }

    /// Closes a store this factory opened.
    func close(_ store: any RegistryStore) throws {
        switch self {
        case .sqliteFile, .sqliteInMemory: try (store as? SQLiteDeviceStore)?.close()
        }
    }
}

/// Runs `body` with a new store of `factory`, then closes it and removes its directory.
func withStore<T>(_ factory: StoreFactory, _ body: (any RegistryStore) throws -> T) throws -> T {
    let directory = try TemporaryDirectory()
    let store = try factory.open(in: directory)
    let result = try body(store)
    try factory.close(store)
    withExtendedLifetime(directory) {}
    return result
}

/// Runs `write` on a new store of a persistent `factory`, closes it, and runs `read` on the store opened again.
func withReopenedStore(
    _ factory: StoreFactory,
    write: (any RegistryStore) throws -> Void,
    read: (any RegistryStore) throws -> Void
) throws {
    let directory = try TemporaryDirectory()
    let store = try factory.open(in: directory)
    try write(store)
    try factory.close(store)
    let reopened = try factory.open(in: directory)
    try read(reopened)
    try factory.close(reopened)
}
