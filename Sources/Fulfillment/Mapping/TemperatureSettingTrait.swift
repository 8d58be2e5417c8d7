import JSON
import MatterModel
import SmartHomeProtocol

/// Google `TemperatureSetting` ⇄ Matter `Thermostat` (Thermostat, Room Air Conditioner), or, query-only, Matter
/// `TemperatureMeasurement` (Temperature Sensor). All temperatures are °C (``TemperatureConversion``: hundredths
/// / 100 out, `round(°C × 100)` in); `thermostatTemperatureUnit` is `"C"` (Hearth has no unit setting).
///
/// **Modes.** Google's `thermostatMode` is "from the list of `availableThermostatModes`" (TemperatureSetting
/// trait), so both come from one list: the Matter `SystemMode`s Hearth offers on the endpoint
/// (``AttributeSchema/SystemMode/offered(sequence:deviceTypes:current:)``: Off; Heat and EmergencyHeat when the
/// `ControlSequenceOfOperation` heats (2…5); Cool and Precooling when it cools (0, 1, 4, 5); Auto when it does both;
/// FanOnly and Dry on a Room Air Conditioner; and FanOnly, Dry or Sleep on any thermostat while it is in that mode),
/// each as its Google mode. Matter `SystemMode` → Google `thermostatMode`: Off `off`, Auto `heatcool` (Matter's Auto
/// keeps the temperature between the two setpoints, which is Google's `heatcool`; Google's `auto` means a
/// schedule), Cool and Precooling `cool`, Heat and EmergencyHeat `heat`, FanOnly `fan-only`, Dry `dry`, Sleep `eco`.
///
/// The registry keeps every mode Matter allows for the sequence, whether or not Google has a name for it. Sleep is
/// the one Google has none for: a thermostat in Sleep follows a setback of its own to save energy while people
/// sleep, and of Google's modes (`off`, `heat`, `cool`, `on`, `heatcool`, `auto`, `fan-only`, `purifier`, `eco`,
/// `dry`) `eco`, the energy-saving mode, is the one that says that; `heat` or `cool` would claim a setpoint
/// Hearth does not know, and `off` would say it does nothing. Matter has no attribute saying whether a thermostat
/// supports Sleep, FanOnly or Dry, so a wall thermostat is offered one of them only while it reports being in it:
/// its SYNC entry changes then, and the outbox asks Google to SYNC again. `ThermostatSetMode` sets only offered
/// modes, so the reported mode is always available. `on` (restore the previous mode) is not offered: Matter keeps
/// no previous mode.
///
/// **SYNC.** `thermostatTemperatureRange` spans the setpoint limits of what the equipment does (heat, cool or
/// both): the user limits (`Min/MaxHeatSetpointLimit`, `Min/MaxCoolSetpointLimit`), which default to and stay
/// within the absolute ones (`Abs…`); `bufferRangeCelsius` is `MinSetpointDeadBand` when `heatcool` is offered.
///
/// **QUERY.** `thermostatMode`, `thermostatTemperatureAmbient` (`LocalTemperature`, left out while null); in
/// `heatcool` `thermostatTemperatureSetpointLow/High` (heating/cooling setpoints), otherwise
/// `thermostatTemperatureSetpoint`: the cooling setpoint in a cooling mode or on cooling-only equipment, else the
/// heating setpoint.
///
/// **EXECUTE.**
/// - `ThermostatSetMode` `{thermostatMode}`: one of `availableThermostatModes`, else `functionNotSupported`. On a
///   Room Air Conditioner a mode other than `off` also turns On/Off on, so that "set the AC to cool" runs it;
///   `off` leaves On/Off alone.
/// - `ThermostatTemperatureSetpoint` `{thermostatTemperatureSetpoint}`: in a heating mode sets the heating
///   setpoint within its limits (the user `Min/MaxHeatSetpointLimit`, inside the absolute ones), in a cooling
///   mode the cooling setpoint within `Min/MaxCoolSetpointLimit`; in `heatcool` moves the range
///   to centre on the value, keeping its width. Out-of-limit values are `valueOutOfRange` (strict) or clamped
///   (lenient). Where the equipment heats and cools, the other setpoint is pushed to keep `MinSetpointDeadBand`
///   (Matter 1.3 §4.3.7.2); if its limit stops it, strict mode answers `rangeTooClose` and lenient mode pulls the
///   requested one back. In `off`, `fan-only`, `dry` and `eco` (Sleep) there is no setpoint to change:
///   `inOffMode`, `inFanOnlyMode`, `inDryMode`, `inEcoMode` (in Sleep the thermostat follows its own setback).
/// - `ThermostatTemperatureSetRange` `{thermostatTemperatureSetpointLow, thermostatTemperatureSetpointHigh}`: on
///   equipment that heats and cools, in any mode, sets both setpoints (each within its limits as above); closer
///   than the dead band is `rangeTooClose` (strict) or widened upward, then downward (lenient). The mode is not
///   changed (Google sends `ThermostatSetMode` first when it wants one).
/// - `TemperatureRelative` `{thermostatTemperatureRelativeDegree}` (°C) or `{thermostatTemperatureRelativeWeight}`
///   (one step = 1 °C, Hearth's choice: Google leaves the size of "a little warmer" to the integration) moves the
///   current setpoint (or, in `heatcool`, the whole range) by that much, then proceeds exactly as
///   `ThermostatTemperatureSetpoint` with the result, errors included.
/// - A Temperature Sensor is query-only (``sensorAttributes(of:into:)``, ``sensorStates(of:into:)``). Every command
///   is `functionNotSupported`.
///
/// **Why TemperatureSetting for a Temperature Sensor.** Google's TemperatureControl page says TemperatureSetting
/// "represents ambient (room/outdoor) temperature" and TemperatureControl is for the temperature of a device
/// itself (https://developers.home.google.com/cloud-to-cloud/traits/temperaturecontrol), and the Sensor guide
/// (https://developers.home.google.com/cloud-to-cloud/guides/sensor) lists, among the traits a sensor may use,
/// "TemperatureControl - Use for non-climate temperatures (water, surface, and in-appliance temperatures)" and
/// "TemperatureSetting - Use for climate temperatures (ambient air)". openHAB found that a sensor with only
/// TemperatureControl shows no tile in the Google Home app and moved to TemperatureSetting
/// (openhab/openhab-google-assistant#432). A room or outdoor sensor is therefore TemperatureSetting with
/// `queryOnlyTemperatureSetting`, in the shape Google's published schema for the trait accepts (see
/// ``sensorAttributes(of:into:)`` and ``sensorStates(of:into:)``).
enum TemperatureSettingTrait: TraitMapping {
    static let trait = Trait.temperatureSetting

    typealias SystemMode = AttributeSchema.SystemMode
    typealias ControlSequence = AttributeSchema.ControlSequence

    /// Google's mode for a Matter `SystemMode`.
    static func googleMode(_ systemMode: Int) -> String {
        switch systemMode {
        case SystemMode.off: return "off"
        case SystemMode.auto: return "heatcool"
        case SystemMode.cool, SystemMode.precooling: return "cool"
        case SystemMode.heat, SystemMode.emergencyHeat: return "heat"
        case SystemMode.fanOnly: return "fan-only"
        case SystemMode.dry: return "dry"
        case SystemMode.sleep: return "eco"
        default: return "off"
        }
    }

    /// The Matter `SystemMode` each Google mode sets.
    static let systemModes: [String: Int] = [
        "off": SystemMode.off, "heat": SystemMode.heat, "cool": SystemMode.cool, "heatcool": SystemMode.auto,
        "fan-only": SystemMode.fanOnly, "dry": SystemMode.dry, "eco": SystemMode.sleep,
    ]

    /// What a thermostat endpoint's equipment does.
    struct Equipment {
        var heats: Bool
        var cools: Bool
        var isAirConditioner: Bool
        /// Google's `availableThermostatModes`: the Google mode of each Matter mode the endpoint may be in, once.
        var modes: [String]

        init(_ endpoint: Endpoint) {
            let sequence =
                endpoint.cluster(.Thermostat).int(.Thermostat.controlSequenceOfOperation)
                ?? ControlSequence.coolingAndHeating
            heats = ControlSequence.canHeat(sequence)
            cools = ControlSequence.canCool(sequence)
            isAirConditioner = endpoint.deviceTypes.contains(.RoomAirConditioner)
            var modes: [String] = []
            let current = endpoint.cluster(.Thermostat).int(.Thermostat.systemMode)
            for systemMode in SystemMode.offered(
                sequence: sequence,
                deviceTypes: endpoint.deviceTypes,
                current: current
            ) {
                let mode = TemperatureSettingTrait.googleMode(systemMode)
                if !modes.contains(mode) { modes.append(mode) }
            }
            self.modes = modes
        }
    }

    // MARK: - SYNC

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard endpoint.has(.Thermostat) else {
            sensorAttributes(of: endpoint, into: &attributes)
            return
        }
        let thermostat = endpoint.cluster(.Thermostat)
        let equipment = Equipment(endpoint)
        attributes.append("availableThermostatModes", .array(equipment.modes.map { .string($0) }))
        var bounds: [Int] = []
        if equipment.heats {
            let limits = heatLimits(thermostat)
            bounds += [limits.lowerBound, limits.upperBound]
        }
        if equipment.cools {
            let limits = coolLimits(thermostat)
            bounds += [limits.lowerBound, limits.upperBound]
        }
        attributes.append(
            "thermostatTemperatureRange",
            [
                "minThresholdCelsius": .double(TemperatureConversion.celsius(fromHundredthsCelsius: bounds.min()!)),
                "maxThresholdCelsius": .double(TemperatureConversion.celsius(fromHundredthsCelsius: bounds.max()!)),
            ]
        )
        attributes.append("thermostatTemperatureUnit", "C")
        if equipment.heats && equipment.cools {
            let deadBand = thermostat.int(.Thermostat.minSetpointDeadBand) ?? 25
            attributes.append("bufferRangeCelsius", .double(TemperatureConversion.celsius(fromTenthsCelsius: deadBand)))
        }
    }

    /// SYNC for a query-only temperature sensor (its Temperature Measurement): `availableThermostatModes: ["off"]`
    /// ("Required."; the sensor neither heats nor cools), `thermostatTemperatureRange` from
    /// `Min/MaxMeasuredValue` when both are known, `thermostatTemperatureUnit` `"C"`, `queryOnlyTemperatureSetting:
    /// true` ("Required if the device supports query-only execution") and `commandOnlyTemperatureSetting: false`
    /// written out: Google's schema for the trait's attributes pairs them ("Supports only queries": if
    /// `queryOnlyTemperatureSetting` is `true` then `commandOnlyTemperatureSetting` is `false`), and a sensor that
    /// answers QUERY is two-way ("Set this attribute to true if the device cannot respond to a QUERY intent or
    /// Report State for this trait" does not hold). Other mappings with a query-only room temperature (an Air
    /// Quality Sensor's Temperature Measurement) call this too.
    static func sensorAttributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        let measurement = endpoint.cluster(.TemperatureMeasurement)
        attributes.append("availableThermostatModes", ["off"])
        let low = measurement.int(.TemperatureMeasurement.minMeasuredValue) ?? -0x8000
        let high = measurement.int(.TemperatureMeasurement.maxMeasuredValue) ?? -0x8000
        if low != -0x8000, high != -0x8000 {
            attributes.append(
                "thermostatTemperatureRange",
                [
                    "minThresholdCelsius": .double(TemperatureConversion.celsius(fromHundredthsCelsius: low)),
                    "maxThresholdCelsius": .double(TemperatureConversion.celsius(fromHundredthsCelsius: high)),
                ]
            )
        }
        attributes.append("thermostatTemperatureUnit", "C")
        attributes.append("commandOnlyTemperatureSetting", false)
        attributes.append("queryOnlyTemperatureSetting", true)
    }

    /// QUERY (and Report State, which reads the same states) for a query-only temperature sensor:
    /// `thermostatMode` `off`, and the reading (`MeasuredValue`) as both `thermostatTemperatureAmbient` and
    /// `thermostatTemperatureSetpoint`.
    ///
    /// Google's schema for TemperatureSetting states is one of two shapes, "States for fixed set point"
    /// (`required`: `thermostatMode`, `thermostatTemperatureAmbient`, `thermostatTemperatureSetpoint`) or "States for
    /// set point range" (the same with `thermostatTemperatureSetpointHigh/Low`): there is no shape without a
    /// setpoint, query-only or not. A sensor has no target of its own, so the setpoint it answers is the
    /// temperature it reads, the one value that claims nothing the sensor does not know; the SYNC attributes say
    /// `queryOnlyTemperatureSetting`, so Google offers no way to change it. While the reading is null (Matter's
    /// "unknown", `0x8000`) neither is answered: a made-up number would be worse than an incomplete state.
    static func sensorStates(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("thermostatMode", "off")
        let value = endpoint.cluster(.TemperatureMeasurement).int(.TemperatureMeasurement.measuredValue) ?? -0x8000
        guard value != -0x8000 else { return }
        let celsius = JSONValue.double(TemperatureConversion.celsius(fromHundredthsCelsius: value))
        states.append("thermostatTemperatureAmbient", celsius)
        states.append("thermostatTemperatureSetpoint", celsius)
    }

    // MARK: - QUERY

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard endpoint.has(.Thermostat) else {
            sensorStates(of: endpoint, into: &states)
            return
        }
        let thermostat = endpoint.cluster(.Thermostat)
        let systemMode = thermostat.int(.Thermostat.systemMode) ?? SystemMode.off
        let mode = googleMode(systemMode)
        states.append("thermostatMode", .string(mode))
        let local = thermostat.int(.Thermostat.localTemperature) ?? -0x8000
        if local != -0x8000 {
            states.append(
                "thermostatTemperatureAmbient",
                .double(TemperatureConversion.celsius(fromHundredthsCelsius: local))
            )
        }
        let heating = TemperatureConversion.celsius(
            fromHundredthsCelsius: thermostat.int(.Thermostat.occupiedHeatingSetpoint) ?? 2000
        )
        let cooling = TemperatureConversion.celsius(
            fromHundredthsCelsius: thermostat.int(.Thermostat.occupiedCoolingSetpoint) ?? 2600
        )
        if mode == "heatcool" {
            states.append("thermostatTemperatureSetpointLow", .double(heating))
            states.append("thermostatTemperatureSetpointHigh", .double(cooling))
        } else {
            let equipment = Equipment(endpoint)
            let usesCooling = SystemMode.isCooling(systemMode) || !equipment.heats
            states.append("thermostatTemperatureSetpoint", .double(usesCooling ? cooling : heating))
        }
    }

    // MARK: - EXECUTE

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard endpoint.has(.Thermostat) else {
            throw CommandError(.functionNotSupported, "this temperature sensor is query-only (\(command.rawValue))")
        }
        var thermostat = endpoint.cluster(.Thermostat)
        let equipment = Equipment(endpoint)
        switch command {
        case .thermostatSetMode:
            guard let name = params.params["thermostatMode"]?.stringValue else {
                throw CommandError(.notSupported, "ThermostatSetMode needs params.thermostatMode (a string)")
            }
            guard equipment.modes.contains(name), let systemMode = systemModes[name] else {
                throw CommandError(
                    .functionNotSupported,
                    "thermostatMode \"\(name)\" is not one of " + equipment.modes.joined(separator: ", ")
                )
            }
            thermostat[.Thermostat.systemMode] = .int(systemMode)
            if equipment.isAirConditioner, systemMode != SystemMode.off {
                endpoint.clusters[.OnOff, default: ClusterState()][.OnOff.onOff] = .bool(true)
            }
        case .thermostatTemperatureSetpoint:
            let celsius = try params.number("thermostatTemperatureSetpoint")
            try setSetpoint(celsius, in: &thermostat, equipment: equipment, mode: mode)
        case .temperatureRelative:
            let change: Double
            if let degrees = try params.optionalNumber("thermostatTemperatureRelativeDegree") {
                change = degrees
            } else if let weight = try params.optionalNumber("thermostatTemperatureRelativeWeight") {
                change = weight
            } else {
                throw CommandError(
                    .notSupported,
                    "TemperatureRelative needs params.thermostatTemperatureRelativeDegree or "
                        + "params.thermostatTemperatureRelativeWeight"
                )
            }
            let systemMode = thermostat.int(.Thermostat.systemMode) ?? SystemMode.off
            let heating = thermostat.int(.Thermostat.occupiedHeatingSetpoint) ?? 2000
            let cooling = thermostat.int(.Thermostat.occupiedCoolingSetpoint) ?? 2600
            let current: Int
            if systemMode == SystemMode.auto {
                current = (heating + cooling) / 2
            } else {
                current = SystemMode.isCooling(systemMode) || !equipment.heats ? cooling : heating
            }
            let target = TemperatureConversion.celsius(fromHundredthsCelsius: current) + change
            try setSetpoint(target, in: &thermostat, equipment: equipment, mode: mode)
        case .thermostatTemperatureSetRange:
            guard equipment.heats && equipment.cools else {
                throw CommandError(.functionNotSupported, "this equipment does not both heat and cool")
            }
            let low = try params.number("thermostatTemperatureSetpointLow")
            let high = try params.number("thermostatTemperatureSetpointHigh")
            let heating = try hundredths(
                low,
                limits: heatLimits(thermostat),
                mode: mode,
                name: "thermostatTemperatureSetpointLow"
            )
            let cooling = try hundredths(
                high,
                limits: coolLimits(thermostat),
                mode: mode,
                name: "thermostatTemperatureSetpointHigh"
            )
            try setRange(heating: heating, cooling: cooling, in: &thermostat, mode: mode)
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a TemperatureSetting command")
        }
        endpoint.clusters[.Thermostat] = thermostat
    }

    /// The heating setpoint's limits: the user limits (`MinHeatSetpointLimit…MaxHeatSetpointLimit`, the absolute
    /// ones where absent), kept within the absolute limits (`AbsMinHeatSetpointLimit…AbsMaxHeatSetpointLimit`).
    static func heatLimits(_ thermostat: ClusterState) -> ClosedRange<Int> {
        limits(
            thermostat,
            absolute: (.Thermostat.absMinHeatSetpointLimit, .Thermostat.absMaxHeatSetpointLimit),
            user: (.Thermostat.minHeatSetpointLimit, .Thermostat.maxHeatSetpointLimit),
            defaults: 700...3000
        )
    }

    /// The cooling setpoint's limits, as ``heatLimits(_:)`` for `…CoolSetpointLimit`.
    static func coolLimits(_ thermostat: ClusterState) -> ClosedRange<Int> {
        limits(
            thermostat,
            absolute: (.Thermostat.absMinCoolSetpointLimit, .Thermostat.absMaxCoolSetpointLimit),
            user: (.Thermostat.minCoolSetpointLimit, .Thermostat.maxCoolSetpointLimit),
            defaults: 1600...3200
        )
    }

    /// The `user` limits (`Min…SetpointLimit…Max…SetpointLimit`) clamped into the `absolute` ones (`AbsMin…AbsMax`,
    /// Matter's `defaults` where absent). Import and `devices set` keep the user limits inside the absolute ones;
    /// the clamp keeps the absolute limits the outer bound whatever a stored state holds.
    private static func limits(
        _ thermostat: ClusterState,
        absolute: (min: Attribute, max: Attribute),
        user: (min: Attribute, max: Attribute),
        defaults: ClosedRange<Int>
    )
        -> ClosedRange<Int>
    {
        let absoluteLow = thermostat.int(absolute.min) ?? defaults.lowerBound
        let absoluteHigh = max(thermostat.int(absolute.max) ?? defaults.upperBound, absoluteLow)
        let low = min(max(thermostat.int(user.min) ?? absoluteLow, absoluteLow), absoluteHigh)
        let high = min(max(thermostat.int(user.max) ?? absoluteHigh, low), absoluteHigh)
        return low...high
    }

    /// A Google °C as Matter hundredths, checked against (strict) or clamped into (lenient) `limits`.
    static func hundredths(
        _ celsius: Double,
        limits: ClosedRange<Int>,
        mode: ValidationMode,
        name: String
    ) throws(CommandError) -> Int {
        let range =
            TemperatureConversion.celsius(
                fromHundredthsCelsius: limits.lowerBound
            )...TemperatureConversion.celsius(fromHundredthsCelsius: limits.upperBound)
        let value = try checked(celsius, in: range, mode: mode, name: name)
        return min(
            max(TemperatureConversion.hundredthsCelsius(fromCelsius: value), limits.lowerBound),
            limits.upperBound
        )
    }

    static func setSetpoint(
        _ celsius: Double,
        in thermostat: inout ClusterState,
        equipment: Equipment,
        mode: ValidationMode
    ) throws(CommandError) {
        let systemMode = thermostat.int(.Thermostat.systemMode) ?? SystemMode.off
        let name = "thermostatTemperatureSetpoint"
        let heating = thermostat.int(.Thermostat.occupiedHeatingSetpoint) ?? 2000
        let cooling = thermostat.int(.Thermostat.occupiedCoolingSetpoint) ?? 2600
        switch systemMode {
        case SystemMode.heat, SystemMode.emergencyHeat:
            let value = try hundredths(celsius, limits: heatLimits(thermostat), mode: mode, name: name)
            if equipment.cools {
                try setRange(heating: value, cooling: cooling, in: &thermostat, mode: mode, moving: .heating)
            } else {
                thermostat[.Thermostat.occupiedHeatingSetpoint] = .int(value)
            }
        case SystemMode.cool, SystemMode.precooling:
            let value = try hundredths(celsius, limits: coolLimits(thermostat), mode: mode, name: name)
            if equipment.heats {
                try setRange(heating: heating, cooling: value, in: &thermostat, mode: mode, moving: .cooling)
            } else {
                thermostat[.Thermostat.occupiedCoolingSetpoint] = .int(value)
            }
        case SystemMode.auto:
            let limits = heatLimits(thermostat).lowerBound...coolLimits(thermostat).upperBound
            let centre = try hundredths(celsius, limits: limits, mode: mode, name: name)
            let width = cooling - heating
            let low = min(max(centre - width / 2, heatLimits(thermostat).lowerBound), heatLimits(thermostat).upperBound)
            let high = min(max(low + width, coolLimits(thermostat).lowerBound), coolLimits(thermostat).upperBound)
            try setRange(heating: low, cooling: high, in: &thermostat, mode: .lenient)
        case SystemMode.fanOnly:
            throw CommandError(.inFanOnlyMode, "the thermostat only runs its fan; set a mode first")
        case SystemMode.dry:
            throw CommandError(.inDryMode, "the thermostat only dehumidifies; set a mode first")
        case SystemMode.sleep:
            throw CommandError(.inEcoMode, "the thermostat is in Sleep, which keeps its own setpoint; set a mode first")
        default:
            throw CommandError(.inOffMode, "the thermostat is off; set a mode first")
        }
    }

    /// Which setpoint a command asked for, the other one giving way to keep the dead band.
    enum Moving {
        case heating, cooling, both
    }

    /// Sets both setpoints (each already within its limits), keeping `cooling − heating ≥ MinSetpointDeadBand`.
    /// The setpoint not `moving` gives way first, within its limits; when that is not enough strict mode answers
    /// `rangeTooClose` and lenient mode moves the other one too (for `both`: cooling up, then heating down).
    static func setRange(
        heating: Int,
        cooling: Int,
        in thermostat: inout ClusterState,
        mode: ValidationMode,
        moving: Moving = .both
    ) throws(CommandError) {
        let deadBand = (thermostat.int(.Thermostat.minSetpointDeadBand) ?? 25) * 10
        let heat = heatLimits(thermostat)
        let cool = coolLimits(thermostat)
        var low = heating
        var high = cooling
        if high - low < deadBand {
            switch moving {
            case .heating:
                high = min(low + deadBand, cool.upperBound)
            case .cooling:
                low = max(high - deadBand, heat.lowerBound)
            case .both:
                if mode == .strict {
                    throw CommandError(
                        .rangeTooClose,
                        "setpoints \(JSONValue.double(Double(low) / 100))…\(JSONValue.double(Double(high) / 100)) °C are closer "
                            + "than the \(JSONValue.double(Double(deadBand) / 100)) °C dead band"
                    )
                }
                high = min(low + deadBand, cool.upperBound)
            }
            if high - low < deadBand {
                if mode == .strict {
                    throw CommandError(.rangeTooClose, "the setpoint limits leave no room for the dead band")
                }
                if moving == .cooling {
                    high = min(low + deadBand, cool.upperBound)
                } else {
                    low = max(high - deadBand, heat.lowerBound)
                }
            }
        }
        thermostat[.Thermostat.occupiedHeatingSetpoint] = .int(low)
        thermostat[.Thermostat.occupiedCoolingSetpoint] = .int(high)
    }
}
