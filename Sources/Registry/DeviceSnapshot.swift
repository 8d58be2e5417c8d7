import MatterModel

/// All devices of one user as the registry held them at one moment, with a revision number.
///
/// `revision` changes whenever the user's devices may have changed (and may change when they did not, e.g. after
/// another process wrote to the registry), so that callers can cache what they derive from a snapshot — Google
/// payloads, say — and know when to derive it again.
public struct DeviceSnapshot: Sendable {
    /// Changes when the user's devices may have changed.
    public private(set) var revision: Int64
    /// The devices in import order.
    public private(set) var devices: [Device]
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

    /// The device with an id, if the user has it.
    public func device(_ id: String) -> Device? {
        positions[id].map { devices[$0] }
    }

    /// Replaces some devices (same ids) and moves to a new revision; ids it does not have are ignored. Cheaper than
    /// building a snapshot anew: the id index is kept. In place when nothing else holds this snapshot's devices (the
    /// registry cache patching its own copy after an EXECUTE); otherwise the array is copied first, as value
    /// semantics require, and whoever holds the old snapshot keeps it unchanged.
    mutating func replace(_ changed: [Device], revision: Int64) {
        for device in changed {
            if let index = positions[device.id] { devices[index] = device }
        }
        self.revision = revision
    }

    /// An unknown user: no devices.
    public static func empty(revision: Int64) -> DeviceSnapshot {
        DeviceSnapshot(revision: revision, devices: [])
    }
}
