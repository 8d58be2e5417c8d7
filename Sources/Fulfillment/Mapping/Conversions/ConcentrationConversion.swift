/// Converts a Matter Concentration Measurement reading (`MeasuredValue` in the cluster's `MeasurementUnit`) to the
/// unit Google's SensorState names for that sensor.
///
/// Matter (Application Clusters, "Concentration Measurement Clusters"): `MeasurementUnit` is a
/// `MeasurementUnitEnum`: 0 PPM (parts per million), 1 PPB (parts per billion), 2 PPT (parts per trillion),
/// 3 MGM3 (milligram per m³), 4 UGM3 (microgram per m³), 5 NGM3 (nanogram per m³), 6 PM3 (particles per m³),
/// 7 BQM3 (becquerel per m³); `MeasuredValue` is a nullable `single`.
///
/// Google (SensorState, "Supported Sensors"): `CarbonMonoxideLevel`, `CarbonDioxideLevel` and
/// `VolatileOrganicCompounds` are numeric in `PARTS_PER_MILLION`, `PM2.5` and `PM10` in
/// `MICROGRAMS_PER_CUBIC_METER`.
///
/// Only exact conversions are made: a ratio of parts into parts (ppb ÷ 1000, ppt ÷ 1 000 000) and a mass per volume
/// into a mass per volume (mg × 1000, ng ÷ 1000). A ratio of parts becomes a mass per volume only through the gas's
/// molar mass and the air's temperature and pressure, which a sensor does not report; particle counts and
/// radioactivity are other quantities altogether. Those answer `nil`, and the sensor is not reported.
///
/// Each result is the `Double` nearest to the exact product or quotient (IEEE 754 multiplication and division are
/// correctly rounded), taken from the decimal the device's `single` stands for (``decimal(ofSingle:)``), so that a
/// sensor reading 0.1 ppb reports 0.0001 ppm, not the binary neighbour of 0.1f divided by 1000.
public enum ConcentrationConversion {
    /// Matter `MeasurementUnitEnum`.
    public enum MatterUnit: Int, Sendable, Hashable, CaseIterable {
        case partsPerMillion = 0
        case partsPerBillion = 1
        case partsPerTrillion = 2
        case milligramsPerCubicMeter = 3
        case microgramsPerCubicMeter = 4
        case nanogramsPerCubicMeter = 5
        case particlesPerCubicMeter = 6
        case becquerelsPerCubicMeter = 7
    }

    /// The numeric units Google names for concentration sensors, spelled as the trait page spells them.
    public enum GoogleUnit: String, Sendable, Hashable, CaseIterable {
        case partsPerMillion = "PARTS_PER_MILLION"
        case microgramsPerCubicMeter = "MICROGRAMS_PER_CUBIC_METER"
    }

    /// How a Matter unit becomes a Google unit: multiply or divide by a power of ten, or `nil` when no exact
    /// conversion exists.
    enum Scale: Equatable {
        case multiply(Double)
        case divide(Double)
    }

    /// The exact scale from `unit` to `target`, or `nil` when the two measure different quantities.
    static func scale(from unit: MatterUnit, to target: GoogleUnit) -> Scale? {
        switch (unit, target) {
        case (.partsPerMillion, .partsPerMillion): return .multiply(1)
        case (.partsPerBillion, .partsPerMillion): return .divide(1_000)
        case (.partsPerTrillion, .partsPerMillion): return .divide(1_000_000)
        case (.milligramsPerCubicMeter, .microgramsPerCubicMeter): return .multiply(1_000)
        case (.microgramsPerCubicMeter, .microgramsPerCubicMeter): return .multiply(1)
        case (.nanogramsPerCubicMeter, .microgramsPerCubicMeter): return .divide(1_000)
        default: return nil
        }
    }

    /// Whether a reading in `unit` can be reported in `target`.
    public static func converts(_ unit: MatterUnit, to target: GoogleUnit) -> Bool {
        scale(from: unit, to: target) != nil
    }

    /// `value` (in `unit`) in `target`, or `nil` when the units measure different quantities.
    public static func value(_ value: Double, in unit: MatterUnit, as target: GoogleUnit) -> Double? {
        guard let scale = scale(from: unit, to: target) else { return nil }
        let decimal = decimal(ofSingle: value)
        switch scale {
        case .multiply(let factor): return decimal * factor
        case .divide(let divisor): return decimal / divisor
        }
    }

    /// The decimal a Matter `single` stands for: the shortest decimal that reads back as the same `Float`
    /// (Swift's `Float.description`), as a `Double`. A value that is no `Float` (beyond its range) is kept as it is.
    public static func decimal(ofSingle value: Double) -> Double {
        let single = Float(value)
        guard single.isFinite, Double(single) == value else { return value }
        return Double(single.description) ?? value
    }
}
