import Foundation
import GRDB
import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry
@testable import RegistrySQLite

/// "v12: every Matter data type" on SQLite, which rebuilds the attribute table to widen its `type` CHECK: a database
/// of the previous schema keeps its rows exactly (values and their storage classes), its foreign key and its
/// change-counter triggers, and takes every kind of value afterwards; the previous schema refuses the new tags.
struct SQLiteRegistryAttributeKindsMigrationTests {
    static let previous = "v11: upstream sign-ins"

    /// A database migrated up to ``previous``, holding a device with a bool, two ints and a string.
    func previousDatabase(_ directory: ScratchDirectory) throws -> String {
        let path = directory.path("registry.sqlite")
        let old = try DatabaseQueue(path: path)
        try SQLiteRegistry.migrator.migrate(old, upTo: Self.previous)
        let applied = try old.read { db in try SQLiteRegistry.migrator.appliedIdentifiers(db) }
        #expect(applied.contains(Self.previous))
        #expect(!applied.contains("v12: every Matter data type"))
        try old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO user (id) VALUES ('u');
                    INSERT INTO device (userId, id, position, name) VALUES ('u', 'lamp', 0, 'Lamp');
                    INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online)
                        VALUES ('u', 'lamp', 1, '["DimmableLight"]', '["ColorControl","LevelControl","OnOff"]', 1);
                    INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) VALUES
                        ('u', 'lamp', 1, 'OnOff', 'OnOff', 'bool', 1),
                        ('u', 'lamp', 1, 'LevelControl', 'CurrentLevel', 'int', 100),
                        ('u', 'lamp', 1, 'LevelControl', 'Negative', 'int', -9223372036854775808),
                        ('u', 'lamp', 1, 'ColorControl', 'Label', 'string', 'the "main" one 💡');
                    """
            )
        }
        try old.close()
        return path
    }

    static func attributeRows(_ db: Database) throws -> [Row] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT userId, deviceId, endpoint, cluster, name, type, value, typeof(value) AS storage
                FROM attribute ORDER BY cluster, name
                """
        )
    }

    @Test func thePreviousSchemaRefusesTheNewTags() throws {
        let directory = try ScratchDirectory()
        let old = try DatabaseQueue(path: try previousDatabase(directory))
        for tag in ["null", "uint64", "double", "octstr", "list", "struct"] {
            let error = #expect(throws: DatabaseError.self, "\(tag)") {
                try old.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value)
                                VALUES ('u', 'lamp', 1, 'OnOff', 'New', ?, '')
                            """,
                        arguments: [tag]
                    )
                }
            }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        }
        try old.close()
    }

    @Test func aV11DatabaseUpgradesInPlaceKeepingItsRowsAndTriggers() throws {
        let directory = try ScratchDirectory()
        let path = try previousDatabase(directory)
        let old = try DatabaseQueue(path: path)
        let rowsBefore = try old.read(Self.attributeRows)
        #expect(rowsBefore.count == 4)
        try old.close()

        let store = try SQLiteRegistry(path: path)
        let rowsAfter = try store.pool.read(Self.attributeRows)
        #expect(rowsAfter == rowsBefore)
        let lamp = try #require(try store.devices(forUser: "u").first)
        #expect(lamp.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(lamp.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(100))
        #expect(lamp.endpoints[0].clusters[.LevelControl]?["Negative"] == .int(Int.min))
        #expect(lamp.endpoints[0].clusters[.ColorControl]?["Label"] == .string("the \"main\" one 💡"))

        // Each of the rebuilt table's triggers moves the change counter, once per row.
        let steps: [String] = [
            "UPDATE attribute SET value = 50 WHERE name = 'CurrentLevel'",
            """
            INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value)
                VALUES ('u', 'lamp', 1, 'OnOff', 'Probe', 'double', '0.5')
            """,
            "DELETE FROM attribute WHERE name = 'Probe'",
        ]
        for sql in steps {
            let (before, after) = try store.pool.write { db in
                let before = try SQLiteRegistry.generation(db)
                try db.execute(sql: sql)
                return (before, try SQLiteRegistry.generation(db))
            }
            #expect(after == before + 1, "\(sql)")
        }
        let triggers = try store.pool.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'attribute' ORDER BY name"
            )
        }
        #expect(
            triggers == [
                "attribute_delete_bumps_generation", "attribute_insert_bumps_generation",
                "attribute_update_bumps_generation",
            ]
        )

        // A write through the store bumps it too, and a new kind of value is stored and read back.
        let before = try store.pool.read { db in try SQLiteRegistry.generation(db) }
        let list = AttributeValue.list([.structure(["Label": .octets([1, 2])]), .unsigned(UInt64.max), .null])
        try store.updateDevices(forUser: "u", ids: ["lamp"]) { devices in
            devices["lamp"]?.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] = .double(0.1)
            devices["lamp"]?.endpoints[0].clusters[.ColorControl]?["Tags"] = list
        }
        #expect(try store.pool.read { db in try SQLiteRegistry.generation(db) } > before)
        try store.close()

        let reopened = try SQLiteRegistry(path: path)
        let updated = try #require(try reopened.devices(forUser: "u").first)
        #expect(updated.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .double(0.1))
        #expect(updated.endpoints[0].clusters[.ColorControl]?["Tags"] == list)
        #expect(updated.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))

        // The rebuilt table keeps its foreign key: deleting the device deletes its attributes.
        let (violations, left) = try reopened.pool.write { db in
            let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            try db.execute(sql: "DELETE FROM device WHERE id = 'lamp'")
            return (violations, try Int.fetchOne(db, sql: "SELECT count(*) FROM attribute") ?? -1)
        }
        #expect(violations.isEmpty)
        #expect(left == 0)
        try reopened.close()
    }
}
