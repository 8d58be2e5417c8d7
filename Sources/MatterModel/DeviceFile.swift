/// A parsed and validated device file (`Config/devices.json`, `hearth devices import`).
public struct DeviceFile: Sendable, Hashable {
    /// The users in file order; `agentUserId`s are unique.
    public var users: [UserDevices]
    /// The manufacturer-specific clusters the file declares (`manufacturerClusters`), in file order; ids and names
    /// are unique.
    public var manufacturerClusters: [ManufacturerCluster]

    /// Creates a file from already validated users and declarations.
    public init(users: [UserDevices], manufacturerClusters: [ManufacturerCluster] = []) {
        self.users = users
        self.manufacturerClusters = manufacturerClusters
    }
}
