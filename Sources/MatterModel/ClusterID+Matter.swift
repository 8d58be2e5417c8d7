extension ClusterID {
    /// The names of the clusters Hearth models (``modelled``), in their order.
    public static let knownClusters: [String] = modelled.map(\.rawValue)

    /// Whether Hearth models the cluster with rules of its own (``modelled``); every other cluster is checked
    /// against its generated definition only.
    public var isModelled: Bool { Self.modelledNames[matterID] != nil }

    /// The cluster's name as device files spell it: Hearth's for a modelled cluster, else the specification's
    /// name without spaces or punctuation (`Refrigerator Alarm` is `RefrigeratorAlarm`), else a manufacturer
    /// cluster's declared name (``ManufacturerClusterCatalog``), else `0x` and the id in hex.
    public var rawValue: String {
        if let name = Self.modelledNames[matterID] { return name }
        if let name = ClusterNames.specification.byID[matterID] { return name }
        if isManufacturerSpecific, let cluster = ManufacturerClusterCatalog.cluster(id: matterID) {
            return cluster.name
        }
        return "0x" + String(matterID, radix: 16, uppercase: true)
    }

    /// The cluster a device file names: a modelled cluster's name, any cluster of the specification's data model
    /// spelled as ``rawValue`` spells it, or a manufacturer cluster the catalog holds (letter case aside); `nil` for
    /// any other name.
    public init?(rawValue: String) {
        if let id = Self.standardID(named: rawValue) {
            self.init(matterID: id)
        } else if let cluster = ManufacturerClusterCatalog.cluster(named: rawValue) {
            self.init(matterID: cluster.id)
        } else {
            return nil
        }
    }

    /// The id of the modelled or specification cluster named `name` (letter case aside for the specification's).
    static func standardID(named name: String) -> Int? {
        if let id = modelledIDs[name] { return id }
        return ClusterNames.specification.byName[name.lowercased()]
    }

    /// Whether the id is in the manufacturer-specific cluster range: its suffix (lower 16 bits) is `0xFC00` or above
    /// (``ManufacturerCluster`` says which ids a declaration may take).
    public var isManufacturerSpecific: Bool { matterID & 0xFFFF >= 0xFC00 }

    /// The cluster's name, as messages show it.
    public var description: String { rawValue }

    /// The specification's definition of the cluster, else the definition of the manufacturer cluster the catalog
    /// holds (``ManufacturerClusterCatalog``); `nil` for any other.
    public var definition: MatterClusterDefinition? {
        if let definition = MatterClusterDefinition.definition(id: matterID) { return definition }
        guard isManufacturerSpecific else { return nil }
        return ManufacturerClusterCatalog.cluster(id: matterID)?.definition
    }

    private static let modelledNames: [Int: String] = [
        0x0006: "OnOff",
        0x0008: "LevelControl",
        0x0300: "ColorControl",
        0x0202: "FanControl",
        0x0201: "Thermostat",
        0x0402: "TemperatureMeasurement",
        0x0405: "RelativeHumidityMeasurement",
        0x005B: "AirQuality",
        0x0102: "WindowCovering",
        0x0101: "DoorLock",
        0x0045: "BooleanState",
        0x0406: "OccupancySensing",
        0x005C: "SmokeCOAlarm",
        0x002F: "PowerSource",
        0x0054: "RvcRunMode",
        0x0060: "OperationalState",
        0x0061: "RvcOperationalState",
    ]

    private static let modelledIDs: [String: Int] = Dictionary(
        uniqueKeysWithValues: modelledNames.map { ($0.value, $0.key) }
    )
}

/// The specification's cluster names, spelled as device files spell them: built from the generated names (not the
/// definitions) the first time a name outside Hearth's modelled clusters is read.
enum ClusterNames {
    struct Index: Sendable {
        let byID: [Int: String]
        let byName: [String: Int]
    }

    static let specification: Index = {
        var byID: [Int: String] = [:]
        var byName: [String: Int] = [:]
        for (id, name) in MatterClusterDefinition.names {
            let spelled = spell(name)
            byID[id] = spelled
            byName[spelled.lowercased()] = id
        }
        return Index(byID: byID, byName: byName)
    }()

    /// A specification name without spaces or punctuation: `On/Off` is `OnOff`, `Pump Configuration and Control` is
    /// `PumpConfigurationAndControl` (each word's first letter capitalised).
    static func spell(_ name: String) -> String {
        var result = ""
        var capitalize = true
        for character in name {
            if character.isLetter || character.isNumber {
                result += capitalize ? character.uppercased() : String(character)
                capitalize = false
            } else {
                capitalize = true
            }
        }
        return result
    }
}
