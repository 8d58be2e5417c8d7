import MatterModel

/// All devices of one user as the registry held them at one moment, with a revision number.
///
/// `revision` changes whenever the user's devices may have changed (and may change when they did not, e.g. after
/// another process wrote to the registry), so that callers can cache what they derive from a snapshot — Google
/// payloads, say — and know when to derive it again.
public struct DeviceSnapshot: Sendable {
    /// Changes when the user's devices may have changed.
    public let revision: Int64
    /// The devices in import order.
    public let devices: [Device]
    /// The same devices by id.
    public let byId: [String: Device]

    public init(revision: Int64, devices: [Device]) {
        self.revision = revision
        self.devices = devices
        var byId: [String: Device] = [:]
        byId.reserveCapacity(devices.count)
        for device in devices { byId[device.id] = device }
        self.byId = byId
    }

    /// An unknown user: no devices.
    public static func empty(revision: Int64) -> DeviceSnapshot {
        DeviceSnapshot(revision: revision, devices: [])
    }
}
