/// Matter device types Hearth supports, spelled as the device file spells them.
public enum DeviceType: String, Sendable, Hashable, CaseIterable {
    /// On/Off Light (0x0100).
    case OnOffLight
    /// Dimmable Light (0x0101).
    case DimmableLight
    /// Color Temperature Light (0x010C).
    case ColorTemperatureLight
    /// Extended Color Light (0x010D).
    case ExtendedColorLight
    /// On/Off Plug-in Unit (0x010A).
    case OnOffPlugInUnit
    /// Fan (0x002B).
    case Fan
    /// Air Purifier (0x002D).
    case AirPurifier
    /// Thermostat (0x0301).
    case Thermostat
    /// Room Air Conditioner (0x0072).
    case RoomAirConditioner
    /// Temperature Sensor (0x0302).
    case TemperatureSensor
    /// Humidity Sensor (0x0307).
    case HumiditySensor
    /// Window Covering (0x0202): a shade, blind, drapery, awning or shutter with a motorised lift.
    case WindowCovering
    /// Door Lock (0x000A).
    case DoorLock
    /// Contact Sensor (0x0015): Boolean State `StateValue` true when the contact is made (closed).
    case ContactSensor
    /// Occupancy Sensor (0x0107).
    case OccupancySensor
    /// Water Leak Detector (0x0043): Boolean State `StateValue` true when a leak is detected.
    case WaterLeakDetector
    /// Smoke CO Alarm (0x0076): a smoke alarm, a carbon monoxide alarm, or both.
    case SmokeCOAlarm
    /// Dimmable Plug-in Unit (0x010B).
    case DimmablePlugInUnit
    /// Speaker (0x0022): On/Off is mute (off = muted), Level Control is the volume.
    case Speaker
    /// Robotic Vacuum Cleaner (0x0074).
    case RoboticVacuumCleaner
    /// Laundry Washer (0x0073).
    case LaundryWasher
    /// Dishwasher (0x0075).
    case Dishwasher
    /// Doorbell (0x0148, Matter 1.5; 0x0143 is the *Video* Doorbell, a composite of a Generic Switch and a Camera).
    /// Matter's `Doorbell.xml` makes it a superset of Generic Switch whose mandatory clusters are Identify (server),
    /// Switch (server, with the Momentary Switch feature) and Chime (client). A press is a Switch *event*, not
    /// state, so Hearth models none of these clusters; a press comes in as `hearth devices event … doorbell-press`.
    case Doorbell

    /// The clusters a device of this type must have (Matter's mandatory server clusters that Hearth models).
    public var requiredClusters: [ClusterID] {
        switch self {
        case .OnOffLight, .OnOffPlugInUnit: return [.OnOff]
        case .DimmableLight: return [.OnOff, .LevelControl]
        case .ColorTemperatureLight, .ExtendedColorLight: return [.OnOff, .LevelControl, .ColorControl]
        // Hearth requires Air Quality on an Air Purifier (Matter puts it on an optional Air Quality Sensor
        // endpoint) so that SensorState always has something to report, and Fan Control on a Room Air
        // Conditioner (optional in Matter) so that AC_UNIT always has FanSpeed.
        case .Fan: return [.FanControl]
        case .AirPurifier: return [.FanControl, .AirQuality]
        case .Thermostat: return [.Thermostat]
        case .RoomAirConditioner: return [.OnOff, .Thermostat, .FanControl]
        case .TemperatureSensor: return [.TemperatureMeasurement]
        case .HumiditySensor: return [.RelativeHumidityMeasurement]
        case .WindowCovering: return [.WindowCovering]
        case .DoorLock: return [.DoorLock]
        case .ContactSensor, .WaterLeakDetector: return [.BooleanState]
        case .OccupancySensor: return [.OccupancySensing]
        case .SmokeCOAlarm: return [.SmokeCOAlarm]
        case .DimmablePlugInUnit, .Speaker: return [.OnOff, .LevelControl]
        case .RoboticVacuumCleaner: return [.RvcRunMode, .RvcOperationalState]
        // Matter lists On/Off as optional on both; Hearth requires it, since Google's WASHER and DISHWASHER
        // guides expect OnOff, and a dead-front appliance that is off cannot start.
        case .LaundryWasher, .Dishwasher: return [.OnOff, .OperationalState]
        case .Doorbell: return []
        }
    }
}
