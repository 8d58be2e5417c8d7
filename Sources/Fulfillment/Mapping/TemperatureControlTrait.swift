import JSON
import MatterModel
import SmartHomeProtocol

/// Google `TemperatureControl` ⇄ Matter Temperature Control's setpoint (an oven cavity, a refrigerator or freezer
/// cabinet) or, on a Water Heater, its Thermostat's heating setpoint.
///
/// Google's page (https://developers.home.google.com/cloud-to-cloud/traits/temperaturecontrol): "Trait for devices
/// (other than thermostats) that support controlling temperature, either within or around the device", and "All
/// temperatures are transmitted in Celsius". Matter temperatures are hundredths of a degree Celsius
/// (``TemperatureConversion``).
///
/// **Sources**, in order (``Source/of(_:)``):
/// - Temperature Control with the TN feature (`FeatureMap` bit 0, "TemperatureNumber"): `TemperatureSetpoint`
///   within `MinTemperature…MaxTemperature`, and `Step` when the STEP feature (bit 2) is there. A Temperature
///   Control with only TL ("TemperatureLevel": named levels such as "low", "high") has no number to give Google and
///   is not this trait (``isNumeric(_:)``; ``DeviceTypeMapping/clusterTraits(for:)`` checks it, and the levels are a
///   `Modes` setting). The ambient temperature is the same endpoint's Temperature Measurement `MeasuredValue`.
/// - Thermostat (a Water Heater: Matter's Water Heater device type requires Thermostat with the Heating feature):
///   `OccupiedHeatingSetpoint` within the heat setpoint limits (the user `Min/MaxHeatSetpointLimit` inside
///   `AbsMin/AbsMaxHeatSetpointLimit`, as ``TemperatureSettingTrait/heatLimits(_:)``), ambient `LocalTemperature`.
///   Matter's Thermostat has no step: `temperatureStepCelsius` is left out ("If unspecified, relative steps are
///   calculated as a percentage of temperatureRange").
///
/// **SYNC.** `temperatureRange {minThresholdCelsius, maxThresholdCelsius}` ("Required."), `temperatureStepCelsius`
/// (only with a step), `temperatureUnitForUX` `"C"` ("Required."; Hearth has no unit setting, as for
/// `TemperatureSetting`).
///
/// **QUERY.** `temperatureSetpointCelsius` ("Required if queryOnlyTemperatureControl is set to false") and
/// `temperatureAmbientCelsius` ("Current observed temperature, in degrees Celsius"), left out while the measurement
/// is null (Matter's "unknown").
///
/// **EXECUTE** `SetTemperature {"temperature": °C}` (in Celsius whatever `temperatureUnitForUX` says: "All
/// temperatures are transmitted in Celsius"). The value becomes hundredths (`round(°C × 100)`), then:
/// - outside the range: strict `valueOutOfRange`, lenient clamps;
/// - not on the step grid (Matter: `MinTemperature + n × Step`, otherwise `CONSTRAINT_ERROR`): strict
///   `valueOutOfRange`, lenient snaps to the nearest step (``TemperatureStepConversion``).
/// The Matter command (``matterCommands(_:params:before:after:)``) is
/// `TemperatureControl.SetTemperature {"TargetTemperature": hundredths}`; on a Water Heater it is the write of
/// `OccupiedHeatingSetpoint` (how Matter changes a thermostat setpoint), described by ``MatterCommandDescription``.
enum TemperatureControlTrait: TraitMapping {
    static let trait = Trait.temperatureControl

    /// Temperature Control's `FeatureMap` bits (Matter Application Clusters §8.2.4).
    enum Feature {
        /// TN, TemperatureNumber: a setpoint in hundredths of a degree.
        static let temperatureNumber = 1 << 0
        /// TL, TemperatureLevel: named levels.
        static let temperatureLevel = 1 << 1
        /// STEP, TemperatureStep: the setpoint moves in `Step`s.
        static let temperatureStep = 1 << 2
    }

    /// Whether the endpoint's Temperature Control has a numeric setpoint (the TN feature).
    static func isNumeric(_ endpoint: Endpoint) -> Bool {
        guard endpoint.has(.TemperatureControl) else { return false }
        let features = endpoint.cluster(.TemperatureControl).int(SpecificationSchema.featureMap) ?? 0
        return features & Feature.temperatureNumber != 0
    }

    /// Where an endpoint's setpoint lives, in hundredths of a degree Celsius.
    struct Source: Equatable {
        enum Kind: Equatable {
            /// Temperature Control (TN).
            case temperatureControl
            /// Thermostat heating setpoint (a Water Heater).
            case thermostat
        }

        var kind: Kind
        var setpoint: Int
        var limits: ClosedRange<Int>
        /// The step in hundredths, 0 without one.
        var step: Int
        /// The measured temperature, `nil` when unknown.
        var ambient: Int?

        /// The endpoint's source, or `nil` when it has neither.
        static func of(_ endpoint: Endpoint) -> Source? {
            if isNumeric(endpoint) {
                let control = endpoint.cluster(.TemperatureControl)
                let minimum = control.int("MinTemperature") ?? 0
                let maximum = max(control.int("MaxTemperature") ?? minimum, minimum)
                let features = control.int(SpecificationSchema.featureMap) ?? 0
                let step = features & Feature.temperatureStep != 0 ? max(control.int("Step") ?? 0, 0) : 0
                let measured = endpoint.cluster(.TemperatureMeasurement).int(.TemperatureMeasurement.measuredValue)
                return Source(
                    kind: .temperatureControl,
                    setpoint: control.int("TemperatureSetpoint") ?? minimum,
                    limits: minimum...maximum,
                    step: step,
                    ambient: endpoint.has(.TemperatureMeasurement) ? known(measured) : nil
                )
            }
            if endpoint.has(.Thermostat) {
                let thermostat = endpoint.cluster(.Thermostat)
                let limits = TemperatureSettingTrait.heatLimits(thermostat)
                return Source(
                    kind: .thermostat,
                    setpoint: thermostat.int(.Thermostat.occupiedHeatingSetpoint) ?? limits.lowerBound,
                    limits: limits,
                    step: 0,
                    ambient: known(thermostat.int(.Thermostat.localTemperature))
                )
            }
            return nil
        }

        /// A hand-modelled nullable temperature stores null as Matter's wire null, -0x8000.
        private static func known(_ value: Int?) -> Int? {
            guard let value, value != -0x8000 else { return nil }
            return value
        }
    }

    // MARK: - SYNC

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard let source = Source.of(endpoint) else { return }
        attributes.append(
            "temperatureRange",
            [
                "minThresholdCelsius": .double(
                    TemperatureConversion.celsius(fromHundredthsCelsius: source.limits.lowerBound)
                ),
                "maxThresholdCelsius": .double(
                    TemperatureConversion.celsius(fromHundredthsCelsius: source.limits.upperBound)
                ),
            ]
        )
        if source.step > 0 {
            attributes.append(
                "temperatureStepCelsius",
                .double(TemperatureConversion.celsius(fromHundredthsCelsius: source.step))
            )
        }
        attributes.append("temperatureUnitForUX", "C")
    }

    // MARK: - QUERY

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard let source = Source.of(endpoint) else { return }
        states.append(
            "temperatureSetpointCelsius",
            .double(TemperatureConversion.celsius(fromHundredthsCelsius: source.setpoint))
        )
        if let ambient = source.ambient {
            states.append(
                "temperatureAmbientCelsius",
                .double(TemperatureConversion.celsius(fromHundredthsCelsius: ambient))
            )
        }
    }

    // MARK: - EXECUTE

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .setTemperature else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a TemperatureControl command")
        }
        guard let source = Source.of(endpoint) else {
            throw CommandError(.functionNotSupported, "this endpoint has no temperature setpoint")
        }
        let requested = try params.number("temperature")
        let target = try targetHundredths(requested, source: source, mode: mode)
        switch source.kind {
        case .temperatureControl:
            endpoint.clusters[.TemperatureControl, default: ClusterState()]["TemperatureSetpoint"] = .int(target)
        case .thermostat:
            endpoint.clusters[.Thermostat, default: ClusterState()][.Thermostat.occupiedHeatingSetpoint] = .int(target)
        }
    }

    /// The setpoint, in hundredths, that `celsius` asks for on `source`: checked against the limits and the step
    /// (strict refuses, lenient clamps and snaps).
    static func targetHundredths(
        _ celsius: Double,
        source: Source,
        mode: ValidationMode
    ) throws(CommandError) -> Int {
        let hundredths = TemperatureConversion.hundredthsCelsius(fromCelsius: max(min(celsius, 1e6), -1e6))
        let limits = source.limits
        if mode == .strict {
            if !limits.contains(hundredths) {
                throw CommandError(
                    .valueOutOfRange,
                    "temperature \(JSONValue.double(celsius)) °C is outside "
                        + "\(JSONValue.double(TemperatureConversion.celsius(fromHundredthsCelsius: limits.lowerBound)))…"
                        + "\(JSONValue.double(TemperatureConversion.celsius(fromHundredthsCelsius: limits.upperBound))) °C"
                )
            }
            if !TemperatureStepConversion.isOnStep(hundredths, minimum: limits.lowerBound, step: source.step) {
                throw CommandError(
                    .valueOutOfRange,
                    "temperature \(JSONValue.double(celsius)) °C is not a step of "
                        + "\(JSONValue.double(TemperatureConversion.celsius(fromHundredthsCelsius: source.step))) °C "
                        + "from \(JSONValue.double(TemperatureConversion.celsius(fromHundredthsCelsius: limits.lowerBound))) °C"
                )
            }
            return hundredths
        }
        return TemperatureStepConversion.snappedHundredths(
            hundredths,
            minimum: limits.lowerBound,
            maximum: limits.upperBound,
            step: source.step
        )
    }

    /// `TemperatureControl.SetTemperature {"TargetTemperature": hundredths}` for a Temperature Control source (the
    /// setpoint the command left); `nil` (an attribute write) for a Thermostat.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .setTemperature, let source = Source.of(after), source.kind == .temperatureControl else {
            return nil
        }
        return [
            MatterCommandDescription(
                command: "TemperatureControl.SetTemperature",
                arguments: JSONObject([("TargetTemperature", .int(source.setpoint))]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
