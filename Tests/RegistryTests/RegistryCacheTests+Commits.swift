import Dispatch
import GRDB
import HearthTestSupport
import MatterModel
import PostgreSQL
import RegistryTestSupport
import Synchronization
import Testing

@testable import Registry
@testable import RegistryPostgreSQL
@testable import RegistrySQLite

/// A write of this process reaches the cache at its commit and only then: writes of one user one after another (or
/// queued together) find the cache at the counter they read and reload nothing, a transaction that does not commit
/// leaves the cache as it was, and a reader never sees a write before its commit. Run on a SQLite file and on
/// PostgreSQL.
extension RegistryCacheTests {
    @Test(arguments: StoreFactory.persistent)
    func writesOfOneUserInARowReloadNothing(_ factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        // Every read asks the database for the change counter: the cache must be at it.
        let store = try Self.open(factory, in: directory, revalidationInterval: .zero)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        _ = try store.snapshot(forUser: "u")
        let loaded = try Self.loadedSnapshots(store)
        for round in 1...3 {
            try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(round.isMultiple(of: 2))
            }
        }
        let devices = try store.devices(forUser: "u")
        #expect(try Self.loadedSnapshots(store) == loaded, "each write found the cache at the counter it read")
        #expect(devices.map(\.online) == [false, false])
        let fresh = try Self.open(factory, in: directory, revalidationInterval: .zero)
        #expect(try fresh.devices(forUser: "u") == devices, "what the cache serves is what was committed")
        try store.close()
        try fresh.close()
    }

    /// Writers queued on one user: each finds the previous one's commit in the cache. On SQLite that is exact (the
    /// cache moves before the file's writer is released), so nothing is reloaded; on PostgreSQL `COMMIT` releases the
    /// user's lock before the cache moves, so a writer may reload once, and what is checked is that the cache ends
    /// exactly at the database.
    @Test(arguments: StoreFactory.persistent)
    func concurrentWritersOfOneUserKeepTheCacheAtTheirCommits(_ factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try Self.open(factory, in: directory, revalidationInterval: .zero)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        _ = try store.snapshot(forUser: "u")
        let loaded = try Self.loadedSnapshots(store)
        let writers = 4
        let writesEach = 25
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writers) { _ in
            for _ in 0..<writesEach {
                do {
                    // Every write changes the lamp, so every write moves the change counter.
                    try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                        let online = devices[Fixtures.lamp.id]?.online ?? true
                        devices[Fixtures.lamp.id]?.setOnline(!online)
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let devices = try store.devices(forUser: "u")
        // An even number of flips brings the lamp back online.
        #expect(devices.map(\.online) == [false, (writers * writesEach).isMultiple(of: 2)])
        if factory == .sqliteFile {
            #expect(try Self.loadedSnapshots(store) == loaded, "no write reloaded the user's devices")
        }
        let fresh = try Self.open(factory, in: directory, revalidationInterval: .zero)
        #expect(try fresh.devices(forUser: "u") == devices, "what the cache serves is what was committed")
        try store.close()
        try fresh.close()
    }

    @Test(arguments: StoreFactory.persistent)
    func aWriteThatDoesNotCommitLeavesTheCacheAtTheOldDevices(_ factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        // Reads trust the cache for an hour: what they return is what the cache holds.
        let store = try Self.open(factory, in: directory, revalidationInterval: .seconds(3600))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        let before = try store.devices(forUser: "u")
        #expect(before.map(\.online) == [false, true])

        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(false)
                throw Refused()
            }
        }
        #expect(try store.devices(forUser: "u") == before, "a rolled-back transaction left nothing in the cache")

        // A check deferred to the commit refuses it, after every statement of the transaction succeeded.
        try Self.execute(
            factory,
            in: directory,
            sqlite: [
                "CREATE TABLE trap_parent (id INTEGER PRIMARY KEY)",
                "CREATE TABLE trap (parent INTEGER REFERENCES trap_parent (id) DEFERRABLE INITIALLY DEFERRED)",
                "CREATE TRIGGER trap_endpoint AFTER UPDATE ON endpoint BEGIN INSERT INTO trap VALUES (1); END",
            ],
            postgres: [
                "CREATE FUNCTION trap() RETURNS trigger LANGUAGE plpgsql AS "
                    + "$$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$",
                "CREATE CONSTRAINT TRIGGER trap_endpoint AFTER UPDATE ON endpoint DEFERRABLE INITIALLY DEFERRED "
                    + "FOR EACH ROW EXECUTE FUNCTION trap()",
            ]
        )
        #expect(throws: (any Error).self) {
            try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(false)
            }
        }
        #expect(try store.devices(forUser: "u") == before, "a failed commit left nothing in the cache")
        try Self.execute(
            factory,
            in: directory,
            sqlite: ["DROP TRIGGER trap_endpoint"],
            postgres: ["DROP TRIGGER trap_endpoint ON endpoint"]
        )

        // On SQLite the next transaction reuses the failed one's counter value: the cache must hold this write's
        // devices at it, not the failed one's.
        try store.updateDevices(forUser: "u", ids: [Fixtures.plug.id]) { devices in
            devices[Fixtures.plug.id]?.setOnline(true)
        }
        let after = try store.devices(forUser: "u")
        #expect(after.map(\.online) == [true, true])
        let fresh = try Self.open(factory, in: directory, revalidationInterval: .zero)
        #expect(try fresh.devices(forUser: "u") == after, "what the cache serves is what was committed")
        try store.close()
        try fresh.close()
    }

    /// A reader that runs while the writer has written its rows and not yet committed sees the devices as they were,
    /// through the cache and through the database; once the write returned, it sees the write.
    @Test func aReaderWhileAWriteIsUncommittedSeesTheOldDevices() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path, revalidationInterval: .zero)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        let before = try store.devices(forUser: "u")
        let other = try SQLiteRegistry(path: path, revalidationInterval: .zero)

        // The writer's connection stops inside its transaction, right after the endpoint row was updated, until the
        // test lets it go on.
        let inside = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        defer { proceed.signal() }
        try store.engine.writer.writeWithoutTransaction { db in
            db.add(
                function: DatabaseFunction("hearth_test_pause", argumentCount: 0, pure: false) { _ in
                    inside.signal()
                    proceed.wait()
                    return nil
                }
            )
            try db.execute(
                sql: "CREATE TEMP TRIGGER pause_in_transaction AFTER UPDATE ON endpoint "
                    + "BEGIN SELECT hearth_test_pause(); END"
            )
        }
        let written = DispatchSemaphore(value: 0)
        let outcome = WriteOutcome()
        DispatchQueue.global().async {
            do {
                try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                    devices[Fixtures.lamp.id]?.setOnline(false)
                }
                outcome.text.withLock { $0 = "committed" }
            } catch {
                outcome.text.withLock { $0 = "\(error)" }
            }
            written.signal()
        }
        try #require(inside.wait(timeout: .now() + 60) == .success, "the writer reached its transaction")
        let throughTheCache = try store.devices(forUser: "u")
        let throughTheDatabase = try other.devices(forUser: "u")
        proceed.signal()
        try #require(written.wait(timeout: .now() + 60) == .success, "the write returned")
        #expect(outcome.text.withLock { $0 } == "committed")
        #expect(throughTheCache == before, "the cache did not serve the uncommitted write")
        #expect(throughTheDatabase == before)
        #expect(try store.devices(forUser: "u").map(\.online) == [false, false])
        #expect(try other.devices(forUser: "u").map(\.online) == [false, false])
        try store.close()
        try other.close()
    }

    /// The same on PostgreSQL, with the reader running while the writer's `COMMIT` is in flight: a trigger deferred
    /// to the commit waits for an advisory lock the test holds.
    @Test(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
    func aReaderWhileACommitIsInFlightSeesTheOldDevices() throws {
        let directory = try ScratchDirectory()
        let store = try Self.open(.postgres, in: directory, revalidationInterval: .zero)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        let before = try store.devices(forUser: "u")
        let other = try Self.open(.postgres, in: directory, revalidationInterval: .zero)
        let shell = try PostgreSQLPool(url: StoreFactory.postgres.postgresURL(in: directory), size: 1)
        try shell.query(
            "CREATE FUNCTION pause() RETURNS trigger LANGUAGE plpgsql AS "
                + "$$ BEGIN PERFORM pg_advisory_lock(4242); PERFORM pg_advisory_unlock(4242); RETURN NULL; END $$"
        )
        try shell.query(
            "CREATE CONSTRAINT TRIGGER pause_at_commit AFTER UPDATE ON endpoint DEFERRABLE INITIALLY DEFERRED "
                + "FOR EACH ROW EXECUTE FUNCTION pause()"
        )
        try shell.query("SELECT pg_advisory_lock(4242)")
        var locked = true
        defer { if locked { _ = try? shell.query("SELECT pg_advisory_unlock(4242)") } }

        let written = DispatchSemaphore(value: 0)
        let outcome = WriteOutcome()
        DispatchQueue.global().async {
            do {
                try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                    devices[Fixtures.lamp.id]?.setOnline(false)
                }
                outcome.text.withLock { $0 = "committed" }
            } catch {
                outcome.text.withLock { $0 = "\(error)" }
            }
            written.signal()
        }
        // The event awaited: the writer's request for the lock, waiting, in `pg_locks` (its COMMIT has begun).
        var waiting = false
        for _ in 0..<200_000 where !waiting {
            let count = try shell.query(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 4242 AND NOT granted"
            )
            waiting = try count.first?.int(0) == 1
        }
        try #require(waiting, "the writer reached its commit")
        let throughTheCache = try store.devices(forUser: "u")
        let throughTheDatabase = try other.devices(forUser: "u")
        try shell.query("SELECT pg_advisory_unlock(4242)")
        locked = false
        try #require(written.wait(timeout: .now() + 60) == .success, "the write returned")
        #expect(outcome.text.withLock { $0 } == "committed")
        #expect(throughTheCache == before, "the cache did not serve the uncommitted write")
        #expect(throughTheDatabase == before)
        #expect(try store.devices(forUser: "u").map(\.online) == [false, false])
        #expect(try other.devices(forUser: "u").map(\.online) == [false, false])
        shell.close()
        try store.close()
        try other.close()
    }

    // MARK: - Helpers

    /// A store of `factory` on `directory`'s database (a new one the first time), whose reads trust a verified
    /// change counter for `revalidationInterval`.
    static func open(
        _ factory: StoreFactory,
        in directory: ScratchDirectory,
        revalidationInterval: Duration
    ) throws -> any ServingStore {
        switch factory {
        case .sqliteFile:
            return try SQLiteRegistry(
                path: directory.path("registry.sqlite"),
                revalidationInterval: revalidationInterval
            )
        case .postgres:
            return try PostgreSQLRegistry(
                url: factory.postgresURL(in: directory),
                revalidationInterval: revalidationInterval
            )
        case .sqliteInMemory:
            throw TestFailure("the cache's commit tests need a database two stores can open")
        }
    }

    /// How many times `store` decoded a user's devices from the database (``RegistryCache/loadedSnapshots``).
    static func loadedSnapshots(_ store: any ServingStore) throws -> Int {
        guard let registry = store as? any SQLRegistry else { throw TestFailure("\(store) is not a SQL registry") }
        return registry.state.cache.withLock { $0.loadedSnapshots }
    }

    /// Runs statements on `directory`'s database outside the registry, as a SQL shell would.
    static func execute(
        _ factory: StoreFactory,
        in directory: ScratchDirectory,
        sqlite: [String],
        postgres: [String]
    ) throws {
        switch factory {
        case .sqliteFile:
            let shell = try DatabaseQueue(path: directory.path("registry.sqlite"))
            try shell.write { db in
                for statement in sqlite { try db.execute(sql: statement) }
            }
            try shell.close()
        case .postgres:
            let shell = try PostgreSQLPool(url: factory.postgresURL(in: directory), size: 1)
            for statement in postgres { try shell.query(statement) }
            shell.close()
        case .sqliteInMemory:
            throw TestFailure("a database in memory has no shell")
        }
    }
}

/// What a write on another thread ended with: "committed", or its error.
private final class WriteOutcome: Sendable {
    let text = Mutex<String?>(nil)
}
