import Clocks
import Cryptography
import Foundation
import GRDB
import MatterModel
import RegistryTestSupport
import Synchronization
import Testing

@testable import Registry
@testable import RegistrySQLite

/// What only the SQLite store has: a file, pragmas, a schema, durability, other processes.
struct SQLiteRegistryTests {
    private let now = UnixTime(seconds: 1_700_000_000)

    @Test func updateSurvivesCloseAndReopen() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.kitchen, Fixtures.plug])]))
        try store.updateDevices(forUser: "u", ids: [Fixtures.kitchen.id]) { devices in
            devices[Fixtures.kitchen.id]?.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(false)
            devices[Fixtures.kitchen.id]?.setOnline(false)
        }
        let token = try store.issueToken(forUser: "u", ttl: nil, now: now)
        try store.close()

        let reopened = try SQLiteRegistry(path: path)
        var kitchen = Fixtures.kitchen
        kitchen.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(false)
        kitchen.setOnline(false)
        #expect(try reopened.devices(forUser: "u") == [kitchen, Fixtures.plug])
        #expect(try reopened.authenticate(token: token, now: now) == "u")
        try reopened.close()
    }

    @Test func tokensAreStoredOnlyAsHashes() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path)
        let token = try store.issueToken(forUser: "alice", ttl: 60, now: now)
        let rows = try store.pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM token") }
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        let storedHash = try #require(row["hash"] as Data?)
        #expect(Array(storedHash) == tokenHash(token).bytes)
        for (column, value) in row {
            #expect(!value.description.contains(token), "column \(column) holds the token")
            if case .blob(let data) = value.storage {
                #expect(data.range(of: Data(token.utf8)) == nil, "column \(column) holds the token")
            }
        }
        // Not in the database file or its write-ahead log either.
        try store.close()
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data(token.utf8)) == nil, "\(file) holds the token")
        }
    }

    @Test(arguments: SQLiteRegistry.Synchronous.allCases)
    func synchronousPragmaIsApplied(synchronous: SQLiteRegistry.Synchronous) throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"), synchronous: synchronous)
        let expected: Int =
            switch synchronous {
            case .off: 0
            case .normal: 1
            case .full: 2
            case .extra: 3
            }
        let onWriter = try store.pool.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA synchronous")
        }
        let onReader = try store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(onWriter == expected)
        #expect(onReader == expected)
        try store.close()
    }

    @Test func connectionsUseWALForeignKeysAndABusyTimeout() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"))
        let (journal, foreignKeys, busyTimeout) = try store.pool.writeWithoutTransaction { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"),
                try Int.fetchOne(db, sql: "PRAGMA busy_timeout")
            )
        }
        #expect(journal == "wal")
        #expect(foreignKeys == true)
        #expect(busyTimeout == 5000)
        let readerJournal = try store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(readerJournal == "wal")
        try store.close()
    }

    @Test func migrationsAreNamedAndReopeningKeepsData() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        try store.close()
        let reopened = try SQLiteRegistry(path: path)
        let applied = try reopened.pool.read { db in try SQLiteRegistry.migrator.appliedIdentifiers(db) }
        #expect(
            Set(applied) == [
                "v1", "v2: change counter", "v3: endpoints", "v4: challenges", "v5: accounts", "v6: outbox",
                "v7: structure hint", "v8: device API", "v10: change log on the hot path", "v11: upstream sign-ins",
                "v12: every Matter data type", "v13: manufacturer clusters", "v14: writes per user",
            ]
        )
        #expect(try reopened.devices(forUser: "u") == [Fixtures.plug])
        try reopened.close()
    }

    @Test func aSchemaNewerThanThisBuildIsRefused() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        try SQLiteRegistry(path: path).close()
        let newer = try DatabaseQueue(path: path)
        try newer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        try newer.close()
        let error = try #require(throws: RegistryError.self) { try SQLiteRegistry(path: path) }
        #expect(error.code == .cannotOpen)
        #expect(error.openFailure == .newerSchema)
        #expect(error.message.contains("schema is newer than this hearth knows"))
        #expect(error.message.contains("v99: from the future"))
    }

    @Test func aV2DatabaseMovesItsDevicesOntoEndpointOne() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let old = try DatabaseQueue(path: path)
        try SQLiteRegistry.migrator.migrate(old, upTo: "v2: change counter")
        try old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO user (id) VALUES ('u');
                    INSERT INTO device (userId, id, position, name, deviceTypes, clusters, vendorID, online)
                        VALUES ('u', 'lamp', 0, 'Lamp', '["DimmableLight"]', '["LevelControl","OnOff"]', 65521, 0);
                    INSERT INTO attribute (userId, deviceId, cluster, name, type, value) VALUES
                        ('u', 'lamp', 'OnOff', 'OnOff', 'bool', 1),
                        ('u', 'lamp', 'LevelControl', 'CurrentLevel', 'int', 100);
                    """
            )
        }
        try old.close()
        let store = try SQLiteRegistry(path: path)
        let lamp = try #require(try store.devices(forUser: "u").first)
        #expect(lamp.endpoints.count == 1)
        #expect(lamp.endpoints[0].deviceTypes == [.DimmableLight])
        #expect(lamp.endpoints[0].online == false)
        #expect(lamp.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(lamp.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(100))
        #expect(lamp.basicInformation.vendorID == 65521)
        try store.close()
    }

    /// v7 adds `structure`: a v6 database's devices come through without one, and a re-import stores it in place.
    @Test func aV6DatabaseGainsAStructureColumn() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let old = try DatabaseQueue(path: path)
        try SQLiteRegistry.migrator.migrate(old, upTo: "v6: outbox")
        try old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO user (id) VALUES ('u');
                    INSERT INTO device (userId, id, position, name, room) VALUES ('u', 'lamp', 0, 'Lamp', 'Hallway');
                    INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online)
                        VALUES ('u', 'lamp', 1, '["OnOffLight"]', '["OnOff"]', 1);
                    """
            )
        }
        try old.close()
        let store = try SQLiteRegistry(path: path)
        var lamp = try #require(try store.devices(forUser: "u").first)
        #expect(lamp.room == "Hallway")
        #expect(lamp.structure == nil)
        lamp.structure = "Holiday home"
        _ = try store.importDevices(Fixtures.file([("u", [lamp])]))
        #expect(try store.devices(forUser: "u").first?.structure == "Holiday home")
        let column = try store.pool.read { db in
            try String.fetchOne(db, sql: "SELECT structure FROM device WHERE userId = 'u' AND id = 'lamp'")
        }
        #expect(column == "Holiday home")
        try store.close()
    }

    @Test func attributeValuesKeepTheirSQLiteTypes() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.kitchen])]))
        let types = try store.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT cluster, name, type, typeof(value) AS storage FROM attribute")
        }
        let byName = Dictionary(
            uniqueKeysWithValues: types.map { ("\($0["cluster"] as String).\($0["name"] as String)", $0) }
        )
        #expect(byName["OnOff.OnOff"]?["type"] == "bool")
        #expect(byName["OnOff.OnOff"]?["storage"] == "integer")
        #expect(byName["ColorControl.Label"]?["type"] == "string")
        #expect(byName["ColorControl.Label"]?["storage"] == "text")
        #expect(byName["ColorControl.Extreme"]?["storage"] == "integer")
        try store.close()
    }

    @Test func corruptColumnsAreReportedNotGuessed() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        try store.pool.write { db in
            try db.execute(sql: "UPDATE device SET nicknames = 'not json' WHERE id = ?", arguments: [Fixtures.plug.id])
        }
        let error = #expect(throws: RegistryError.self) { try store.devices(forUser: "u") }
        #expect(error?.code == .corruptData)
        #expect(error?.message.contains("nicknames") == true)
        try store.close()
    }

    @Test func checkHealthFailsOnceClosed() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"))
        try store.checkHealth()
        try store.close()
        #expect(throws: (any Error).self) { try store.checkHealth() }
    }

    /// DISCONNECT revokes the tokens and stops the user's reports in one transaction: a failure in its second half
    /// (injected with triggers on the table that marks a user unlinked) leaves the tokens valid and the queued work
    /// in place. Two transactions, as before, left the tokens revoked and the reports going out.
    @Test func aDisconnectThatFailsHalfwayWritesNothing() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"))
        try store.setReporting(enabled: true)
        _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp])]))
        let token = try store.issueToken(forUser: "alice", ttl: nil, now: now)
        try store.pool.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER fail_unlink_insert BEFORE INSERT ON homegraph_user
                    BEGIN SELECT RAISE(ABORT, 'injected failure'); END;
                    CREATE TRIGGER fail_unlink_update BEFORE UPDATE ON homegraph_user
                    BEGIN SELECT RAISE(ABORT, 'injected failure'); END;
                    """
            )
        }
        #expect(throws: (any Error).self) { try store.disconnect(user: "alice", clientId: nil) }
        #expect(try store.authenticate(token: token, now: now) == "alice")
        #expect(try store.outboxCounts() == OutboxCounts(reports: 1, syncs: 1, events: 0))
        #expect(try store.outboxWork(forUser: "alice").unlinked == false)

        try store.pool.write { db in
            try db.execute(sql: "DROP TRIGGER fail_unlink_insert; DROP TRIGGER fail_unlink_update")
        }
        #expect(try store.disconnect(user: "alice", clientId: nil) == 1)
        #expect(try store.authenticate(token: token, now: now) == nil)
        #expect(try store.outboxCounts().isEmpty)
        #expect(try store.outboxWork(forUser: "alice").unlinked)
        try store.close()
    }

    /// The CLI importing while the server holds a write transaction waits for it instead of failing.
    @Test func secondProcessWriterWaitsForTheFirst() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let server = try SQLiteRegistry(path: path)
        let cli = try SQLiteRegistry(path: path)
        _ = try server.importDevices(Fixtures.file([("u", [Fixtures.lamp])]))
        let cliResult = Mutex<Result<ImportSummary, any Error>?>(nil)
        // Set when the server's transaction has nothing left to do but commit: a CLI that did not wait for the
        // write lock would finish while it is still false.
        let serverDone = Mutex(false)
        let cliFinishedAfterServer = Mutex<Bool?>(nil)
        let cliFinished = DispatchSemaphore(value: 0)
        try server.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
            devices[Fixtures.lamp.id]?.setOnline(false)
            let thread = Thread {
                let result = Result { try cli.importDevices(Fixtures.file([("u", [Fixtures.plug])])) }
                cliFinishedAfterServer.withLock { $0 = serverDone.withLock { $0 } }
                cliResult.withLock { $0 = result }
                cliFinished.signal()
            }
            thread.start()
            // Simulates a slow write transaction (not synchronisation): the CLI's import runs into it meanwhile.
            Thread.sleep(forTimeInterval: 0.3)
            serverDone.withLock { $0 = true }
        }
        #expect(cliFinished.wait(timeout: .now() + 60) == .success, "the CLI's import finished")
        #expect(cliFinishedAfterServer.withLock { $0 } == true, "the CLI must wait for the open write transaction")
        let summary = try cliResult.withLock { try $0?.get() }
        #expect(summary == ImportSummary(users: 1, added: 1, updated: 0))
        var lamp = Fixtures.lamp
        lamp.setOnline(false)
        #expect(try server.devices(forUser: "u") == [lamp, Fixtures.plug])
        try cli.close()
        try server.close()
    }

    /// Not a timed test: prints what the hot path costs in this build, asserts only the answers.
    @Test func hotPathTimings() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"))
        let lights = Fixtures.lights(33)
        _ = try store.importDevices(Fixtures.file([("u", lights)]))
        let queryIds = Array(lights.prefix(10).map(\.id))
        let clock = ContinuousClock()
        let rounds = 500
        var synced = 0
        let sync = try clock.measure {
            for _ in 0..<rounds { synced += try store.devices(forUser: "u").count }
        }
        var queried = 0
        let query = try clock.measure {
            for _ in 0..<rounds { queried += try store.devices(forUser: "u", ids: queryIds).count }
        }
        var executed = 0
        let execute = try clock.measure {
            for round in 0..<rounds {
                executed += try store.updateDevices(forUser: "u", ids: [queryIds[round % 10]]) { devices in
                    for id in devices.keys {
                        devices[id]?.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(round % 2 == 0)
                    }
                    return devices.count
                }
            }
        }
        #expect(synced == rounds * 33)
        #expect(queried == rounds * 10)
        #expect(executed == rounds)
        func perSecond(_ duration: Duration) -> Int {
            Int(Double(rounds) / (Double(duration.components.attoseconds) / 1e18 + Double(duration.components.seconds)))
        }
        print(
            "Registry timings (\(rounds) rounds): SYNC of 33 \(perSecond(sync))/s, QUERY of 10 \(perSecond(query))/s, "
                + "EXECUTE of 1 \(perSecond(execute))/s"
        )
        try store.close()
    }
}
