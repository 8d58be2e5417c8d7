import Synchronization

/// The manufacturer-specific clusters this process knows, by id and by name: what ``ClusterID/rawValue``,
/// ``ClusterID/init(rawValue:)`` and ``ClusterID/definition`` consult after Hearth's own clusters and the
/// specification's.
///
/// Opening a registry installs its stored declarations (``install(_:)``), and importing a device file installs the
/// file's, so that every process reading the registry (`hearth serve`, `hearth devices set`, `/v1`) names and checks
/// them alike. Thread-safe.
public enum ManufacturerClusterCatalog {
    /// The catalog's contents.
    public struct Entries: Sendable, Hashable {
        var byID: [Int: ManufacturerCluster] = [:]
        var idByName: [String: Int] = [:]
    }

    /// A declaration that differs from the one the catalog holds under its id or name.
    public struct Conflict: Error, Sendable, Hashable, CustomStringConvertible {
        /// The declaration refused.
        public var cluster: ManufacturerCluster
        /// The one already registered under its id or its name.
        public var existing: ManufacturerCluster

        /// `manufacturer cluster 0xFFF1FC01 (AcmeFilterLife) differs from the one already known as …`.
        public var description: String {
            "manufacturer cluster \(ManufacturerCluster.hex(cluster.id)) (\(cluster.name)) differs from the one "
                + "already known as \(ManufacturerCluster.hex(existing.id)) (\(existing.name))"
        }
    }

    private static let entries = Mutex(Entries())

    /// Adds `cluster`; registering the same declaration again does nothing.
    ///
    /// - Throws: ``Conflict`` when another declaration holds its id or its name (letter case aside).
    public static func register(_ cluster: ManufacturerCluster) throws(Conflict) {
        let conflict: ManufacturerCluster? = entries.withLock { entries in
            if let existing = entries.byID[cluster.id] { return existing == cluster ? nil : existing }
            if let id = entries.idByName[cluster.name.lowercased()], let existing = entries.byID[id] { return existing }
            entries.byID[cluster.id] = cluster
            entries.idByName[cluster.name.lowercased()] = cluster.id
            return nil
        }
        if let conflict { throw Conflict(cluster: cluster, existing: conflict) }
    }

    /// Adds each of `clusters`, replacing any declaration holding its id or its name: what a registry's stored
    /// declarations, or an import's, say wins over what the process held.
    public static func install(_ clusters: [ManufacturerCluster]) {
        entries.withLock { entries in
            for cluster in clusters {
                if let old = entries.byID[cluster.id] { entries.idByName[old.name.lowercased()] = nil }
                if let id = entries.idByName[cluster.name.lowercased()] { entries.byID[id] = nil }
                entries.byID[cluster.id] = cluster
                entries.idByName[cluster.name.lowercased()] = cluster.id
            }
        }
    }

    /// The declaration of cluster `id`, if the catalog has one.
    public static func cluster(id: Int) -> ManufacturerCluster? {
        entries.withLock { $0.byID[id] }
    }

    /// The declaration named `name` (letter case aside), if the catalog has one.
    public static func cluster(named name: String) -> ManufacturerCluster? {
        entries.withLock { entries in entries.idByName[name.lowercased()].flatMap { entries.byID[$0] } }
    }

    /// Every declaration, by id.
    public static var all: [ManufacturerCluster] {
        entries.withLock { $0.byID.values.sorted { $0.id < $1.id } }
    }
}
