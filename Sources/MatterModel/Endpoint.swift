/// One endpoint of a device: Matter device types made of clusters, reachable or not.
///
/// A plain device has one endpoint; a composed device (a speaker with a light, a fan with a light) has one per
/// function. Endpoints are numbered from 1 in the order the device file lists them (Matter's endpoint 0 is the
/// root node, which Hearth models as ``Device/basicInformation``); the first is the primary endpoint.
public struct Endpoint: Sendable, Hashable {
    /// Matter device types; never empty. The first is the endpoint's primary type.
    public var deviceTypes: [DeviceType]
    /// Whether the endpoint is reachable (Matter's `sourceConnectivity` per endpoint).
    public var online: Bool
    /// Cluster state, with every attribute of every cluster filled (defaults applied on import).
    public var clusters: [ClusterID: ClusterState]

    /// Creates an endpoint; `clusters` are stored as given (``DeviceFile/parse(_:)`` fills defaults).
    public init(deviceTypes: [DeviceType], online: Bool = true, clusters: [ClusterID: ClusterState] = [:]) {
        self.deviceTypes = deviceTypes
        self.online = online
        self.clusters = clusters
    }

    /// The endpoint's primary device type.
    public var primaryType: DeviceType { deviceTypes[0] }

    /// Whether the endpoint has a cluster.
    public func has(_ cluster: ClusterID) -> Bool {
        clusters[cluster] != nil
    }

    /// The state of a cluster, or an empty state (which reads as defaults) when the endpoint lacks it. Import
    /// fills every required cluster, so an empty state here means a corrupt registry, not a crash.
    public func cluster(_ id: ClusterID) -> ClusterState {
        clusters[id] ?? ClusterState()
    }
}
