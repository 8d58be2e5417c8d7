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
        let sequence = state.int("FanModeSequence") ?? FanModeSequence.offLowMedHigh
        let speedMax = state.int("SpeedMax") ?? 100
        if given["FanMode"] == nil, let percent = given.int("PercentSetting") {
            state["FanMode"] = .int(percent == 0xFF ? FanMode.auto : fanMode(forPercent: percent, sequence: sequence))
        }
        if given["PercentSetting"] == nil, let mode = state.int("FanMode") {
            state["PercentSetting"] = .int(mode == FanMode.auto ? 0xFF : fanPercent(forMode: mode, sequence: sequence))
        }
        let setting = state.int("PercentSetting") ?? 0
        if given["SpeedSetting"] == nil {
            state["SpeedSetting"] = .int(setting == 0xFF ? 0xFF : fanSpeed(fromPercent: setting, speedMax: speedMax))
        }
        if given["PercentCurrent"] == nil {
            state["PercentCurrent"] = .int(setting == 0xFF ? 0 : setting)
        }
        if given["SpeedCurrent"] == nil, let current = state.int("PercentCurrent") {
            state["SpeedCurrent"] = .int(fanSpeed(fromPercent: current, speedMax: speedMax))
        }
    }

    /// `FanMode` is one `FanModeSequence` offers; Off ⇔ `PercentSetting` 0 and Auto ⇔ `PercentSetting` null
    /// (Matter 1.3 §4.4.6.1–2); `SpeedSetting` (unless null) and `SpeedCurrent` are at most `SpeedMax`.
    static func fanControlViolation(_ state: ClusterState) -> AttributeViolation? {
        let mode = state.int("FanMode")!
        let sequence = state.int("FanModeSequence")!
        let allowed = FanModeSequence.modes(sequence)
        if !allowed.contains(mode) {
            return AttributeViolation(
                attribute: "FanMode",
                reason: "\(mode) (\(FanMode.describe(mode))) is not offered by FanModeSequence \(sequence) "
                    + "(allowed: " + allowed.map { "\($0) \(FanMode.describe($0))" }.joined(separator: ", ") + ")"
            )
        }
        let percent = state.int("PercentSetting")!
        if (mode == FanMode.off) != (percent == 0) {
            return AttributeViolation(
                attribute: "PercentSetting",
                reason:
                    "\(percent) disagrees with FanMode \(mode) (FanMode Off goes with PercentSetting 0 and only with it)"
            )
        }
        if (mode == FanMode.auto) != (percent == 0xFF) {
            return AttributeViolation(
                attribute: "PercentSetting",
                reason: "\(percent == 0xFF ? "null" : String(percent)) disagrees with FanMode \(mode) "
                    + "(FanMode Auto goes with PercentSetting null and only with it)"
            )
        }
        let speedMax = state.int("SpeedMax")!
        for name in ["SpeedSetting", "SpeedCurrent"] {
            let speed = state.int(name)!
            if speed != 0xFF || name == "SpeedCurrent", speed > speedMax {
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
        guard given["SystemMode"] == nil, let sequence = state.int("ControlSequenceOfOperation") else { return }
        let heats = ControlSequence.canHeat(sequence)
        let cools = ControlSequence.canCool(sequence)
        state["SystemMode"] = .int(heats && cools ? SystemMode.auto : heats ? SystemMode.heat : SystemMode.cool)
    }

    /// Each user setpoint limit with the absolute limit it defaults to.
    static let userLimitPairs = [
        ("MinHeatSetpointLimit", "AbsMinHeatSetpointLimit"), ("MaxHeatSetpointLimit", "AbsMaxHeatSetpointLimit"),
        ("MinCoolSetpointLimit", "AbsMinCoolSetpointLimit"), ("MaxCoolSetpointLimit", "AbsMaxCoolSetpointLimit"),
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
    /// - `SystemMode` is not the reserved 2 and is one ``SystemMode/offered(sequence:deviceTypes:)`` allows for the
    ///   endpoint's sequence and device types, so that Google's `thermostatMode` is always one of the
    ///   `availableThermostatModes` Hearth sends.
    static func thermostatViolation(_ state: ClusterState, deviceTypes: [DeviceType]) -> AttributeViolation? {
        for kind in ["Heat", "Cool"] {
            if let violation = limitViolation(state, kind: kind) { return violation }
        }
        let sequence = state.int("ControlSequenceOfOperation")!
        let heats = ControlSequence.canHeat(sequence)
        let cools = ControlSequence.canCool(sequence)
        let deadBand = state.int("MinSetpointDeadBand")! * 10
        if heats && cools {
            if let violation = deadBandViolation(state, bound: "Min", deadBand: deadBand) { return violation }
            if let violation = deadBandViolation(state, bound: "Max", deadBand: deadBand) { return violation }
            let heating = state.int("OccupiedHeatingSetpoint")!
            let cooling = state.int("OccupiedCoolingSetpoint")!
            if heating > cooling - deadBand {
                return AttributeViolation(
                    attribute: "OccupiedHeatingSetpoint",
                    reason: "\(heating) is less than MinSetpointDeadBand (\(deadBand / 10) tenths of a degree) "
                        + "below OccupiedCoolingSetpoint (\(cooling))"
                )
            }
        }
        let mode = state.int("SystemMode")!
        let offered = SystemMode.offered(sequence: sequence, deviceTypes: deviceTypes)
        let reason: String?
        if mode == 2 {
            reason = "2 is reserved"
        } else if SystemMode.isHeating(mode) && !heats {
            reason = "\(mode) heats, but ControlSequenceOfOperation \(sequence) has no heating"
        } else if SystemMode.isCooling(mode) && !cools {
            reason = "\(mode) cools, but ControlSequenceOfOperation \(sequence) has no cooling"
        } else if mode == SystemMode.auto && !(heats && cools) {
            reason = "1 (Auto) needs heating and cooling, but ControlSequenceOfOperation \(sequence) lacks one"
        } else if !offered.contains(mode) {
            let types = deviceTypes.isEmpty ? "this endpoint" : deviceTypes.map(\.rawValue).joined(separator: ", ")
            reason =
                "\(mode) (\(SystemMode.describe(mode))) is not a mode Hearth offers Google on \(types): Google's "
                + "thermostatMode must be one of availableThermostatModes, and FanOnly and Dry are offered only on a "
                + "RoomAirConditioner, Sleep on nothing (allowed here: "
                + offered.map { "\($0) \(SystemMode.describe($0))" }.joined(separator: ", ") + ")"
        } else {
            reason = nil
        }
        return reason.map { AttributeViolation(attribute: "SystemMode", reason: $0) }
    }

    /// For `kind` Heat or Cool: `AbsMin…` ≤ `AbsMax…`; `AbsMin…` ≤ `Min…SetpointLimit` ≤ `Max…SetpointLimit` ≤
    /// `AbsMax…`; the occupied setpoint within the absolute, then the user limits.
    private static func limitViolation(_ state: ClusterState, kind: String) -> AttributeViolation? {
        let absMin = "AbsMin\(kind)SetpointLimit"
        let absMax = "AbsMax\(kind)SetpointLimit"
        let userMin = "Min\(kind)SetpointLimit"
        let userMax = "Max\(kind)SetpointLimit"
        let setpoint = kind == "Heat" ? "OccupiedHeatingSetpoint" : "OccupiedCoolingSetpoint"
        if let violation = ordered(state, lower: absMin, upper: absMax) { return violation }
        let absolute = state.int(absMin)!...state.int(absMax)!
        for name in [userMin, userMax] {
            if let violation = within(state, .Thermostat, name, lower: absMin, upper: absMax, absolute) {
                return violation
            }
        }
        if let violation = ordered(state, lower: userMin, upper: userMax) { return violation }
        if let violation = within(state, .Thermostat, setpoint, lower: absMin, upper: absMax, absolute) {
            return violation
        }
        let user = state.int(userMin)!...state.int(userMax)!
        return within(state, .Thermostat, setpoint, lower: userMin, upper: userMax, user)
    }

    /// `bound` Min or Max: `…HeatSetpointLimit` ≤ `…CoolSetpointLimit` − dead band, unless both are at their
    /// absolute values. Blames the limit that is not at its absolute value (the heating one when both are set).
    private static func deadBandViolation(_ state: ClusterState, bound: String, deadBand: Int) -> AttributeViolation? {
        let heatName = "\(bound)HeatSetpointLimit"
        let coolName = "\(bound)CoolSetpointLimit"
        let heat = state.int(heatName)!
        let cool = state.int(coolName)!
        guard heat > cool - deadBand else { return nil }
        let heatIsAbsolute = heat == state.int("Abs\(heatName)")!
        let coolIsAbsolute = cool == state.int("Abs\(coolName)")!
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
        let spec = spec(cluster, "MeasuredValue")!
        let low = state["MinMeasuredValue"]!
        let high = state["MaxMeasuredValue"]!
        let lowNumber = spec.isNull(low) ? nil : low.intValue
        let highNumber = spec.isNull(high) ? nil : high.intValue
        if let lowNumber, let highNumber, lowNumber >= highNumber {
            return AttributeViolation(
                attribute: "MaxMeasuredValue",
                reason: "\(highNumber) is not above MinMeasuredValue (\(lowNumber))"
            )
        }
        let value = state["MeasuredValue"]!
        guard !spec.isNull(value), let number = value.intValue else { return nil }
        if let lowNumber, number < lowNumber {
            return AttributeViolation(
                attribute: "MeasuredValue",
                reason: "\(number) is below MinMeasuredValue (\(lowNumber))"
            )
        }
        if let highNumber, number > highNumber {
            return AttributeViolation(
                attribute: "MeasuredValue",
                reason: "\(number) is above MaxMeasuredValue (\(highNumber))"
            )
        }
        return nil
    }
}
