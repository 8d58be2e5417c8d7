/// The Matter clusters Hearth models, named as the Matter specification names them.
///
/// `BasicInformation` is not here: it is identity, not state, and lives in ``BasicInformation``.
public enum ClusterID: String, Sendable, Hashable, CaseIterable, Comparable {
    /// On/Off (0x0006).
    case OnOff
    /// Level Control (0x0008).
    case LevelControl
    /// Color Control (0x0300).
    case ColorControl
    /// Fan Control (0x0202).
    case FanControl
    /// Thermostat (0x0201).
    case Thermostat
    /// Temperature Measurement (0x0402).
    case TemperatureMeasurement
    /// Relative Humidity Measurement (0x0405).
    case RelativeHumidityMeasurement
    /// Air Quality (0x005B).
    case AirQuality
    /// Window Covering (0x0102).
    case WindowCovering
    /// Door Lock (0x0101).
    case DoorLock
    /// Boolean State (0x0045).
    case BooleanState
    /// Occupancy Sensing (0x0406).
    case OccupancySensing
    /// Smoke CO Alarm (0x005C).
    case SmokeCOAlarm
    /// Power Source (0x002F), with the Battery and Rechargeable features.
    case PowerSource
    /// RVC Run Mode (0x0054).
    case RvcRunMode
    /// Operational State (0x0060).
    case OperationalState
    /// RVC Operational State (0x0061).
    case RvcOperationalState

    /// Orders clusters by name, so that listings are stable.
    public static func < (lhs: ClusterID, rhs: ClusterID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
