extension DeviceType {
    /// The names of the device types Hearth maps to Google (``modelled``), in their order.
    public static let knownTypes: [String] = modelled.map(\.rawValue)

    /// Every device type name a device file may use: Hearth's (``knownTypes``), then the rest of the Matter 1.4
    /// device library.
    public static var knownNames: [String] { all.map(\.rawValue) }

    /// Whether Hearth maps the device type to Google (``modelled``).
    public var isModelled: Bool { Self.modelledNames[matterID] != nil }

    /// The device type's name as device files spell it: the specification's name without spaces or punctuation
    /// (`On/Off Plug-in Unit` is `OnOffPlugInUnit`), or `0x` and the id in hex for an id the specification does not
    /// define.
    public var rawValue: String {
        if let name = Self.modelledNames[matterID] { return name }
        if let name = Self.specificationNames.byID[matterID] { return name }
        return "0x" + String(matterID, radix: 16, uppercase: true)
    }

    /// The device type a device file names: any device type of the Matter 1.4 device library, spelled as
    /// ``rawValue`` spells it (letter case aside), or one of Hearth's Matter 1.5 types (``matter15``: the Doorbell, the
    /// cameras); `nil` for any other name. The device file refuses the Root Node (``isNode``).
    public init?(rawValue: String) {
        guard let id = Self.modelledIDs[rawValue] ?? Self.specificationNames.byName[rawValue.lowercased()] else {
            return nil
        }
        self.init(matterID: id)
    }

    /// The device type's name, as messages show it.
    public var description: String { rawValue }

    /// The specification's definition of the device type, or `nil` (the Doorbell is Matter 1.5's, and so are the
    /// cameras until the generated tables hold Matter 1.5's device types).
    public var definition: MatterDeviceTypeDefinition? { MatterDeviceTypeDefinition.definition(id: matterID) }

    /// Every device type a device file may name: Hearth's, then the rest of the Matter 1.4 device library by name,
    /// but the Root Node (``isNode``).
    public static var all: [DeviceType] {
        let others = specificationNames.byID.keys.filter { modelledNames[$0] == nil }.map(DeviceType.init(matterID:))
            .filter { !$0.isNode }
        return modelled + others.sorted { $0.rawValue < $1.rawValue }
    }

    /// Whether this is the Root Node (device class `node`): Matter's endpoint 0, the node itself, which a device file
    /// gives as `basicInformation`, never as an endpoint's type.
    public var isNode: Bool { definition?.deviceClass == "node" }

    /// Clusters Matter makes mandatory on nearly every device type that carry no state a cloud keeps: Identify
    /// (0x0003), Groups (0x0004), Descriptor (0x001D), Binding (0x001E) and Scenes Management (0x0062). Hearth does
    /// not require them on a device type it does not map (nor on the ones it maps); a device file may still list
    /// them.
    public static let interactionClusters: Set<Int> = [0x0003, 0x0004, 0x001D, 0x001E, 0x0062]

    /// The server clusters the specification makes mandatory for this device type, but ``interactionClusters``.
    var specificationRequiredClusters: [ClusterID] {
        guard let definition else { return [] }
        return definition.mandatoryClusters(.server).map(\.id).filter { !Self.interactionClusters.contains($0) }
            .map(ClusterID.init(matterID:))
    }

    /// The server clusters the specification lists for this device type that Hearth does not model: allowed on a
    /// device type Hearth maps too, kept and served over `/v1` (a Dishwasher's Dishwasher Mode, a robot vacuum's
    /// Service Area).
    var specificationUnmodelledClusters: [ClusterID] {
        guard let definition else { return [] }
        var seen = Set<Int>()
        return definition.clusters.filter { $0.side == .server }.map(\.id)
            .filter { seen.insert($0).inserted }.map(ClusterID.init(matterID:)).filter { !$0.isModelled }
    }

    /// Every other server cluster the specification lists for this device type.
    var specificationOptionalClusters: [ClusterID] {
        guard let definition else { return [] }
        let required = Set(specificationRequiredClusters.map(\.matterID))
        var seen = Set<Int>()
        return definition.clusters.filter { $0.side == .server }.map(\.id)
            .filter { !required.contains($0) && seen.insert($0).inserted }.map(ClusterID.init(matterID:))
    }

    private static let modelledNames: [Int: String] = [
        0x0100: "OnOffLight",
        0x0101: "DimmableLight",
        0x010C: "ColorTemperatureLight",
        0x010D: "ExtendedColorLight",
        0x010A: "OnOffPlugInUnit",
        0x002B: "Fan",
        0x002D: "AirPurifier",
        0x0301: "Thermostat",
        0x0072: "RoomAirConditioner",
        0x0302: "TemperatureSensor",
        0x0307: "HumiditySensor",
        0x0202: "WindowCovering",
        0x000A: "DoorLock",
        0x0015: "ContactSensor",
        0x0107: "OccupancySensor",
        0x0043: "WaterLeakDetector",
        0x0076: "SmokeCOAlarm",
        0x010B: "DimmablePlugInUnit",
        0x0022: "Speaker",
        0x0074: "RoboticVacuumCleaner",
        0x0073: "LaundryWasher",
        0x0075: "Dishwasher",
        0x0148: "Doorbell",
        0x007C: "LaundryDryer",
        0x0070: "Refrigerator",
        0x0071: "TemperatureControlledCabinet",
        0x007B: "Oven",
        0x0078: "Cooktop",
        0x0077: "CookSurface",
        0x0079: "MicrowaveOven",
        0x007A: "ExtractorHood",
        0x050F: "WaterHeater",
        0x0309: "HeatPump",
        0x050C: "EnergyEVSE",
        0x0027: "ModeSelect",
        0x0028: "BasicVideoPlayer",
        0x0023: "CastingVideoPlayer",
        0x0024: "ContentApp",
        0x002A: "VideoRemoteControl",
        0x0142: "Camera",
        0x0143: "VideoDoorbell",
        0x0141: "AudioDoorbell",
        0x0144: "FloodlightCamera",
        0x002C: "AirQualitySensor",
        0x0044: "RainSensor",
        0x010F: "MountedOnOffControl",
        0x0110: "MountedDimmableLoadControl",
        0x0042: "WaterValve",
        0x0040: "IrrigationSystem",
        0x000E: "Aggregator",
        0x0230: "Closure",
        0x0231: "ClosurePanel",
    ]

    private static let modelledIDs: [String: Int] = Dictionary(
        uniqueKeysWithValues: modelledNames.map { ($0.value, $0.key) }
    )

    private static let specificationNames: ClusterNames.Index = {
        var byID: [Int: String] = [:]
        var byName: [String: Int] = [:]
        for type in MatterDeviceTypeDefinition.specification {
            let spelled = ClusterNames.spell(type.name)
            byID[type.id] = spelled
            byName[spelled.lowercased()] = type.id
        }
        return ClusterNames.Index(byID: byID, byName: byName)
    }()
}
