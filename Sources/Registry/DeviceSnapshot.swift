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
    /// Each device's position in ``devices``, by id.
    private let positions: [String: Int]

    public init(revision: Int64, devices: [Device]) {
        self.revision = revision
        self.devices = devices
        var positions: [String: Int] = [:]
        positions.reserveCapacity(devices.count)
        for (index, device) in devices.enumerated() { positions[device.id] = index }
        self.positions = positions
    }

    private init(revision: Int64, devices: [Device], positions: [String: Int]) {
        self.revision = revision
        self.devices = devices
        self.positions = positions
    }

    /// The device with an id, if the user has it.
    public func device(_ id: String) -> Device? {
        positions[id].map { devices[$0] }
    }

    /// The same user's devices with some replaced (same ids), at a new revision; ids it does not have are
    /// ignored. Cheaper than building a snapshot anew: the id index is shared.
    public func replacing(_ changed: [Device], revision: Int64) -> DeviceSnapshot {
        var devices = self.devices
        for device in changed {
            if let index = positions[device.id] { devices[index] = device }
        }
        return DeviceSnapshot(revision: revision, devices: devices, positions: positions)
    }

    /// An unknown user: no devices.
    public static func empty(revision: Int64) -> DeviceSnapshot {
        DeviceSnapshot(revision: revision, devices: [])
    }
}
