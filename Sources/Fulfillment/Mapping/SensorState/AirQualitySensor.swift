import JSON
import MatterModel
import SmartHomeProtocol

/// Google `SensorState` `AirQuality` ⇄ Matter `AirQuality.AirQuality` (`AirQualityEnum`), descriptive only.
///
/// | Matter | Google `currentSensorState` |
/// |---|---|
/// | 0 Unknown | `unknown` |
/// | 1 Good | `good` |
/// | 2 Fair | `fair` |
/// | 3 Moderate | `moderate` |
/// | 4 Poor | `poor` |
/// | 5 VeryPoor | `very poor` |
/// | 6 ExtremelyPoor | `severe` |
///
/// The words come from the AirQuality row of Google's Supported Sensors table
/// (https://developers.home.google.com/cloud-to-cloud/traits/sensorstate), which offers a US-AQI vocabulary
/// (`healthy` … `hazardous`) and a banded one (`good`, `fair`, `poor`, `very poor`, `severe`) plus `moderate`;
/// Matter's six levels follow the banded scale, whose top band Google calls `severe`. `unknown` is not listed in
/// `availableStates`: Google supports it implicitly.
enum AirQualitySensor: SensorStateSource {
    /// Google's descriptive states by Matter `AirQualityEnum` value (index 0 is Unknown).
    static let states = ["unknown", "good", "fair", "moderate", "poor", "very poor", "severe"]

    static func capabilities(of endpoint: Endpoint) -> [JSONValue] {
        guard endpoint.has(.AirQuality) else { return [] }
        return [
            [
                "name": "AirQuality",
                "descriptiveCapabilities": ["availableStates": .array(states.dropFirst().map { .string($0) })],
            ]
        ]
    }

    static func currentStates(of endpoint: Endpoint) -> [JSONValue] {
        guard endpoint.has(.AirQuality) else { return [] }
        let level = endpoint.cluster(.AirQuality).int(.AirQuality.airQuality) ?? 0
        let state = states.indices.contains(level) ? states[level] : "unknown"
        return [["name": "AirQuality", "currentSensorState": .string(state)]]
    }
}
