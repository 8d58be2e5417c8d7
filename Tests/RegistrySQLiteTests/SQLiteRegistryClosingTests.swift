import Foundation
import GRDB
import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry
@testable import RegistrySQLite

/// What closing leaves on disk: the registry whole in its file (no write-ahead log beside it) whenever the store is
/// the last connection, and a log left alone, without waiting, while another connection still uses the file.
struct SQLiteRegistryClosingTests {
    /// The size of the `-wal` file beside `path`, `nil` when there is none.
    static func walBytes(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int
    }

    /// A store with reads done (the readers and the change-counter probe opened) and writes still in the log.
    static func usedStore(at path: String) throws -> SQLiteRegistry {
        let store = try SQLiteRegistry(path: path, revalidationInterval: .zero)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.kitchen, Fixtures.plug])]))
        try store.updateDevices(forUser: "u", ids: [Fixtures.kitchen.id]) { devices in
            devices[Fixtures.kitchen.id]?.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(false)
        }
        #expect(try store.devices(forUser: "u").count == 2)
        #expect((walBytes(path) ?? 0) > 0, "the commits are in the log")
        return store
    }

    /// The rows of `table` in the file at `path` alone, copied away from its `-wal` and `-shm`.
    static func countInTheFileAlone(_ table: String, at path: String, directory: ScratchDirectory) throws -> Int? {
        let copy = directory.path("copy-\(UUID().uuidString).sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let queue = try DatabaseQueue(path: copy)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") }
    }

    @Test func closingTheLastConnectionLeavesNoLogBesideTheFile() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        try Self.usedStore(at: path).close()
        #expect(Self.walBytes(path) == nil, "the writer, closed last, checkpointed and removed the log")
        #expect(try Self.countInTheFileAlone("device", at: path, directory: directory) == 2)
    }

    @Test func checkpointEmptiesTheLogWhileTheStoreIsOpen() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try Self.usedStore(at: path)
        defer { try? store.close() }
        let logged = try #require(Self.walBytes(path))
        let checkpoint = try #require(try store.checkpoint())
        #expect(checkpoint == StoreCheckpoint(walBytes: logged, truncated: true))
        #expect(Self.walBytes(path) == 0)
        #expect(try Self.countInTheFileAlone("device", at: path, directory: directory) == 2)
        #expect(try SQLiteRegistry.inMemory().checkpoint() == nil, "nothing to checkpoint in memory")
    }

    @Test func closingLeavesTheLogToAConnectionStillUsingTheFile() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try Self.usedStore(at: path)
        // Another connection, as another process's would be, idle but open.
        let other = try DatabaseQueue(path: path)
        _ = try other.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM device") }
        let closing = ContinuousClock.now
        try store.close()
        #expect(ContinuousClock.now - closing < .seconds(SQLiteRegistry.busyTimeoutSeconds), "it did not wait")
        #expect((Self.walBytes(path) ?? 0) > 0, "the log stays for the connection still open")
        try other.close()
        #expect(Self.walBytes(path) == nil, "the last connection to close removed it")
    }
}
