import Foundation
import HearthTestSupport
import MatterModel
import PostgreSQL
import Testing

@testable import Registry
@testable import RegistryPostgreSQL

/// "v12: every Matter data type" on PostgreSQL, which widens the attribute table's `type` CHECK in place: a database
/// of the previous schema keeps its rows exactly and its change-counter trigger, and takes every kind of value
/// afterwards; the previous schema refuses the new tags.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLRegistryAttributeKindsMigrationTests {
    static let selectRows = """
        SELECT userId, deviceId, endpoint::text, cluster, name, type, value FROM attribute ORDER BY cluster, name
        """

    /// A database migrated as `migrate` does up to the migration before v12, holding a device with a bool, two ints
    /// and a string; its URL.
    func previousDatabase() throws -> String {
        let url = try PostgreSQLCluster.start().createDatabase()
        let previous = PostgreSQLRegistry.migrations.prefix { $0.name != "v12: every Matter data type" }
        #expect(previous.last?.name == "v11: upstream sign-ins")
        #expect(previous.count < PostgreSQLRegistry.migrations.count)
        let pool = try PostgreSQLPool(url: url, size: 1)
        defer { pool.close() }
        try pool.withConnection { connection in
            try connection.execute(
                "CREATE TABLE hearth_migration (name TEXT PRIMARY KEY, position INTEGER NOT NULL)"
            )
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
                INSERT INTO device (userId, id, position, name) VALUES ('u', 'lamp', 0, 'Lamp');
                INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online)
                    VALUES ('u', 'lamp', 1, '["DimmableLight"]', '["ColorControl","LevelControl","OnOff"]', true);
                INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) VALUES
                    ('u', 'lamp', 1, 'OnOff', 'OnOff', 'bool', '1'),
                    ('u', 'lamp', 1, 'LevelControl', 'CurrentLevel', 'int', '100'),
                    ('u', 'lamp', 1, 'LevelControl', 'Negative', 'int', '-9223372036854775808'),
                    ('u', 'lamp', 1, 'ColorControl', 'Label', 'string', 'the "main" one 💡');
                """
            )
        }
        return url
    }

    static func rows(_ connection: PostgreSQLConnection) throws -> [[String]] {
        try connection.query(selectRows).rows.map { row in try (0..<7).map { try row.string($0) } }
    }

    @Test func thePreviousSchemaRefusesTheNewTags() throws {
        let url = try previousDatabase()
        let pool = try PostgreSQLPool(url: url, size: 1)
        defer { pool.close() }
        for tag in ["null", "uint64", "double", "octstr", "list", "struct"] {
            let error = #expect(throws: PostgreSQLError.self, "\(tag)") {
                try pool.withConnection { connection in
                    try connection.query(
                        """
                        INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value)
                            VALUES ('u', 'lamp', 1, 'OnOff', 'New', $1, '')
                        """,
                        [.text(tag)]
                    )
                }
            }
            // check_violation
            #expect(error?.sqlState == "23514", "\(String(describing: error))")
        }
    }

    @Test func aV11DatabaseUpgradesInPlaceKeepingItsRowsAndTrigger() throws {
        let url = try previousDatabase()
        let before = try PostgreSQLPool(url: url, size: 1)
        let rowsBefore = try before.withConnection(Self.rows)
        before.close()
        #expect(rowsBefore.count == 4)

        let store = try PostgreSQLRegistry(url: url)
        #expect(try store.pool.withConnection(Self.rows) == rowsBefore)
        let lamp = try #require(try store.devices(forUser: "u").first)
        #expect(lamp.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(lamp.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(100))
        #expect(lamp.endpoints[0].clusters[.LevelControl]?["Negative"] == .int(Int.min))
        #expect(lamp.endpoints[0].clusters[.ColorControl]?["Label"] == .string("the \"main\" one 💡"))

        // The trigger still moves the user's change counter ("v14"), once per row written.
        let steps: [String] = [
            "UPDATE attribute SET value = '50' WHERE name = 'CurrentLevel'",
            """
            INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value)
                VALUES ('u', 'lamp', 1, 'OnOff', 'Probe', 'double', '0.5')
            """,
            "DELETE FROM attribute WHERE name = 'Probe'",
        ]
        for sql in steps {
            let (generationBefore, generationAfter) = try store.pool.withConnection { connection in
                let generationBefore = try PostgreSQLRegistry.generation(connection, user: "u")
                try connection.execute(sql)
                return (generationBefore, try PostgreSQLRegistry.generation(connection, user: "u"))
            }
            #expect(generationAfter == generationBefore + 1, "\(sql)")
        }

        // A write through the store bumps it too, and a new kind of value is stored and read back through a new
        // connection pool.
        let generation = try store.pool.withConnection { try PostgreSQLRegistry.generation($0, user: "u") }
        let list = AttributeValue.list([.structure(["Label": .octets([1, 2])]), .unsigned(UInt64.max), .null])
        try store.updateDevices(forUser: "u", ids: ["lamp"]) { devices in
            devices["lamp"]?.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] = .double(0.1)
            devices["lamp"]?.endpoints[0].clusters[.ColorControl]?["Tags"] = list
        }
        #expect(try store.pool.withConnection { try PostgreSQLRegistry.generation($0, user: "u") } > generation)
        store.close()

        let reopened = try PostgreSQLRegistry(url: url)
        let updated = try #require(try reopened.devices(forUser: "u").first)
        #expect(updated.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .double(0.1))
        #expect(updated.endpoints[0].clusters[.ColorControl]?["Tags"] == list)
        #expect(updated.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        reopened.close()
    }
}
