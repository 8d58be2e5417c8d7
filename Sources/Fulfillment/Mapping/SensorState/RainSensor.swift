import JSON
import MatterModel
import SmartHomeProtocol

/// `SensorState` `RainDetection` from a Rain Sensor's Boolean State: `StateValue` true → `"rain detected"`, false →
/// `"no rain detected"` (descriptive only).
///
/// Matter 1.4 Device Library, Rain Sensor (0x0044): "A Rain Sensor device reports whether or not rain is
/// detected"; its Boolean State's `StateValue` is true while it rains. Google's SensorState "Supported Sensors"
/// table (https://developers.home.google.com/cloud-to-cloud/traits/sensorstate) lists `RainDetection` with the
/// descriptive states `rain detected` and `no rain detected`, and no numeric unit.
///
/// Matter's Water Freeze Detector (0x0041) has no counterpart: Google's table has no freeze sensor (its names are
/// air quality, gases, smoke, filters, water leak and rain), so a freeze detector is kept unexposed
/// (``DeviceTypeMapping/notExposedReason(for:)``).
enum RainSensor: SensorStateSource {
    static let name = "RainDetection"
    static let rain = "rain detected"
    static let noRain = "no rain detected"

    static func isPresent(on endpoint: Endpoint) -> Bool {
        endpoint.deviceTypes.contains(.RainSensor) && endpoint.has(.BooleanState)
    }

    static func capabilities(of endpoint: Endpoint) -> [JSONValue] {
        guard isPresent(on: endpoint) else { return [] }
        return [
            [
                "name": .string(name),
                "descriptiveCapabilities": ["availableStates": [.string(rain), .string(noRain)]],
            ]
        ]
    }

    static func currentStates(of endpoint: Endpoint) -> [JSONValue] {
        guard isPresent(on: endpoint) else { return [] }
        let raining = endpoint.cluster(.BooleanState).bool(.BooleanState.stateValue) ?? false
        return [["name": .string(name), "currentSensorState": .string(raining ? rain : noRain)]]
    }
}
