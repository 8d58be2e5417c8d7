import MatterModel
import Registry
import SmartHomeProtocol

/// The registry's ``OutboxPolicy`` with Google's eyes: a Request Sync when the SYNC entry Google holds would change
/// (names, room, types, traits, attributes such as a light's color range), and a notification when an alarm goes off
/// on a device that declares `notificationSupportedByAgent`:
///
/// | Matter change | event | Google notification |
/// |---|---|---|
/// | Smoke CO Alarm `SmokeState` rises to 1 warning or 2 critical | `smoke-alarm` | `SensorState` `SmokeLevel` |
/// | Smoke CO Alarm `COState` rises to 1 or 2 | `co-alarm` | `SensorState` `CarbonMonoxideLevel` |
/// | Water Leak Detector Boolean State `StateValue` false → true | `water-leak` | `SensorState` `WaterLeak` |
/// | `hearth devices event … doorbell-press` (no state) | `doorbell-press` | `ObjectDetection` |
/// | a camera's backend says what it saw (no state) | `person-detected`, `package-detected`, … | `ObjectDetection` |
public struct HomeGraphOutboxPolicy: OutboxPolicy {
    /// Creates the policy.
    public init() {}

    public func requiresSync(from old: Device, to new: Device) -> Bool {
        // A device Google was never told about, and still is not, changes nothing Google holds.
        guard DeviceTypeMapping.isExposed(old) || DeviceTypeMapping.isExposed(new) else { return false }
        if StructuralOutboxPolicy().requiresSync(from: old, to: new) { return true }
        let before = SyncDeviceMapping.syncDevice(for: old, willReportState: true)?.json
        let after = SyncDeviceMapping.syncDevice(for: new, willReportState: true)?.json
        return before != after
    }

    public func events(from old: Device, to new: Device) -> [DeviceEvent] {
        // The EXECUTE hot path calls this for every changed device: most declare no notifications.
        guard new.notificationSupportedByAgent, old.endpoints.count == new.endpoints.count,
            DeviceTypeMapping.isExposed(new)
        else { return [] }
        var events: [DeviceEvent] = []
        for (before, after) in zip(old.endpoints, new.endpoints) {
            if after.has(.SmokeCOAlarm) {
                let alarms: [(Attribute, DeviceEvent.Name)] = [
                    (.SmokeCOAlarm.smokeState, .smokeAlarm), (.SmokeCOAlarm.coState, .coAlarm),
                ]
                for (attribute, name) in alarms {
                    let was = before.cluster(.SmokeCOAlarm).int(attribute) ?? 0
                    let now = after.cluster(.SmokeCOAlarm).int(attribute) ?? 0
                    if now > was, now >= 1 { events.append(DeviceEvent(name: name, value: now)) }
                }
            }
            if WaterLeakSensor.isPresent(on: after) {
                let was = before.cluster(.BooleanState).bool(.BooleanState.stateValue) ?? false
                let now = after.cluster(.BooleanState).bool(.BooleanState.stateValue) ?? false
                if now, !was { events.append(DeviceEvent(name: .waterLeak)) }
            }
        }
        return events
    }
}
