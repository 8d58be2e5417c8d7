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

    /// The clusters a device of this type must have (Matter's mandatory server clusters that Hearth models).
    public var requiredClusters: [ClusterID] {
        switch self {
        case .OnOffLight, .OnOffPlugInUnit: return [.OnOff]
        case .DimmableLight: return [.OnOff, .LevelControl]
        case .ColorTemperatureLight, .ExtendedColorLight: return [.OnOff, .LevelControl, .ColorControl]
        }
    }
}
