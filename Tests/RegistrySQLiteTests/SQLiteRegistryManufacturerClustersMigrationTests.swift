import Foundation
import GRDB
import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry
@testable import RegistrySQLite

/// "v13: manufacturer clusters" on SQLite: a v12 database keeps its devices, gains an empty `manufacturer_cluster`
/// table whose writes move the change counter, and stores a declaration afterwards.
struct SQLiteRegistryManufacturerClustersMigrationTests {
    static let previous = "v12: every Matter data type"

    @Test func aV12DatabaseUpgradesKeepingItsDevices() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let old = try DatabaseQueue(path: path)
        try SQLiteRegistry.migrator.migrate(old, upTo: Self.previous)
        let applied = try old.read { db in try SQLiteRegistry.migrator.appliedIdentifiers(db) }
        #expect(!applied.contains("v13: manufacturer clusters"))
        try old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO user (id) VALUES ('u');
                    INSERT INTO device (userId, id, position, name) VALUES ('u', 'lamp', 0, 'Lamp');
                    INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online)
                        VALUES ('u', 'lamp', 1, '["OnOffLight"]', '["OnOff"]', 1);
                    INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) VALUES
                        ('u', 'lamp', 1, 'OnOff', 'OnOff', 'bool', 1);
                    """
            )
        }
        try old.close()

        let store = try SQLiteRegistry(path: path)
        defer { try? store.close() }
        let lamp = try #require(try store.devices(forUser: "u").first)
        #expect(lamp.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(try store.manufacturerClusters().isEmpty)
        let (before, after) = try store.pool.write { db in
            let before = try SQLiteRegistry.generation(db)
            try db.execute(
                sql: "INSERT INTO manufacturer_cluster (id, name, declaration) VALUES (1, 'Probe', '{}')"
            )
            try db.execute(sql: "DELETE FROM manufacturer_cluster")
            return (before, try SQLiteRegistry.generation(db))
        }
        #expect(after == before + 2)

        let file = try DeviceFile.parse(
            #"{"manufacturerClusters": [{"id": "0xFFF3FC01", "name": "MigratedProbe", "attributes": ["#
                + #"{"id": 0, "name": "Level", "type": "uint8"}]}], "users": [{"agentUserId": "u", "devices": ["#
                + #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"], "clusters": "#
                + #"{"MigratedProbe": {"Level": 3}}}]}]}"#
        )
        _ = try store.importDevices(file)
        #expect(try store.manufacturerClusters() == file.manufacturerClusters)
        #expect(try store.devices(forUser: "u") == file.users[0].devices)
    }
}
