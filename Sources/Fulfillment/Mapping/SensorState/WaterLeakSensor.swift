import JSON
import MatterModel
import SmartHomeProtocol

/// `SensorState` `WaterLeak` from a Water Leak Detector's Boolean State: `StateValue` true → `"leak"`, false →
/// `"no leak"` (descriptive only; Google's sensor table has no numeric leak value).
enum WaterLeakSensor: SensorStateSource {
    static let name = "WaterLeak"
    static let leak = "leak"
    static let noLeak = "no leak"

    static func isPresent(on endpoint: Endpoint) -> Bool {
        endpoint.deviceTypes.contains(.WaterLeakDetector) && endpoint.has(.BooleanState)
    }

    static func capabilities(of endpoint: Endpoint) -> [JSONValue] {
        guard isPresent(on: endpoint) else { return [] }
        return [
            [
                "name": .string(name),
                "descriptiveCapabilities": ["availableStates": [.string(leak), .string(noLeak)]],
            ]
        ]
    }

    static func currentStates(of endpoint: Endpoint) -> [JSONValue] {
        guard isPresent(on: endpoint) else { return [] }
        let leaking = endpoint.cluster(.BooleanState).bool(.BooleanState.stateValue) ?? false
        return [["name": .string(name), "currentSensorState": .string(leaking ? leak : noLeak)]]
    }
}
