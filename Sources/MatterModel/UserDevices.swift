/// The devices of one user, as a device file lists them.
public struct UserDevices: Sendable, Hashable {
    /// Google's `agentUserId`: immutable, opaque.
    public var agentUserId: String
    /// The user's devices in file order.
    public var devices: [Device]

    /// Creates a user's device list.
    public init(agentUserId: String, devices: [Device]) {
        self.agentUserId = agentUserId
        self.devices = devices
    }
}
