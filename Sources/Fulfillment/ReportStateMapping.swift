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
        /// ObjectDetection: what was detected, counted in Google's categories (``DetectedObjects``).
        case objectDetection(detectionTimestampMilliseconds: Int64, objects: DetectedObjects)
        /// SensorState: a sensor entered an alarming state, named as QUERY names it (`SmokeLevel` / `high`).
        case sensorState(name: String, currentSensorState: String)
    }

    /// The `objects` of Google's ObjectDetection notification, which counts what was seen by how well the user
    /// knows it, not by what it is:
    ///
    /// > `familiar` Integer: Count of objects recognized by the user that have no label.
    /// > `unfamiliar` Integer: Count of objects detected by the device that the user may not recognize.
    /// > `unclassified` Integer: Count of objects detected that the device was unable to classify.
    ///
    /// (developers.home.google.com/cloud-to-cloud/traits/objectdetection, "Device NOTIFICATIONS"). Google's
    /// `named` (labels the user gave) needs a label the device event does not carry, so Hearth never sends it.
    public struct DetectedObjects: Sendable, Hashable {
        /// Recognized by the user, without a label.
        public var familiar: Int
        /// Detected by the device; the user may not recognize them.
        public var unfamiliar: Int
        /// Detected; the device could not classify them.
        public var unclassified: Int

        /// Creates the counts; a count of zero is left out of the notification.
        public init(familiar: Int = 0, unfamiliar: Int = 0, unclassified: Int = 0) {
            self.familiar = familiar
            self.unfamiliar = unfamiliar
            self.unclassified = unclassified
        }
    }

    /// The notification a device event causes.
    ///
    /// | event | ObjectDetection `objects` |
    /// |---|---|
    /// | `doorbell-press` | `unclassified: 1` (someone pressed; a doorbell classifies nothing) |
    /// | `person-detected` (value n, default 1) | `unfamiliar: n` (the camera classified a person, not who) |
    /// | `familiar-person-detected` (n) | `familiar: n` |
    /// | `package-detected` (n) | `unfamiliar: n` (a package the camera classified; Google has no kind of object) |
    public static func notification(for event: DeviceEvent, occurredMilliseconds: Int64) -> Notification {
        switch event.name {
        case .doorbellPress:
            return .objectDetection(
                detectionTimestampMilliseconds: occurredMilliseconds,
                objects: DetectedObjects(unclassified: 1)
            )
        case .personDetected, .packageDetected:
            return .objectDetection(
                detectionTimestampMilliseconds: occurredMilliseconds,
                objects: DetectedObjects(unfamiliar: detectedCount(event))
            )
        case .familiarPersonDetected:
            return .objectDetection(
                detectionTimestampMilliseconds: occurredMilliseconds,
                objects: DetectedObjects(familiar: detectedCount(event))
            )
        case .smokeAlarm, .coAlarm:
            let sensor = event.name == .smokeAlarm ? SmokeCOAlarmSensor.smoke : SmokeCOAlarmSensor.carbonMonoxide
            let level = min(max(event.value ?? 1, 1), 2)
            return .sensorState(name: sensor.name, currentSensorState: sensor.states[level])
        case .waterLeak:
            return .sensorState(name: WaterLeakSensor.name, currentSensorState: WaterLeakSensor.leak)
        }
    }

    /// How many people or packages a camera event counts: its value, 1 when it has none, within the event's
    /// ``DeviceEvent/Name/values`` (the outbox may hold a row written before a bound changed).
    static func detectedCount(_ event: DeviceEvent) -> Int {
        let bounds = event.name.values ?? 1...1
        return min(max(event.value ?? 1, bounds.lowerBound), bounds.upperBound)
    }
}
