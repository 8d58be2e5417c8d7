import JSON
import MatterModel
import Registry
import SmartHomeProtocol

/// What Hearth reports to HomeGraph for a device: its state as QUERY answers it, and its notifications.
public enum ReportStateMapping {
    /// The full state of every trait of the device, and `online` (Google replaces state trait by trait, so each
    /// trait is sent whole). An offline device reports only `online: false`.
    public static func states(of device: Device) -> JSONObject {
        guard device.online else { return JSONObject([("online", .bool(false))]) }
        var states = SyncDeviceMapping.states(of: device, bindings: DeviceTypeMapping.bindings(of: device))
        states.append("online", .bool(true))
        return states
    }

    /// What a device event tells Google. The wire shape is HomeGraph's (`DeviceNotification`), built by the
    /// reporting service.
    public enum Notification: Sendable, Hashable {
        /// ObjectDetection: a doorbell press, one person the doorbell cannot classify.
        case objectDetection(detectionTimestampMilliseconds: Int64)
        /// SensorState: a sensor entered an alarming state, named as QUERY names it (`SmokeLevel` / `high`).
        case sensorState(name: String, currentSensorState: String)
    }

    /// The notification a device event causes.
    public static func notification(for event: DeviceEvent, occurredMilliseconds: Int64) -> Notification {
        switch event.name {
        case .doorbellPress:
            return .objectDetection(detectionTimestampMilliseconds: occurredMilliseconds)
        case .smokeAlarm, .coAlarm:
            let sensor = event.name == .smokeAlarm ? SmokeCOAlarmSensor.smoke : SmokeCOAlarmSensor.carbonMonoxide
            let level = min(max(event.value ?? 1, 1), 2)
            return .sensorState(name: sensor.name, currentSensorState: sensor.states[level])
        case .waterLeak:
            return .sensorState(name: WaterLeakSensor.name, currentSensorState: WaterLeakSensor.leak)
        }
    }
}
