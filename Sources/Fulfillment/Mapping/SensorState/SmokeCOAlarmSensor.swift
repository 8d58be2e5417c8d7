import JSON
import MatterModel
import SmartHomeProtocol

/// `SensorState` `SmokeLevel` and `CarbonMonoxideLevel` from a Smoke CO Alarm: one entry per feature the alarm
/// has (`FeatureMap` bit 0 SMOKE, bit 1 CO), smoke first. Descriptive only (Matter reports no ppm):
///
/// | `SmokeState` / `COState` | `SmokeLevel` | `CarbonMonoxideLevel` |
/// |---|---|---|
/// | 0 normal | `no smoke detected` | `no carbon monoxide detected` |
/// | 1 warning | `smoke detected` | `carbon monoxide detected` |
/// | 2 critical | `high` | `high` |
///
/// State names as Google's Smoke Detector and Carbon Monoxide Detector guides spell them.
enum SmokeCOAlarmSensor: SensorStateSource {
    /// One Google sensor the alarm backs: its name, its Matter attribute and its states by `AlarmStateEnum`.
    struct Sensor {
        var name: String
        var feature: Int
        var attribute: Attribute
        /// Descriptive states for normal, warning, critical.
        var states: [String]

        /// Google's `availableStates`, in the order of Google's example.
        var availableStates: [JSONValue] { [.string(states[1]), .string(states[2]), .string(states[0])] }
    }

    static let smoke = Sensor(
        name: "SmokeLevel",
        feature: AttributeSchema.SmokeCOAlarmFeature.smoke,
        attribute: .SmokeCOAlarm.smokeState,
        states: ["no smoke detected", "smoke detected", "high"]
    )

    static let carbonMonoxide = Sensor(
        name: "CarbonMonoxideLevel",
        feature: AttributeSchema.SmokeCOAlarmFeature.carbonMonoxide,
        attribute: .SmokeCOAlarm.coState,
        states: ["no carbon monoxide detected", "carbon monoxide detected", "high"]
    )

    /// The sensors the endpoint's alarm has, smoke first; none without a Smoke CO Alarm cluster.
    static func sensors(of endpoint: Endpoint) -> [Sensor] {
        guard endpoint.has(.SmokeCOAlarm) else { return [] }
        let features =
            endpoint.cluster(.SmokeCOAlarm).int(.SmokeCOAlarm.featureMap)
            ?? (AttributeSchema.SmokeCOAlarmFeature.smoke | AttributeSchema.SmokeCOAlarmFeature.carbonMonoxide)
        return [smoke, carbonMonoxide].filter { features & $0.feature != 0 }
    }

    static func capabilities(of endpoint: Endpoint) -> [JSONValue] {
        sensors(of: endpoint).map { sensor in
            [
                "name": .string(sensor.name),
                "descriptiveCapabilities": ["availableStates": .array(sensor.availableStates)],
            ]
        }
    }

    static func currentStates(of endpoint: Endpoint) -> [JSONValue] {
        let alarm = endpoint.cluster(.SmokeCOAlarm)
        return sensors(of: endpoint).map { sensor in
            let level = min(max(alarm.int(sensor.attribute) ?? 0, 0), 2)
            return ["name": .string(sensor.name), "currentSensorState": .string(sensor.states[level])]
        }
    }
}
