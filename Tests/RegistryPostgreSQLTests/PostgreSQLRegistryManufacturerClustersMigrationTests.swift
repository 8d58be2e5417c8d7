import Foundation
import HearthTestSupport
import MatterModel
import PostgreSQL
import Testing

@testable import Registry
@testable import RegistryPostgreSQL

/// "v13: manufacturer clusters" on PostgreSQL: a v12 database keeps its devices, gains an empty
/// `manufacturer_cluster` table, and stores a declaration afterwards.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLRegistryManufacturerClustersMigrationTests {
    @Test func aV12DatabaseUpgradesKeepingItsDevices() throws {
        let url = try PostgreSQLCluster.start().createDatabase()
        let previous = PostgreSQLRegistry.migrations.prefix { $0.name != "v13: manufacturer clusters" }
        #expect(previous.last?.name == "v12: every Matter data type")
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
                INSERT INTO device (userId, id, position, name) VALUES ('u', 'lamp', 0, 'Lamp');
                INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online)
                    VALUES ('u', 'lamp', 1, '["OnOffLight"]', '["OnOff"]', true);
                INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) VALUES
                    ('u', 'lamp', 1, 'OnOff', 'OnOff', 'bool', '1');
                """
            )
        }
        pool.close()

        let store = try PostgreSQLRegistry(url: url)
        defer { store.close() }
        let lamp = try #require(try store.devices(forUser: "u").first)
        #expect(lamp.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(try store.manufacturerClusters().isEmpty)

        let file = try DeviceFile.parse(
            #"{"manufacturerClusters": [{"id": "0xFFF3FC02", "name": "MigratedPostgresProbe", "attributes": ["#
                + #"{"id": 0, "name": "Level", "type": "uint8"}]}], "users": [{"agentUserId": "u", "devices": ["#
                + #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"], "clusters": "#
                + #"{"MigratedPostgresProbe": {"Level": 3}}}]}]}"#
        )
        _ = try store.importDevices(file)
        #expect(try store.manufacturerClusters() == file.manufacturerClusters)
        #expect(try store.devices(forUser: "u") == file.users[0].devices)
    }
}
