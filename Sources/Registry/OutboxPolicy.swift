import MatterModel

/// Something a device did that Google is told about as a notification, not as state: a doorbell press, an alarm
/// going off. Named in Matter's terms; the drain maps it to Google's notification.
public struct DeviceEvent: Sendable, Hashable {
    /// Which event it is.
    public var name: Name
    /// A level that goes with it (Smoke CO Alarm's `AlarmStateEnum`: 1 warning, 2 critical), if any.
    public var value: Int?

    /// Creates an event.
    public init(name: Name, value: Int? = nil) {
        self.name = name
        self.value = value
    }
}

/// Decides which HomeGraph work a change of a device causes. The store asks it inside the transaction that writes
/// the change, so the work is queued atomically with it (the transactional outbox).
///
/// The registry knows Matter, not Google: ``StructuralOutboxPolicy`` asks for a Request Sync whenever anything but
/// state changed. Fulfillment's policy also compares the SYNC entries Google would see and turns alarms into
/// notifications.
public protocol OutboxPolicy: Sendable {
    /// Whether Google must SYNC the device again after it changed from `old` to `new` (an import replaced it).
    func requiresSync(from old: Device, to new: Device) -> Bool

    /// The notifications the change from `old` to `new` causes.
    func events(from old: Device, to new: Device) -> [DeviceEvent]
}

/// Request Sync for every change but cluster state and connectivity; no notifications.
public struct StructuralOutboxPolicy: OutboxPolicy {
    /// Creates the policy.
    public init() {}

    public func requiresSync(from old: Device, to new: Device) -> Bool {
        old.syncShape != new.syncShape
    }

    public func events(from old: Device, to new: Device) -> [DeviceEvent] {
        []
    }
}

extension Device {
    /// The device without attribute values and connectivity: what must stay equal for a change to be only state.
    public var syncShape: Device {
        var shape = self
        shape.challenge = .none
        for index in shape.endpoints.indices {
            shape.endpoints[index].online = true
            shape.endpoints[index].clusters = shape.endpoints[index].clusters.mapValues { _ in ClusterState() }
        }
        return shape
    }
}
