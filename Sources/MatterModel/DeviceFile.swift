/// A parsed and validated device file (`Config/devices.json`, `hearth devices import`).
public struct DeviceFile: Sendable, Hashable {
    /// The users in file order; `agentUserId`s are unique.
    public var users: [UserDevices]

    /// Creates a file from already validated users.
    public init(users: [UserDevices]) {
        self.users = users
    }
}
