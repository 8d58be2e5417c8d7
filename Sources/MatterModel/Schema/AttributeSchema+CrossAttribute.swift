extension AttributeSchema {
    /// Checks a whole cluster state: every attribute known, of its type and in its range, then the rules between
    /// attributes. Returns the first violation, or `nil` when the state is valid.
    ///
    /// Rules between attributes (an attribute missing from `state` counts as its default):
    /// - Level Control: `MinLevel ≤ MaxLevel`; `MinLevel ≤ CurrentLevel ≤ MaxLevel`; `OnLevel`, unless null,
    ///   within `MinLevel…MaxLevel`.
    /// - Color Control: `ColorTempPhysicalMinMireds ≤ ColorTempPhysicalMaxMireds`;
    ///   `ColorTempPhysicalMinMireds ≤ ColorTemperatureMireds ≤ ColorTempPhysicalMaxMireds`, the same for
    ///   `StartUpColorTemperatureMireds` unless null; `ColorCapabilities` includes what the device types require
    ///   (``DeviceType/requiredColorCapabilities``); `ColorMode` is a mode `ColorCapabilities` allows;
    ///   `EnhancedColorMode` equals `ColorMode`, or is 3 (enhanced hue, which needs that capability) with
    ///   `ColorMode` 0.
    /// - Fan Control, Thermostat, Temperature and Relative Humidity Measurement: see
    ///   `AttributeSchema+ClimateRules.swift`.
    /// - Power Source, Operational State, RVC Operational State: see
    ///   `AttributeSchema+ApplianceCrossAttribute.swift`.
    public static func validate(
        _ state: ClusterState,
        cluster: ClusterID,
        deviceTypes: [DeviceType] = []
    ) -> AttributeViolation? {
        for name in state.attributes.keys.sorted() {
            if let reason = validate(state.attributes[name]!, cluster: cluster, attribute: name) {
                return AttributeViolation(attribute: name, reason: reason)
            }
        }
        let complete = filled(state, cluster: cluster, deviceTypes: deviceTypes)
        switch cluster {
        case .OnOff:
            return nil
        case .LevelControl:
            return levelControlViolation(complete)
        case .ColorControl:
            return colorControlViolation(complete, deviceTypes: deviceTypes)
        case .FanControl:
            return fanControlViolation(complete)
        case .Thermostat:
            return thermostatViolation(complete)
        case .TemperatureMeasurement, .RelativeHumidityMeasurement:
            return measurementViolation(complete, cluster: cluster)
        case .AirQuality:
            return nil
        case .WindowCovering:
            return windowCoveringViolation(complete)
        case .DoorLock:
            return doorLockViolation(complete)
        case .BooleanState:
            return nil
        case .OccupancySensing:
            return occupancySensingViolation(complete)
        case .SmokeCOAlarm:
            return smokeCOAlarmViolation(complete)
        case .PowerSource:
            return powerSourceViolation(complete)
        case .RvcRunMode:
            return nil
        case .OperationalState:
            return operationalStateViolation(complete, deviceTypes: deviceTypes)
        case .RvcOperationalState:
            return rvcOperationalStateViolation(complete)
        default:
            // A cluster Hearth does not model has the rules of its generated definition only, checked as it is read.
            return nil
        }
    }

    private static func levelControlViolation(_ state: ClusterState) -> AttributeViolation? {
        let low = state.int(.LevelControl.minLevel)!
        let high = state.int(.LevelControl.maxLevel)!
        if let violation = ordered(state, lower: .LevelControl.minLevel, upper: .LevelControl.maxLevel) {
            return violation
        }
        if let violation = within(
            state,
            .LevelControl.currentLevel,
            lower: .LevelControl.minLevel,
            upper: .LevelControl.maxLevel,
            low...high
        ) {
            return violation
        }
        return within(
            state,
            .LevelControl.onLevel,
            lower: .LevelControl.minLevel,
            upper: .LevelControl.maxLevel,
            low...high
        )
    }

    private static func colorControlViolation(
        _ state: ClusterState,
        deviceTypes: [DeviceType]
    ) -> AttributeViolation? {
        let lower = Attribute.ColorControl.colorTempPhysicalMinMireds
        let upper = Attribute.ColorControl.colorTempPhysicalMaxMireds
        if let violation = ordered(state, lower: lower, upper: upper) { return violation }
        let physical = state.int(lower)!...state.int(upper)!
        if let violation = within(state, .ColorControl.colorTemperatureMireds, lower: lower, upper: upper, physical) {
            return violation
        }
        if let violation = within(
            state,
            .ColorControl.startUpColorTemperatureMireds,
            lower: lower,
            upper: upper,
            physical
        ) {
            return violation
        }

        let capabilities = state.int(.ColorControl.colorCapabilities)!
        for type in deviceTypes {
            let missing = type.requiredColorCapabilities & ~capabilities
            if missing != 0 {
                return AttributeViolation(
                    attribute: .ColorControl.colorCapabilities,
                    reason: "\(capabilities) lacks \(describeBits(missing)), which \(type.rawValue) requires"
                )
            }
        }

        let mode = state.int(.ColorControl.colorMode)!
        let modeCapability = [
            ColorMode.hueSaturation: ColorCapabilities.hueSaturation,
            ColorMode.xy: ColorCapabilities.xy,
            ColorMode.colorTemperature: ColorCapabilities.colorTemperature,
            ColorMode.enhancedHueSaturation: ColorCapabilities.enhancedHue,
        ]
        if let needed = modeCapability[mode], capabilities & needed == 0 {
            return AttributeViolation(
                attribute: .ColorControl.colorMode,
                reason: "\(mode) (\(ColorMode.describe(mode))) needs \(ColorCapabilities.describe(needed)) "
                    + "in ColorCapabilities (\(capabilities))"
            )
        }

        let enhanced = state.int(.ColorControl.enhancedColorMode)!
        if enhanced == ColorMode.enhancedHueSaturation {
            if let needed = modeCapability[enhanced], capabilities & needed == 0 {
                return AttributeViolation(
                    attribute: .ColorControl.enhancedColorMode,
                    reason: "\(enhanced) (\(ColorMode.describe(enhanced))) needs "
                        + "\(ColorCapabilities.describe(needed)) in ColorCapabilities (\(capabilities))"
                )
            }
            if mode != ColorMode.hueSaturation {
                return AttributeViolation(
                    attribute: .ColorControl.enhancedColorMode,
                    reason: "\(enhanced) (\(ColorMode.describe(enhanced))) needs ColorMode 0, not \(mode)"
                )
            }
        } else if enhanced != mode {
            return AttributeViolation(
                attribute: .ColorControl.enhancedColorMode,
                reason: "\(enhanced) disagrees with ColorMode \(mode) (they must be equal, "
                    + "or EnhancedColorMode 3 with ColorMode 0)"
            )
        }
        return nil
    }

    /// `lower ≤ upper`, blaming `upper`.
    static func ordered(_ state: ClusterState, lower: Attribute, upper: Attribute) -> AttributeViolation? {
        let low = state.int(lower)!
        let high = state.int(upper)!
        guard low > high else { return nil }
        return AttributeViolation(attribute: upper, reason: "\(high) is below \(lower) (\(low))")
    }

    /// `attribute`, unless null, within `lower…upper`.
    static func within(
        _ state: ClusterState,
        _ attribute: Attribute,
        lower: Attribute,
        upper: Attribute,
        _ range: ClosedRange<Int>
    ) -> AttributeViolation? {
        guard let value = state[attribute], let number = value.intValue, let spec = spec(attribute) else {
            return nil
        }
        if spec.isNull(value) || range.contains(number) { return nil }
        return AttributeViolation(
            attribute: attribute,
            reason: "\(number) is outside \(lower)…\(upper) (\(range.lowerBound)…\(range.upperBound))"
        )
    }

    private static func describeBits(_ bits: Int) -> String {
        var names: [String] = []
        var bit = 1
        while bit <= bits {
            if bits & bit != 0 { names.append(ColorCapabilities.describe(bit)) }
            bit <<= 1
        }
        return names.joined(separator: " and ")
    }
}
