import JSON

/// One trait's notification for one device, under `payload.devices.notifications.<deviceId>.<Trait>` in a Report
/// State call.
///
/// Google's shape is `{"<TraitName>": {"priority": 0, …trait-specific fields}}`. The factories build the two
/// notifications Hearth's sensors send; ``init(trait:fields:)`` any other (LockUnlock follow-ups, …).
public struct DeviceNotification: Sendable, Hashable {
    /// The trait's short name as Google spells it in notifications (`ObjectDetection`, `SensorState`).
    public var trait: String
    /// The notification's fields, `priority` included.
    public var fields: JSONObject

    /// Creates a notification for `trait` with exactly `fields`.
    public init(trait: String, fields: JSONObject) {
        self.trait = trait
        self.fields = fields
    }

    /// An ObjectDetection notification (a doorbell or camera saw someone):
    /// `{"priority":0,"detectionTimestamp":<ms>,"objects":{"named":[…],"familiar":n,"unfamiliar":n,"unclassified":n}}`.
    /// Counts of zero and an empty `named` list are left out, as Google's examples do.
    public static func objectDetection(
        detectionTimestampMilliseconds: Int64,
        named: [String] = [],
        familiar: Int = 0,
        unfamiliar: Int = 0,
        unclassified: Int = 0,
        priority: Int = 0
    ) -> DeviceNotification {
        var objects = JSONObject()
        if !named.isEmpty { objects.append("named", .array(named.map { .string($0) })) }
        if familiar > 0 { objects.append("familiar", .int(familiar)) }
        if unfamiliar > 0 { objects.append("unfamiliar", .int(unfamiliar)) }
        if unclassified > 0 { objects.append("unclassified", .int(unclassified)) }
        return DeviceNotification(
            trait: "ObjectDetection",
            fields: JSONObject([
                ("priority", .int(priority)),
                ("detectionTimestamp", .int(Int(detectionTimestampMilliseconds))),
                ("objects", .object(objects)),
            ])
        )
    }

    /// A SensorState notification (a leak, smoke, CO): `{"priority":0,"name":"WaterLeak","currentSensorState":"leak"}`.
    ///
    /// The ObjectDetection shape is checked against Google's trait page; this one follows the SensorState
    /// notification as Google's notifications guide describes it and is not yet checked against a recorded example.
    public static func sensorState(name: String, currentSensorState: String, priority: Int = 0) -> DeviceNotification {
        DeviceNotification(
            trait: "SensorState",
            fields: JSONObject([
                ("priority", .int(priority)),
                ("name", .string(name)),
                ("currentSensorState", .string(currentSensorState)),
            ])
        )
    }
}
