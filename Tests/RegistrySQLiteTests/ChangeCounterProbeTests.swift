import GRDB
import HearthTestSupport
import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry
@testable import RegistrySQLite

/// The counter the registry cache is revalidated against, read outside the reader pool: it must be the committed
/// `generation` row, whoever committed it, and a probe that cannot read must say so rather than answer 0.
struct ChangeCounterProbeTests {
    @Test func readsTheCommittedCounterOfEveryWriter() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path)
        let probe = try ChangeCounterProbe(path: path, busyTimeoutMilliseconds: 1000)
        let shell = try DatabaseQueue(path: path)
        func committed() throws -> Int64 { try shell.read { db in try SQLiteRegistry.generation(db) } }

        let start = try probe.read()
        #expect(start == (try committed()))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        let afterImport = try probe.read()
        #expect(afterImport > start, "an import bumps the counter")
        #expect(afterImport == (try committed()))

        // A raw write from another connection (a sqlite3 shell), then one that is rolled back.
        try shell.write { db in
            try db.execute(sql: "UPDATE endpoint SET online = 0 WHERE deviceId = ?", arguments: [Fixtures.plug.id])
        }
        let afterShell = try probe.read()
        #expect(afterShell > afterImport)
        #expect(afterShell == (try committed()))
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try shell.write { db in
                try db.execute(sql: "UPDATE endpoint SET online = 1 WHERE deviceId = ?", arguments: [Fixtures.plug.id])
                throw Refused()
            }
        }
        #expect(try probe.read() == afterShell, "a rolled-back write leaves the counter")

        // A read transaction held open elsewhere (a backup, say) neither blocks the probe nor hides later commits.
        try shell.close()
        let reader = try DatabasePool(path: path)
        try reader.read { db in
            _ = try SQLiteRegistry.generation(db)
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
            #expect(try probe.read() > afterShell)
        }
        try reader.close()
        probe.close()
        try store.close()
    }

    @Test func aClosedProbeThrowsInsteadOfAnsweringZero() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        let probe = try ChangeCounterProbe(path: path, busyTimeoutMilliseconds: 1000)
        #expect(try probe.read() > 0)
        probe.close()
        #expect(throws: DatabaseError.self) { try probe.read() }
        probe.close()  // twice is harmless
        try store.close()
    }

    @Test func aMissingFileOrTableIsRefusedAtOpening() throws {
        let directory = try ScratchDirectory()
        #expect(throws: DatabaseError.self) {
            try ChangeCounterProbe(path: directory.path("missing.sqlite"), busyTimeoutMilliseconds: 1000)
        }
        let empty = directory.path("empty.sqlite")
        try DatabaseQueue(path: empty).close()
        #expect(throws: DatabaseError.self) {
            try ChangeCounterProbe(path: empty, busyTimeoutMilliseconds: 1000)
        }
    }
}
