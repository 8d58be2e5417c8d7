import JSON
import MatterModel

/// Manufacturer-specific clusters in the registry: the `manufacturer_cluster` table ("v13: manufacturer clusters")
/// holds each declaration a device file brought (its id, its name and its canonical JSON). Every process that opens
/// the registry puts them in ``ManufacturerClusterCatalog`` before it reads a device, and reads them again when it
/// meets a stored cluster name it does not know, so that stored cluster names resolve.
extension SQLRegistry {
    /// Installs every stored declaration in the catalog: what opening a registry does before any device is read.
    package func loadManufacturerClusters() throws {
        _ = try engine.readEach { c in try Self.refreshManufacturerClusters(c) }
    }

    /// The stored declarations, by id.
    package func manufacturerClusters() throws -> [ManufacturerCluster] {
        try engine.readEach { c in
            try c.all("SELECT declaration FROM manufacturer_cluster ORDER BY id") { row in
                try Self.decodeDeclaration(try row.string(0))
            }
        }
    }

    /// Installs in the catalog each stored declaration it does not hold as stored, so that a declaration another
    /// process imported since is known here too; whether there was any.
    @discardableResult
    package static func refreshManufacturerClusters(_ c: Engine.Connection) throws -> Bool {
        let rows = try c.all("SELECT id, declaration FROM manufacturer_cluster ORDER BY id") { row in
            (id: try row.int64(0), text: try row.string(1))
        }
        var changed: [ManufacturerCluster] = []
        for row in rows where ManufacturerClusterCatalog.cluster(id: Int(row.id))?.canonicalJSON != row.text {
            changed.append(try decodeDeclaration(row.text))
        }
        if !changed.isEmpty { ManufacturerClusterCatalog.install(changed) }
        return !changed.isEmpty
    }

    /// Stores a device file's declarations in the import's transaction. The same declaration again changes
    /// nothing; a different one under a stored id or name replaces it, unless a stored device uses the stored
    /// cluster.
    ///
    /// - Throws: `RegistryError` with `conflict` naming the cluster and a device that uses it.
    package static func storeManufacturerClusters(_ c: Engine.Connection, _ clusters: [ManufacturerCluster]) throws {
        for cluster in clusters {
            let text = cluster.canonicalJSON
            let stored = try c.all(
                "SELECT id, name, declaration FROM manufacturer_cluster WHERE id = ? OR lower(name) = ?",
                [.int(Int64(cluster.id)), .text(cluster.name.lowercased())]
            ) { row in (id: Int(try row.int64(0)), name: try row.string(1), text: try row.string(2)) }
            if stored.count == 1, stored[0].id == cluster.id, stored[0].text == text { continue }
            for old in stored {
                if let user = try c.first(
                    "SELECT userId, deviceId FROM endpoint WHERE clusters LIKE ? LIMIT 1",
                    [.text("%\"\(old.name)\"%")],
                    { row in (user: try row.string(0), device: try row.string(1)) }
                ) {
                    throw RegistryError(
                        code: .conflict,
                        message: "manufacturer cluster \(ManufacturerCluster.hex(old.id)) (\(old.name)) is stored "
                            + "with another declaration than the file's \(ManufacturerCluster.hex(cluster.id)) "
                            + "(\(cluster.name)), and device \"\(user.device)\" of user \"\(user.user)\" uses it: "
                            + "remove that cluster from the stored devices first, or keep the declaration"
                    )
                }
                _ = try c.execute("DELETE FROM manufacturer_cluster WHERE id = ?", [.int(Int64(old.id))])
            }
            _ = try c.execute(
                "INSERT INTO manufacturer_cluster (id, name, declaration) VALUES (?, ?, ?)",
                [.int(Int64(cluster.id)), .text(cluster.name), .text(text)]
            )
        }
    }

    /// Refuses to write a device with a manufacturer cluster the registry has not stored under the name it is written
    /// with: every process reading the device must be able to name it.
    ///
    /// - Throws: `RegistryError` with `invalidDevice`.
    package static func requireStoredDeclaration(
        _ c: Engine.Connection,
        _ cluster: ClusterID,
        user: String,
        device: String
    ) throws {
        let name = cluster.rawValue
        let stored = try c.first("SELECT name FROM manufacturer_cluster WHERE id = ?", [.int(Int64(cluster.matterID))])
        {
            row in try row.string(0)
        }
        guard stored != name else { return }
        throw RegistryError(
            code: .invalidDevice,
            message:
                "user \(user), device \(device): manufacturer cluster \(ManufacturerCluster.hex(cluster.matterID)) "
                + "(\(name)) is not declared in this registry: import a device file whose manufacturerClusters "
                + "declares it"
        )
    }

    /// A stored declaration, read back as a device file's would be.
    static func decodeDeclaration(_ text: String) throws -> ManufacturerCluster {
        do {
            let json = try JSONParser.parse(text, options: .deviceFile)
            return try ManufacturerCluster.parse(json, field: "manufacturer_cluster")
        } catch {
            throw RegistryError(code: .corruptData, message: "a stored manufacturer cluster is unreadable: \(error)")
        }
    }
}
