extension AttributeSchema {
    /// The values of Fan Control's `FanMode` (Matter's `FanModeEnum`, Matter 1.3 §4.4.5.2).
    public enum FanMode {
        /// The fan is off.
        public static let off = 0
        /// Low speed.
        public static let low = 1
        /// Medium speed.
        public static let medium = 2
        /// High speed.
        public static let high = 3
        /// Deprecated shorthand that a server turns into `high` when written; never stored.
        public static let on = 4
        /// The fan picks its speed.
        public static let auto = 5
        /// Speed from occupancy or temperature; no `FanModeSequence` of Matter 1.3 offers it.
        public static let smart = 6

        /// The name Matter gives a mode (`"Medium"`), for messages.
        public static func describe(_ mode: Int) -> String {
            switch mode {
            case off: return "Off"
            case low: return "Low"
            case medium: return "Medium"
            case high: return "High"
            case on: return "On"
            case auto: return "Auto"
            case smart: return "Smart"
            default: return "unknown"
            }
        }
    }

    /// The values of Fan Control's `FanModeSequence` (Matter's `FanModeSequenceEnum`): which `FanMode`s a fan
    /// offers besides Off.
    public enum FanModeSequence {
        /// Off, Low, Medium, High.
        public static let offLowMedHigh = 0
        /// Off, Low, High.
        public static let offLowHigh = 1
        /// Off, Low, Medium, High, Auto.
        public static let offLowMedHighAuto = 2
        /// Off, Low, High, Auto.
        public static let offLowHighAuto = 3
        /// Off, High, Auto.
        public static let offHighAuto = 4
        /// Off, High.
        public static let offHigh = 5

        /// The speed modes (Low, Medium, High) a sequence offers, slowest first; High for an unknown sequence.
        public static func speedModes(_ sequence: Int) -> [Int] {
            switch sequence {
            case offLowMedHigh, offLowMedHighAuto: return [FanMode.low, FanMode.medium, FanMode.high]
            case offLowHigh, offLowHighAuto: return [FanMode.low, FanMode.high]
            default: return [FanMode.high]
            }
        }

        /// Whether a sequence offers Auto.
        public static func hasAuto(_ sequence: Int) -> Bool {
            [offLowMedHighAuto, offLowHighAuto, offHighAuto].contains(sequence)
        }

        /// Every `FanMode` a fan with this sequence may be in: Off, the speed modes, Auto when offered.
        public static func modes(_ sequence: Int) -> [Int] {
            [FanMode.off] + speedModes(sequence) + (hasAuto(sequence) ? [FanMode.auto] : [])
        }
    }

    /// The values of Thermostat's `SystemMode` (Matter's `SystemModeEnum`, Matter 1.3 §4.3.8.22); 2 is reserved.
    public enum SystemMode {
        /// No heating or cooling.
        public static let off = 0
        /// Heats or cools to keep the temperature between the heating and cooling setpoints.
        public static let auto = 1
        /// Cools to the cooling setpoint.
        public static let cool = 3
        /// Heats to the heating setpoint.
        public static let heat = 4
        /// Heats with the auxiliary (emergency) heat source.
        public static let emergencyHeat = 5
        /// Cools ahead of time (precooling).
        public static let precooling = 6
        /// Runs the fan only.
        public static let fanOnly = 7
        /// Dehumidifies.
        public static let dry = 8
        /// Sleep mode.
        public static let sleep = 9

        /// Whether the mode heats to the heating setpoint.
        public static func isHeating(_ mode: Int) -> Bool { mode == heat || mode == emergencyHeat }

        /// Whether the mode cools to the cooling setpoint.
        public static func isCooling(_ mode: Int) -> Bool { mode == cool || mode == precooling }

        /// The name Matter gives a mode (`"FanOnly"`), for messages.
        public static func describe(_ mode: Int) -> String {
            switch mode {
            case off: return "Off"
            case auto: return "Auto"
            case cool: return "Cool"
            case heat: return "Heat"
            case emergencyHeat: return "EmergencyHeat"
            case precooling: return "Precooling"
            case fanOnly: return "FanOnly"
            case dry: return "Dry"
            case sleep: return "Sleep"
            default: return "reserved"
            }
        }

        /// The modes Hearth offers Google on a thermostat endpoint (`availableThermostatModes`), in the order
        /// Google's modes are listed: Off; Heat and EmergencyHeat when the `ControlSequenceOfOperation` heats; Cool
        /// and Precooling when it cools; Auto when it does both; FanOnly and Dry on a Room Air Conditioner; and the
        /// endpoint's `current` mode when it is FanOnly, Dry or Sleep and not listed yet.
        ///
        /// Matter allows FanOnly, Dry and Sleep with any sequence (`SystemModeEnum` gives them no feature
        /// conformance) and has no attribute saying which of them a device supports. An air conditioner runs its
        /// fan alone and dehumidifies, so those are always offered on one; on any other thermostat a mode the
        /// device reports being in is a mode it supports, so it is offered while the device is in it (the SYNC
        /// entry changes with it, and the outbox asks Google to SYNC again). Google's `thermostatMode` must be one of
        /// `availableThermostatModes` (TemperatureSetting trait), and this keeps it one.
        public static func offered(sequence: Int, deviceTypes: [DeviceType], current: Int? = nil) -> [Int] {
            let heats = ControlSequence.canHeat(sequence)
            let cools = ControlSequence.canCool(sequence)
            var modes = [off]
            if heats { modes += [heat, emergencyHeat] }
            if cools { modes += [cool, precooling] }
            if heats && cools { modes.append(auto) }
            if deviceTypes.contains(.RoomAirConditioner) { modes += [fanOnly, dry] }
            if let current, [fanOnly, dry, sleep].contains(current), !modes.contains(current) {
                modes.append(current)
            }
            return modes
        }

        /// Why `mode` is not a state a thermostat with `sequence` can be in, after Matter's `SystemModeEnum` and
        /// `ControlSequenceOfOperationEnum` (Matter 1.4, Thermostat cluster): 2 is reserved; Heat and
        /// EmergencyHeat need the HEAT feature and are "not possible" with the cooling-only sequences (0, 1); Cool
        /// and Precooling need COOL and are not possible with the heating-only ones (2, 3); Auto needs AUTO, which
        /// needs both. Off, FanOnly, Dry and Sleep are possible with every sequence. `nil` when it can be.
        public static func impossibility(_ mode: Int, sequence: Int) -> String? {
            let heats = ControlSequence.canHeat(sequence)
            let cools = ControlSequence.canCool(sequence)
            if mode == 2 { return "2 is reserved" }
            if isHeating(mode) && !heats {
                return "\(mode) heats, but ControlSequenceOfOperation \(sequence) has no heating"
            }
            if isCooling(mode) && !cools {
                return "\(mode) cools, but ControlSequenceOfOperation \(sequence) has no cooling"
            }
            if mode == auto && !(heats && cools) {
                return "1 (Auto) needs heating and cooling, but ControlSequenceOfOperation \(sequence) lacks one"
            }
            return nil
        }
    }

    /// The values of Thermostat's `ControlSequenceOfOperation` (Matter's `ControlSequenceOfOperationEnum`): whether
    /// the equipment heats, cools, or both.
    public enum ControlSequence {
        /// Cooling only.
        public static let coolingOnly = 0
        /// Cooling with reheat.
        public static let coolingWithReheat = 1
        /// Heating only.
        public static let heatingOnly = 2
        /// Heating with reheat.
        public static let heatingWithReheat = 3
        /// Cooling and heating.
        public static let coolingAndHeating = 4
        /// Cooling and heating with reheat.
        public static let coolingAndHeatingWithReheat = 5

        /// Whether the equipment can heat (sequences 2…5).
        public static func canHeat(_ sequence: Int) -> Bool { (2...5).contains(sequence) }

        /// Whether the equipment can cool (sequences 0, 1, 4, 5).
        public static func canCool(_ sequence: Int) -> Bool { [0, 1, 4, 5].contains(sequence) }
    }

    /// The values of Air Quality's `AirQuality` (Matter's `AirQualityEnum`, Matter 1.3 §2.9.5.1).
    public enum AirQualityLevel {
        /// The sensor cannot tell.
        public static let unknown = 0
        /// Good.
        public static let good = 1
        /// Fair.
        public static let fair = 2
        /// Moderate.
        public static let moderate = 3
        /// Poor.
        public static let poor = 4
        /// Very poor.
        public static let veryPoor = 5
        /// Extremely poor.
        public static let extremelyPoor = 6
    }
}
