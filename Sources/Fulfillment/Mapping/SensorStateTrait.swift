import JSON
import MatterModel
import SmartHomeProtocol

/// Google `SensorState`: query-only sensor readings. The trait has no commands; its capabilities and states are
/// the concatenation of every source present on the endpoint, in the order of ``sources``: an Air Purifier with
/// filter monitors reports `AirQuality` then `FilterLifeTime` (``FilterMonitorSensor``); an Air Quality Sensor
/// reports `AirQuality` then its concentrations (``ConcentrationSensor``); a Rain Sensor `RainDetection`
/// (``RainSensor``).
enum SensorStateTrait: TraitMapping {
    static let trait = Trait.sensorState

    /// Every sensor source, in the order their entries appear.
    static var sources: [any SensorStateSource.Type] {
        [
            AirQualitySensor.self,
            FilterMonitorSensor.self,
            WaterLeakSensor.self,
            SmokeCOAlarmSensor.self,
            ConcentrationSensor.self,
            RainSensor.self,
        ]
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("sensorStatesSupported", .array(sources.flatMap { $0.capabilities(of: endpoint) }))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("currentSensorStateData", .array(sources.flatMap { $0.currentStates(of: endpoint) }))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "SensorState has no commands (\(command.rawValue))")
    }
}
