/// Matter device types Hearth supports, spelled as the device file spells them.
public enum DeviceType: String, Sendable, Hashable, CaseIterable {
    case OnOffLight
    case DimmableLight
    case ColorTemperatureLight
    case ExtendedColorLight
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
