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

    /// The clusters a device of this type must have (Matter's mandatory server clusters that Hearth models).
    public var requiredClusters: [ClusterID] {
        switch self {
        case .OnOffLight, .OnOffPlugInUnit: return [.OnOff]
        case .DimmableLight: return [.OnOff, .LevelControl]
        case .ColorTemperatureLight, .ExtendedColorLight: return [.OnOff, .LevelControl, .ColorControl]
        case .DimmablePlugInUnit, .Speaker: return [.OnOff, .LevelControl]
        case .RoboticVacuumCleaner: return [.RvcRunMode, .RvcOperationalState]
        // Matter lists On/Off as optional on both; Hearth requires it, since Google's WASHER and DISHWASHER
        // guides expect OnOff, and a dead-front appliance that is off cannot start.
        case .LaundryWasher, .Dishwasher: return [.OnOff, .OperationalState]
        }
    }
}
