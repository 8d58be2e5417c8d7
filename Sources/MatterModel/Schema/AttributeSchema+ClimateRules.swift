extension AttributeSchema {
    // MARK: - Fan Control

    /// Matter's speed for a percent (Matter 1.3 §4.4.6.6): `ceil(SpeedMax × percent / 100)`, in integers.
    static func fanSpeed(fromPercent percent: Int, speedMax: Int) -> Int {
        (max(percent, 0) * max(speedMax, 1) + 99) / 100
    }

    /// Matter's percent for a speed (Matter 1.3 §4.4.6.3): `floor(speed × 100 / SpeedMax)`, in integers.
    static func fanPercent(fromSpeed speed: Int, speedMax: Int) -> Int {
        max(speed, 0) * 100 / max(speedMax, 1)
    }

    /// The percent Hearth gives a speed mode: the sequence's speed modes share 0…100 evenly, the n-th of N
    /// (from 1) getting `floor(n × 100 / N)` (Low/Medium/High: 33, 66, 100).
    static func fanPercent(forMode mode: Int, sequence: Int) -> Int {
        let modes = FanModeSequence.speedModes(sequence)
        guard let index = modes.firstIndex(of: mode) else { return mode == FanMode.off ? 0 : 100 }
        return fanPercent(fromSpeed: index + 1, speedMax: modes.count)
    }

    /// The speed mode whose share of 0…100 holds a percent above 0 (`ceil(percent × N / 100)`-th of the N speed
    /// modes); Off for 0.
    static func fanMode(forPercent percent: Int, sequence: Int) -> Int {
        if percent <= 0 { return FanMode.off }
        let modes = FanModeSequence.speedModes(sequence)
        return modes[min(max(fanSpeed(fromPercent: percent, speedMax: modes.count), 1), modes.count) - 1]
    }

    /// Fan Control with omitted attributes derived from the given ones: `FanMode` from `PercentSetting` (0 → Off,
    /// null → Auto, else its speed mode) and `PercentSetting` from `FanMode` (Off → 0, Auto → null, a speed
    /// mode → its percent); `SpeedSetting` from `PercentSetting` by Matter's speed rule (null stays null);
    /// `PercentCurrent` follows `PercentSetting` (0 when null) and `SpeedCurrent` follows `PercentCurrent`.
    static func filledFanControl(_ given: ClusterState, _ state: inout ClusterState) {
        let sequence = state.int(.FanControl.fanModeSequence) ?? FanModeSequence.offLowMedHigh
        let speedMax = state.int(.FanControl.speedMax) ?? 100
        if given[.FanControl.fanMode] == nil, let percent = given.int(.FanControl.percentSetting) {
            state[.FanControl.fanMode] = .int(
                percent == 0xFF ? FanMode.auto : fanMode(forPercent: percent, sequence: sequence)
            )
        }
        if given[.FanControl.percentSetting] == nil, let mode = state.int(.FanControl.fanMode) {
            state[.FanControl.percentSetting] = .int(
                mode == FanMode.auto ? 0xFF : fanPercent(forMode: mode, sequence: sequence)
            )
        }
        let setting = state.int(.FanControl.percentSetting) ?? 0
        if given[.FanControl.speedSetting] == nil {
            state[.FanControl.speedSetting] = .int(
                setting == 0xFF ? 0xFF : fanSpeed(fromPercent: setting, speedMax: speedMax)
            )
        }
        if given[.FanControl.percentCurrent] == nil {
            state[.FanControl.percentCurrent] = .int(setting == 0xFF ? 0 : setting)
        }
        if given[.FanControl.speedCurrent] == nil, let current = state.int(.FanControl.percentCurrent) {
            state[.FanControl.speedCurrent] = .int(fanSpeed(fromPercent: current, speedMax: speedMax))
        }
    }

    /// `FanMode` is one `FanModeSequence` offers; Off ⇔ `PercentSetting` 0 and Auto ⇔ `PercentSetting` null
    /// (Matter 1.3 §4.4.6.1–2); `SpeedSetting` (unless null) and `SpeedCurrent` are at most `SpeedMax`.
    static func fanControlViolation(_ state: ClusterState) -> AttributeViolation? {
        let mode = state.int(.FanControl.fanMode)!
        let sequence = state.int(.FanControl.fanModeSequence)!
        let allowed = FanModeSequence.modes(sequence)
        if !allowed.contains(mode) {
            return AttributeViolation(
                attribute: .FanControl.fanMode,
                reason: "\(mode) (\(FanMode.describe(mode))) is not offered by FanModeSequence \(sequence) "
                    + "(allowed: " + allowed.map { "\($0) \(FanMode.describe($0))" }.joined(separator: ", ") + ")"
            )
        }
        let percent = state.int(.FanControl.percentSetting)!
        if (mode == FanMode.off) != (percent == 0) {
            return AttributeViolation(
                attribute: .FanControl.percentSetting,
                reason:
                    "\(percent) disagrees with FanMode \(mode) (FanMode Off goes with PercentSetting 0 and only with it)"
            )
        }
        if (mode == FanMode.auto) != (percent == 0xFF) {
            return AttributeViolation(
                attribute: .FanControl.percentSetting,
                reason: "\(percent == 0xFF ? "null" : String(percent)) disagrees with FanMode \(mode) "
                    + "(FanMode Auto goes with PercentSetting null and only with it)"
            )
        }
        let speedMax = state.int(.FanControl.speedMax)!
        for name in [Attribute.FanControl.speedSetting, .FanControl.speedCurrent] {
            let speed = state.int(name)!
            if speed != 0xFF || name == .FanControl.speedCurrent, speed > speedMax {
                return AttributeViolation(attribute: name, reason: "\(speed) is above SpeedMax (\(speedMax))")
            }
        }
        return nil
    }

    // MARK: - Thermostat

    /// Thermostat with omitted dependent attributes derived from the given ones: `SystemMode` from
    /// `ControlSequenceOfOperation` (Auto when the equipment heats and cools, Heat when it only heats, Cool when it
    /// only cools); each user setpoint limit (`MinHeatSetpointLimit`…) from its absolute counterpart
    /// (`AbsMinHeatSetpointLimit`…), Matter's default for it.
    static func filledThermostat(_ given: ClusterState, _ state: inout ClusterState) {
        for (user, absolute) in userLimitPairs where given[user] == nil {
            state[user] = state[absolute]
        }
        guard given[.Thermostat.systemMode] == nil, let sequence = state.int(.Thermostat.controlSequenceOfOperation)
        else { return }
        let heats = ControlSequence.canHeat(sequence)
        let cools = ControlSequence.canCool(sequence)
        state[.Thermostat.systemMode] = .int(
            heats && cools ? SystemMode.auto : heats ? SystemMode.heat : SystemMode.cool
        )
    }

    /// Each user setpoint limit with the absolute limit it defaults to.
    static let userLimitPairs: [(user: Attribute, absolute: Attribute)] = [
        (.Thermostat.minHeatSetpointLimit, .Thermostat.absMinHeatSetpointLimit),
        (.Thermostat.maxHeatSetpointLimit, .Thermostat.absMaxHeatSetpointLimit),
        (.Thermostat.minCoolSetpointLimit, .Thermostat.absMinCoolSetpointLimit),
        (.Thermostat.maxCoolSetpointLimit, .Thermostat.absMaxCoolSetpointLimit),
    ]

    /// The Thermostat rules, after Matter's "Setpoint Limits" (Matter 1.3 §4.3.7.2) and the Matter SDK's checks on
    /// writes (`connectedhomeip` `thermostat-server.cpp`):
    /// - `AbsMin…` ≤ `AbsMax…`, and `AbsMin…` ≤ `Min…SetpointLimit` ≤ `Max…SetpointLimit` ≤ `AbsMax…`, for heat and
    ///   cool;
    /// - each occupied setpoint within its absolute limits, then within its user limits;
    /// - with equipment that heats and cools: `MinHeatSetpointLimit` ≤ `MinCoolSetpointLimit` −
    ///   `MinSetpointDeadBand` and `MaxHeatSetpointLimit` ≤ `MaxCoolSetpointLimit` − `MinSetpointDeadBand`, except
    ///   where both limits of the pair sit at their absolute values (Matter's own defaults, 3000 and 3200 with a
    ///   2.5 °C dead band, break it; Hearth checks the user limits a device file sets, not the manufacturer's);
    ///   `OccupiedHeatingSetpoint` ≤ `OccupiedCoolingSetpoint` − `MinSetpointDeadBand`;
    /// - `SystemMode` is one the endpoint's sequence makes possible (``SystemMode/impossibility(_:sequence:)``).
    ///   Every possible mode is kept, whether or not Google has a name for it: what Google is told is the
    ///   mapping's job.
    static func thermostatViolation(_ state: ClusterState) -> AttributeViolation? {
        for limits in [heatLimits, coolLimits] {
            if let violation = limitViolation(state, limits) { return violation }
        }
        let sequence = state.int(.Thermostat.controlSequenceOfOperation)!
        let heats = ControlSequence.canHeat(sequence)
        let cools = ControlSequence.canCool(sequence)
        let deadBand = state.int(.Thermostat.minSetpointDeadBand)! * 10
        if heats && cools {
            if let violation = deadBandViolation(
                state,
                heat: .Thermostat.minHeatSetpointLimit,
                cool: .Thermostat.minCoolSetpointLimit,
                deadBand: deadBand
            ) {
                return violation
            }
            if let violation = deadBandViolation(
                state,
                heat: .Thermostat.maxHeatSetpointLimit,
                cool: .Thermostat.maxCoolSetpointLimit,
                deadBand: deadBand
            ) {
                return violation
            }
            let heating = state.int(.Thermostat.occupiedHeatingSetpoint)!
            let cooling = state.int(.Thermostat.occupiedCoolingSetpoint)!
            if heating > cooling - deadBand {
                return AttributeViolation(
                    attribute: .Thermostat.occupiedHeatingSetpoint,
                    reason: "\(heating) is less than MinSetpointDeadBand (\(deadBand / 10) tenths of a degree) "
                        + "below OccupiedCoolingSetpoint (\(cooling))"
                )
            }
        }
        let mode = state.int(.Thermostat.systemMode)!
        let reason = SystemMode.impossibility(mode, sequence: sequence)
        return reason.map { AttributeViolation(attribute: .Thermostat.systemMode, reason: $0) }
    }

    /// The setpoint limits of heating or of cooling, and the occupied setpoint they bound.
    private struct SetpointLimits {
        var absMin: Attribute
        var absMax: Attribute
        var userMin: Attribute
        var userMax: Attribute
        var setpoint: Attribute
    }

    private static let heatLimits = SetpointLimits(
        absMin: .Thermostat.absMinHeatSetpointLimit,
        absMax: .Thermostat.absMaxHeatSetpointLimit,
        userMin: .Thermostat.minHeatSetpointLimit,
        userMax: .Thermostat.maxHeatSetpointLimit,
        setpoint: .Thermostat.occupiedHeatingSetpoint
    )

    private static let coolLimits = SetpointLimits(
        absMin: .Thermostat.absMinCoolSetpointLimit,
        absMax: .Thermostat.absMaxCoolSetpointLimit,
        userMin: .Thermostat.minCoolSetpointLimit,
        userMax: .Thermostat.maxCoolSetpointLimit,
        setpoint: .Thermostat.occupiedCoolingSetpoint
    )

    /// For heat or cool: `AbsMin…` ≤ `AbsMax…`; `AbsMin…` ≤ `Min…SetpointLimit` ≤ `Max…SetpointLimit` ≤
    /// `AbsMax…`; the occupied setpoint within the absolute, then the user limits.
    private static func limitViolation(_ state: ClusterState, _ limits: SetpointLimits) -> AttributeViolation? {
        let (absMin, absMax, userMin, userMax) = (limits.absMin, limits.absMax, limits.userMin, limits.userMax)
        if let violation = ordered(state, lower: absMin, upper: absMax) { return violation }
        let absolute = state.int(absMin)!...state.int(absMax)!
        for name in [userMin, userMax] {
            if let violation = within(state, name, lower: absMin, upper: absMax, absolute) {
                return violation
            }
        }
        if let violation = ordered(state, lower: userMin, upper: userMax) { return violation }
        if let violation = within(state, limits.setpoint, lower: absMin, upper: absMax, absolute) {
            return violation
        }
        let user = state.int(userMin)!...state.int(userMax)!
        return within(state, limits.setpoint, lower: userMin, upper: userMax, user)
    }

    /// The absolute limit a user setpoint limit defaults to (`AbsMinHeatSetpointLimit` for `MinHeatSetpointLimit`).
    private static func absoluteLimit(of user: Attribute) -> Attribute {
        userLimitPairs.first { $0.user == user }!.absolute
    }

    /// For the Min or the Max limits: `…HeatSetpointLimit` ≤ `…CoolSetpointLimit` − dead band, unless both are at
    /// their absolute values. Blames the limit that is not at its absolute value (the heating one when both are set).
    private static func deadBandViolation(
        _ state: ClusterState,
        heat heatName: Attribute,
        cool coolName: Attribute,
        deadBand: Int
    ) -> AttributeViolation? {
        let heat = state.int(heatName)!
        let cool = state.int(coolName)!
        guard heat > cool - deadBand else { return nil }
        let heatIsAbsolute = heat == state.int(absoluteLimit(of: heatName))!
        let coolIsAbsolute = cool == state.int(absoluteLimit(of: coolName))!
        if heatIsAbsolute && coolIsAbsolute { return nil }
        if heatIsAbsolute {
            return AttributeViolation(
                attribute: coolName,
                reason: "\(cool) is less than MinSetpointDeadBand (\(deadBand / 10) tenths of a degree) above "
                    + "\(heatName) (\(heat))"
            )
        }
        return AttributeViolation(
            attribute: heatName,
            reason: "\(heat) is less than MinSetpointDeadBand (\(deadBand / 10) tenths of a degree) below "
                + "\(coolName) (\(cool))"
        )
    }

    // MARK: - Measurements

    /// `MinMeasuredValue` < `MaxMeasuredValue` and `MeasuredValue` within them, wherever neither is null (Matter
    /// 1.3 §2.3.5 and §2.6.5).
    static func measurementViolation(_ state: ClusterState, cluster: ClusterID) -> AttributeViolation? {
        let (measured, minimum, maximum) =
            cluster == .RelativeHumidityMeasurement
            ? (
                Attribute.RelativeHumidityMeasurement.measuredValue,
                Attribute.RelativeHumidityMeasurement.minMeasuredValue,
                Attribute.RelativeHumidityMeasurement.maxMeasuredValue
            )
            : (
                Attribute.TemperatureMeasurement.measuredValue,
                Attribute.TemperatureMeasurement.minMeasuredValue,
                Attribute.TemperatureMeasurement.maxMeasuredValue
            )
        let spec = spec(measured)!
        let low = state[minimum]!
        let high = state[maximum]!
        let lowNumber = spec.isNull(low) ? nil : low.intValue
        let highNumber = spec.isNull(high) ? nil : high.intValue
        if let lowNumber, let highNumber, lowNumber >= highNumber {
            return AttributeViolation(
                attribute: maximum,
                reason: "\(highNumber) is not above MinMeasuredValue (\(lowNumber))"
            )
        }
        let value = state[measured]!
        guard !spec.isNull(value), let number = value.intValue else { return nil }
        if let lowNumber, number < lowNumber {
            return AttributeViolation(
                attribute: measured,
                reason: "\(number) is below MinMeasuredValue (\(lowNumber))"
            )
        }
        if let highNumber, number > highNumber {
            return AttributeViolation(
                attribute: measured,
                reason: "\(number) is above MaxMeasuredValue (\(highNumber))"
            )
        }
        return nil
    }
}
