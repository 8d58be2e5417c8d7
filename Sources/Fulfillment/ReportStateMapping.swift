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

    /// One notification: the trait's short name (`ObjectDetection`, `SensorState`) and its payload, `priority`
    /// included; `nil` for an event the device cannot have (it changed since).
    ///
    /// - ObjectDetection (Google's trait page): `{"priority": 0, "detectionTimestamp": <ms>, "objects":
    ///   {"unclassified": 1}}` — a press is one person the doorbell cannot classify.
    /// - SensorState: `{"priority": 0, "currentSensorStateData": [{"name": …, "currentSensorState": …}]}`, the
    ///   state named as QUERY names it.
    public static func notification(
        for event: DeviceEvent,
        device: Device,
        occurredMilliseconds: Int64
    ) -> (trait: String, fields: JSONObject)? {
        switch event.name {
        case DeviceEvent.doorbellPress:
            return (
                "ObjectDetection",
                JSONObject([
                    ("priority", .int(0)),
                    ("detectionTimestamp", .int(Int(occurredMilliseconds))),
                    ("objects", .object(JSONObject([("unclassified", .int(1))]))),
                ])
            )
        case DeviceEvent.smokeAlarm, DeviceEvent.coAlarm:
            let sensor =
                event.name == DeviceEvent.smokeAlarm ? SmokeCOAlarmSensor.smoke : SmokeCOAlarmSensor.carbonMonoxide
            let level = min(max(event.value ?? 1, 1), 2)
            return sensorState(name: sensor.name, state: sensor.states[level])
        case DeviceEvent.waterLeak:
            return sensorState(name: WaterLeakSensor.name, state: WaterLeakSensor.leak)
        default:
            return nil
        }
    }

    private static func sensorState(name: String, state: String) -> (trait: String, fields: JSONObject) {
        (
            "SensorState",
            JSONObject([
                ("priority", .int(0)),
                (
                    "currentSensorStateData",
                    .array([
                        .object(JSONObject([("name", .string(name)), ("currentSensorState", .string(state))]))
                    ])
                ),
            ])
        )
    }
}
