import JSON
import MatterModel
import SmartHomeProtocol

/// SensorState's numeric air sensors from Matter's Concentration Measurement clusters, in this order:
///
/// | Matter cluster | Google sensor | Google unit |
/// |---|---|---|
/// | Carbon Dioxide Concentration Measurement (0x040D) | `CarbonDioxideLevel` | `PARTS_PER_MILLION` |
/// | Carbon Monoxide Concentration Measurement (0x040C) | `CarbonMonoxideLevel` | `PARTS_PER_MILLION` |
/// | PM2.5 Concentration Measurement (0x042A) | `PM2.5` | `MICROGRAMS_PER_CUBIC_METER` |
/// | PM10 Concentration Measurement (0x042D) | `PM10` | `MICROGRAMS_PER_CUBIC_METER` |
/// | Total Volatile Organic Compounds Concentration Measurement (0x042E) | `VolatileOrganicCompounds` | `PARTS_PER_MILLION` |
///
/// Names and units are the "Supported Sensors" table of Google's SensorState page
/// (https://developers.home.google.com/cloud-to-cloud/traits/sensorstate), which lists these five as numeric
/// (`CarbonDioxideLevel`, `PM2.5`, `PM10` and `VolatileOrganicCompounds` numeric only). Google's page: "Each sensor
/// must have at least a descriptive or numeric capability"; so a sensor is declared only when it measures
/// (`MeasurementUnit` present: Matter's MEA feature) in a unit that converts exactly (``ConcentrationConversion``).
/// A cluster with only level indication (LEV: Low, Medium, High) has no numeric reading and nothing Google's table
/// would take as a descriptive state of these sensors, so it is not reported.
///
/// QUERY's `rawValue` is `MeasuredValue` converted; while `MeasuredValue` is null (no reading yet) the sensor's entry
/// is left out of `currentSensorStateData`: a `rawValue` of 0 would claim clean air.
///
/// Matter's other concentration clusters (Nitrogen Dioxide, Ozone, Formaldehyde, PM1, Radon) have no sensor name in
/// Google's table and are not reported. A Smoke CO Alarm on the same endpoint already reports `CarbonMonoxideLevel`
/// (descriptive, ``SmokeCOAlarmSensor``); Google allows each name once, so the CO concentration is then left out.
enum ConcentrationSensor: SensorStateSource {
    /// One Google sensor backed by one Concentration Measurement cluster.
    struct Sensor: Sendable {
        var name: String
        var cluster: ClusterID
        var unit: ConcentrationConversion.GoogleUnit
    }

    /// The sensors, in the order their entries appear.
    static let sensors: [Sensor] = [
        Sensor(name: "CarbonDioxideLevel", cluster: .CarbonDioxideConcentrationMeasurement, unit: .partsPerMillion),
        Sensor(name: "CarbonMonoxideLevel", cluster: .CarbonMonoxideConcentrationMeasurement, unit: .partsPerMillion),
        Sensor(name: "PM2.5", cluster: .PM25ConcentrationMeasurement, unit: .microgramsPerCubicMeter),
        Sensor(name: "PM10", cluster: .PM10ConcentrationMeasurement, unit: .microgramsPerCubicMeter),
        Sensor(
            name: "VolatileOrganicCompounds",
            cluster: .TotalVolatileOrganicCompoundsConcentrationMeasurement,
            unit: .partsPerMillion
        ),
    ]

    /// The Matter unit a cluster measures in, when it measures (MEA) in a unit that converts exactly to the
    /// sensor's Google unit; `nil` otherwise.
    static func unit(of sensor: Sensor, on endpoint: Endpoint) -> ConcentrationConversion.MatterUnit? {
        guard endpoint.has(sensor.cluster),
            let raw = endpoint.cluster(sensor.cluster)["MeasurementUnit"]?.intValue,
            let unit = ConcentrationConversion.MatterUnit(rawValue: raw),
            ConcentrationConversion.converts(unit, to: sensor.unit)
        else { return nil }
        return unit
    }

    /// The sensors the endpoint reports: those it measures in a convertible unit, without a `CarbonMonoxideLevel`
    /// the endpoint's Smoke CO Alarm already reports.
    static func reported(on endpoint: Endpoint) -> [(Sensor, ConcentrationConversion.MatterUnit)] {
        let alarmNames = Set(SmokeCOAlarmSensor.sensors(of: endpoint).map(\.name))
        return sensors.compactMap { sensor in
            guard !alarmNames.contains(sensor.name), let unit = unit(of: sensor, on: endpoint) else { return nil }
            return (sensor, unit)
        }
    }

    static func capabilities(of endpoint: Endpoint) -> [JSONValue] {
        reported(on: endpoint).map { sensor, _ in
            ["name": .string(sensor.name), "numericCapabilities": ["rawValueUnit": .string(sensor.unit.rawValue)]]
        }
    }

    static func currentStates(of endpoint: Endpoint) -> [JSONValue] {
        reported(on: endpoint).compactMap { sensor, unit in
            guard let measured = reading(endpoint.cluster(sensor.cluster)["MeasuredValue"]),
                let value = ConcentrationConversion.value(measured, in: unit, as: sensor.unit)
            else { return nil }
            return ["name": .string(sensor.name), "rawValue": .double(value)]
        }
    }

    /// A `single` reading, or `nil` while it is null or absent.
    static func reading(_ value: AttributeValue?) -> Double? {
        switch value {
        case .double(let reading)?: return reading
        case .int(let reading)?: return Double(reading)
        default: return nil
        }
    }
}
