import Clocks
import Foundation
import HearthTestSupport
import Registry
import RegistryTestSupport
import Testing

@testable import RegistryPostgreSQL
@testable import RegistrySQLite

/// The backends the store contract suite (``StoreContractTests``) runs against; every contract test runs against
/// each of them.
enum StoreFactory: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// SQLite in a file of a temporary directory: the backend `hearth serve` uses by default.
    case sqliteFile
    /// SQLite in memory: what the other modules' tests use.
    case sqliteInMemory
    /// PostgreSQL: a database of its own in the test process's throwaway cluster (``PostgreSQLCluster``).
    case postgres

    /// Every backend this machine can run: PostgreSQL only where it is installed (or required, and then its
    /// absence fails), with a note on stderr when it is skipped.
    static var allCases: [StoreFactory] {
        guard PostgreSQLCluster.testsEnabled else {
            skipNote
            return [.sqliteFile, .sqliteInMemory]
        }
        return [.sqliteFile, .sqliteInMemory, .postgres]
    }

    /// Printed once per process.
    private static let skipNote: Void = {
        FileHandle.standardError.write(Data((PostgreSQLCluster.skipNote + "\n").utf8))
    }()

    var testDescription: String { rawValue }

    /// The backends whose data outlives closing the store, for the tests that close and reopen it.
    static let persistent = allCases.filter(\.isPersistent)

    /// Whether closing and opening the store again keeps its data.
    var isPersistent: Bool {
        switch self {
        case .sqliteFile, .postgres: return true
        case .sqliteInMemory: return false
        }
    }

    /// Opens the store of `directory`: a new, empty one the first time; for a persistent backend, the same data
    /// again after ``close(_:)``.
    func open(in directory: ScratchDirectory) throws -> any ServingStore {
        switch self {
        case .sqliteFile: return try SQLiteRegistry(path: directory.path("registry.sqlite"))
        case .sqliteInMemory: return try SQLiteRegistry.inMemory()
        case .postgres: return try PostgreSQLRegistry(url: postgresURL(in: directory))
        }
    }

    /// Closes a store this factory opened.
    func close(_ store: any ServingStore) throws {
        switch self {
        case .sqliteFile, .sqliteInMemory, .postgres: try store.close()
        }
    }

    /// The backends a store can be made of without a directory: SQLite in memory, and PostgreSQL.
    static var withoutDirectory: [StoreFactory] { allCases.filter { $0 != .sqliteFile } }

    /// A new, empty store that needs no directory (``withoutDirectory``), its times read from `clock`.
    func openAlone(clock: any HearthClock = SystemClock()) throws -> any ServingStore {
        switch self {
        case .sqliteInMemory: return try SQLiteRegistry.inMemory(clock: clock)
        case .postgres: return try PostgreSQLRegistry(url: PostgreSQLCluster.start().createDatabase(), clock: clock)
        case .sqliteFile: throw TestFailure("a SQLite file needs a directory: use open(in:)")
        }
    }

    /// The URL of the directory's PostgreSQL database: a new database the first time, remembered in the directory so
    /// that opening again finds the same data.
    func postgresURL(in directory: ScratchDirectory) throws -> String {
        let file = directory.path("postgres-url")
        if let url = try? String(contentsOfFile: file, encoding: .utf8) { return url }
        let url = try PostgreSQLCluster.start().createDatabase()
        try url.write(toFile: file, atomically: true, encoding: .utf8)
        return url
    }
}

/// Runs `body` with a new store of `factory`, then closes it and removes its directory.
func withStore<T>(_ factory: StoreFactory, _ body: (any ServingStore) throws -> T) throws -> T {
    let directory = try ScratchDirectory()
    let store = try factory.open(in: directory)
    let result = try body(store)
    try factory.close(store)
    withExtendedLifetime(directory) {}
    return result
}

/// Runs `write` on a new store of a persistent `factory`, closes it, and runs `read` on the store opened again.
func withReopenedStore(
    _ factory: StoreFactory,
    write: (any ServingStore) throws -> Void,
    read: (any ServingStore) throws -> Void
) throws {
    let directory = try ScratchDirectory()
    let store = try factory.open(in: directory)
    try write(store)
    try factory.close(store)
    let reopened = try factory.open(in: directory)
    try read(reopened)
    try factory.close(reopened)
}
