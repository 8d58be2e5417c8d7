/// One device in the registry, modelled the Matter way: device types made of clusters.
public struct Device: Sendable, Hashable, Identifiable {
    /// Stable id, unique per user; Google's device `id`.
    public var id: String
    /// The user-visible name.
    public var name: String
    /// User aliases.
    public var nicknames: [String]
    /// The room the device is in (Google's `roomHint`).
    public var room: String?
    /// Matter device types; never empty. The first is the primary type.
    public var deviceTypes: [DeviceType]
    /// Identity from the Basic Information cluster.
    public var basicInformation: BasicInformation
    /// Alternate ids of the same device (Google's `otherDeviceIds`).
    public var otherDeviceIds: [String]
    /// Whether the device is reachable.
    public var online: Bool
    /// Cluster state, with every attribute of every cluster filled (defaults applied on import).
    public var clusters: [ClusterID: ClusterState]

    /// Creates a device; `clusters` are stored as given (``DeviceFile/parse(_:)`` fills defaults).
    public init(
        id: String,
        name: String,
        nicknames: [String] = [],
        room: String? = nil,
        deviceTypes: [DeviceType],
        basicInformation: BasicInformation = BasicInformation(),
        otherDeviceIds: [String] = [],
        online: Bool = true,
        clusters: [ClusterID: ClusterState] = [:]
    ) {
        self.id = id
        self.name = name
        self.nicknames = nicknames
        self.room = room
        self.deviceTypes = deviceTypes
        self.basicInformation = basicInformation
        self.otherDeviceIds = otherDeviceIds
        self.online = online
        self.clusters = clusters
    }

    /// The primary device type.
    public var primaryType: DeviceType { deviceTypes[0] }

    /// Whether the device has a cluster.
    public func has(_ cluster: ClusterID) -> Bool {
        clusters[cluster] != nil
    }
}
