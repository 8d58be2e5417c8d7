import HearthTestSupport
import MatterModel
import PostgreSQL
import RegistryTestSupport
import Testing

@testable import Registry
@testable import RegistryPostgreSQL

/// "v14: writes per user" on PostgreSQL: a v13 database's change log keeps its cursors (a client resumes across the
/// upgrade with no gap and no duplicate), the changes after it come after them, and each user's counter starts moving.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLRegistryWritesPerUserMigrationTests {
    @Test func aV13ChangeLogKeepsItsCursorsAndTheNextChangesFollowThem() throws {
        let url = try PostgreSQLCluster.start().createDatabase()
        let previous = PostgreSQLRegistry.migrations.prefix { $0.name != "v14: writes per user" }
        #expect(previous.last?.name == "v13: manufacturer clusters")
        #expect(previous.count < PostgreSQLRegistry.migrations.count)
        let pool = try PostgreSQLPool(url: url, size: 1)
        try pool.withConnection { connection in
            try connection.execute("CREATE TABLE hearth_migration (name TEXT PRIMARY KEY, position INTEGER NOT NULL)")
            for (position, migration) in previous.enumerated() {
                try connection.execute(migration.sql)
                try connection.query(
                    "INSERT INTO hearth_migration (name, position) VALUES ($1, $2)",
                    [.text(migration.name), .int(Int64(position))]
                )
            }
            try connection.execute(
                """
                INSERT INTO "user" (id) VALUES ('u');
                INSERT INTO change (userId, occurred, kind, data) VALUES
                    ('u', 1, 'user', '{"change":"created"}'), ('u', 2, 'user', '{"change":"linked"}'),
                    ('u', 3, 'user', '{"change":"unlinked"}');
                """
            )
        }
        pool.close()

        let store = try PostgreSQLRegistry(url: url)
        defer { store.close() }
        let old = try store.changes(after: 0, limit: 10, users: nil, kinds: nil)
        #expect(old.map(\.cursor) == [1, 2, 3])
        #expect(try store.changes(after: 1, limit: 10, users: nil, kinds: nil).map(\.cursor) == [2, 3])
        #expect(try store.changeBounds() == ChangeBounds(latest: 3, prunedThrough: 0))

        #expect(try store.createUser("v"))
        let next = try store.changes(after: 3, limit: 10, users: nil, kinds: nil)
        #expect(next.map(\.record.agentUserId) == ["v"])
        #expect(try store.changes(after: 0, limit: 10, users: nil, kinds: nil).count == 4)
        let latest = try #require(next.first?.cursor)
        #expect(latest > 3)
        #expect(try store.changeBounds().latest == latest)

        // Pruning goes row by row through the rows from before (each was a transaction of its own).
        #expect(try store.pruneChanges(occurredBefore: 3) == 2)
        #expect(try store.changes(after: 0, limit: 10, users: nil, kinds: nil).map(\.cursor) == [3, latest])
        #expect(try store.changeBounds() == ChangeBounds(latest: latest, prunedThrough: 2))

        // The user's counter moves with the user's writes; the fleet counter does not.
        let before = try #require(try store.engine.probeCounters(user: "u"))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        let after = try #require(try store.engine.probeCounters(user: "u"))
        #expect(after.user > before.user)
        #expect(after.fleet == before.fleet)
    }
}
