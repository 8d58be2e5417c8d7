/// The devices of one user, as a device file lists them.
public struct UserDevices: Sendable, Hashable {
    /// Google's `agentUserId`: immutable, opaque.
    public var agentUserId: String
    /// The user's devices in file order.
    public var devices: [Device]

    public init(agentUserId: String, devices: [Device]) {
        self.agentUserId = agentUserId
        self.devices = devices
    }
}

/// A parsed and validated device file (`Config/devices.json`, `hearth devices import`).
public struct DeviceFile: Sendable, Hashable {
    public var users: [UserDevices]

    public init(users: [UserDevices]) {
        self.users = users
    }
}
