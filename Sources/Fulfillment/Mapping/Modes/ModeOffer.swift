import JSON
import MatterModel
import SmartHomeProtocol

/// Where one Google mode of an endpoint comes from.
enum ModeSource: Hashable, Sendable {
    /// A mode-base cluster or Mode Select (``ClusterID/modeClusters``): `SupportedModes` and `CurrentMode`.
    case modeCluster(ClusterID)
    /// Laundry Washer Controls, SPIN feature: `SpinSpeeds` (strings) and `SpinSpeedCurrent` (an index, nullable).
    case spinSpeed
    /// Laundry Washer Controls, RINSE feature: `SupportedRinses` and `NumberOfRinses` (`NumberOfRinsesEnum`).
    case rinses
    /// Laundry Dryer Controls: `SupportedDrynessLevels` and `SelectedDrynessLevel` (`DrynessLevelEnum`, nullable).
    case dryness
    /// Temperature Control, TL feature: `SupportedTemperatureLevels` (strings) and `SelectedTemperatureLevel`.
    case temperatureLevel
}

/// One Google mode an endpoint offers: its `name`, English `name_synonym`s, settings, `ordered`, and the Matter
/// value in force.
///
/// Google (traits/modes): "Each mode has multiple possible settings, but only one can be selected at a time", and
/// `settings` needs "At least 2 items": a source with fewer than two settings offers no mode.
struct ModeOffer: Equatable, Sendable {
    var source: ModeSource
    var name: String
    var synonyms: [String]
    var settings: [ModeSetting]
    var ordered: Bool
    /// The Matter value in force; `nil` when unknown (a null `SpinSpeedCurrent`).
    var currentValue: Int?

    /// The setting in force, if the current value is one of the settings.
    var currentSetting: ModeSetting? { settings.first { $0.value == currentValue } }
}

extension ModeOffer {
    /// Google's `name` and English synonyms for each mode cluster's mode: what the cluster chooses. Mode Select's
    /// synonyms start with its `Description`.
    static let modeClusterNames: [ClusterID: (name: String, synonyms: [String])] = [
        .LaundryWasherMode: ("wash cycle", ["wash cycle", "cycle", "wash program", "program"]),
        .DishwasherMode: ("dishwasher cycle", ["dishwasher cycle", "cycle", "wash program", "program"]),
        .RvcCleanMode: ("clean mode", ["clean mode", "cleaning mode", "cleaning type"]),
        .RefrigeratorAndTemperatureControlledCabinetMode: ("cabinet mode", ["cabinet mode", "cooling mode"]),
        .OvenMode: ("oven mode", ["oven mode", "cooking mode"]),
        .MicrowaveOvenMode: ("microwave mode", ["microwave mode", "cooking mode"]),
        .WaterHeaterMode: ("water heater mode", ["water heater mode", "heating mode"]),
        .EnergyEvseMode: ("charging mode", ["charging mode", "charge mode"]),
        .ModeSelect: ("mode", ["mode"]),
    ]

    /// `NumberOfRinsesEnum` (Laundry Washer Controls): 0 None, 1 Normal, 2 Extra, 3 Max; the first word is the
    /// `setting_name`.
    static let rinseNames: [Int: [String]] = [
        0: ["none", "no rinse"], 1: ["normal", "normal rinse"], 2: ["extra", "extra rinse"],
        3: ["max", "maximum", "maximum rinse"],
    ]

    /// `DrynessLevelEnum` (Laundry Dryer Controls): 0 Low, 1 Normal, 2 Extra, 3 Max.
    static let drynessNames: [Int: [String]] = [
        0: ["low", "low dry", "damp"], 1: ["normal", "normal dry"], 2: ["extra", "extra dry"],
        3: ["max", "maximum", "very dry"],
    ]

    /// Laundry Washer Controls `FeatureMap` bit 0 (SPIN) and bit 1 (RINSE); Temperature Control bit 1 (TL).
    static let spinFeature = 1 << 0
    static let rinseFeature = 1 << 1
    static let temperatureLevelFeature = 1 << 1

    /// Every usable mode of `endpoint`, in a stable order: the mode clusters in ``ClusterID/modeClusters`` order,
    /// then spin speed, rinses, dryness and temperature level. A source that is absent, lacks its feature, or has
    /// fewer than two settings is left out.
    static func offers(of endpoint: Endpoint) -> [ModeOffer] {
        var offers: [ModeOffer] = ClusterID.modeClusters.compactMap { modeCluster($0, of: endpoint) }
        offers += [
            spinSpeed(of: endpoint), rinses(of: endpoint), dryness(of: endpoint), temperatureLevel(of: endpoint),
        ]
        .compactMap { $0 }
        return offers.filter { $0.settings.count >= 2 }
    }

    /// Whether `endpoint` has at least one usable mode: what decides that it backs Google's `Modes`. The same
    /// sources as ``offers(of:)``, looked at one by one until one is usable, so a device with several mode
    /// sources does not build them all.
    static func hasUsableMode(_ endpoint: Endpoint) -> Bool {
        func usable(_ offer: ModeOffer?) -> Bool { (offer?.settings.count ?? 0) >= 2 }
        if ClusterID.modeClusters.contains(where: { usable(modeCluster($0, of: endpoint)) }) { return true }
        return usable(spinSpeed(of: endpoint)) || usable(rinses(of: endpoint)) || usable(dryness(of: endpoint))
            || usable(temperatureLevel(of: endpoint))
    }

    static func modeCluster(_ cluster: ClusterID, of endpoint: Endpoint) -> ModeOffer? {
        guard let state = endpoint.clusters[cluster], let names = modeClusterNames[cluster] else { return nil }
        let settings = ModeConversion.settings(
            fromSupportedModes: state["SupportedModes"]?.listValue ?? [],
            cluster: cluster
        )
        var synonyms = names.synonyms
        if cluster == .ModeSelect, let description = state["Description"]?.stringValue {
            synonyms = ModeConversion.synonyms([description] + synonyms, fallback: names.name)
        }
        return ModeOffer(
            source: .modeCluster(cluster),
            name: names.name,
            synonyms: synonyms,
            settings: settings,
            ordered: false,
            currentValue: state["CurrentMode"].flatMap(ModeConversion.integer)
        )
    }

    static func spinSpeed(of endpoint: Endpoint) -> ModeOffer? {
        guard let state = endpoint.clusters[.LaundryWasherControls], has(spinFeature, state) else { return nil }
        return ModeOffer(
            source: .spinSpeed,
            name: "spin speed",
            synonyms: ["spin speed", "spin"],
            settings: ModeConversion.settings(fromLabels: state["SpinSpeeds"]?.listValue ?? [], prefix: "speed"),
            ordered: true,
            currentValue: state["SpinSpeedCurrent"].flatMap(ModeConversion.integer)
        )
    }

    static func rinses(of endpoint: Endpoint) -> ModeOffer? {
        guard let state = endpoint.clusters[.LaundryWasherControls], has(rinseFeature, state) else { return nil }
        return ModeOffer(
            source: .rinses,
            name: "rinses",
            synonyms: ["rinses", "rinse", "number of rinses"],
            settings: ModeConversion.settings(
                fromEnumValues: state["SupportedRinses"]?.listValue ?? [],
                names: rinseNames
            ),
            ordered: true,
            currentValue: state["NumberOfRinses"].flatMap(ModeConversion.integer)
        )
    }

    static func dryness(of endpoint: Endpoint) -> ModeOffer? {
        guard let state = endpoint.clusters[.LaundryDryerControls] else { return nil }
        return ModeOffer(
            source: .dryness,
            name: "dryness",
            synonyms: ["dryness", "dryness level", "dry level"],
            settings: ModeConversion.settings(
                fromEnumValues: state["SupportedDrynessLevels"]?.listValue ?? [],
                names: drynessNames
            ),
            ordered: true,
            currentValue: state["SelectedDrynessLevel"].flatMap(ModeConversion.integer)
        )
    }

    static func temperatureLevel(of endpoint: Endpoint) -> ModeOffer? {
        guard let state = endpoint.clusters[.TemperatureControl], has(temperatureLevelFeature, state) else {
            return nil
        }
        return ModeOffer(
            source: .temperatureLevel,
            name: "temperature level",
            synonyms: ["temperature level", "temperature setting"],
            settings: ModeConversion.settings(
                fromLabels: state["SupportedTemperatureLevels"]?.listValue ?? [],
                prefix: "level"
            ),
            ordered: true,
            currentValue: state["SelectedTemperatureLevel"].flatMap(ModeConversion.integer)
        )
    }

    static func has(_ feature: Int, _ state: ClusterState) -> Bool {
        (state[SpecificationSchema.featureMap].flatMap(ModeConversion.integer) ?? 0) & feature != 0
    }

    // MARK: - Matter side

    /// The cluster and attribute the setting is written to.
    var target: (cluster: ClusterID, attribute: String) {
        switch source {
        case .modeCluster(let cluster): (cluster, "CurrentMode")
        case .spinSpeed: (.LaundryWasherControls, "SpinSpeedCurrent")
        case .rinses: (.LaundryWasherControls, "NumberOfRinses")
        case .dryness: (.LaundryDryerControls, "SelectedDrynessLevel")
        case .temperatureLevel: (.TemperatureControl, "SelectedTemperatureLevel")
        }
    }

    /// Selects `setting` on `endpoint`.
    func apply(_ setting: ModeSetting, to endpoint: inout Endpoint) {
        let (cluster, attribute) = target
        var state = endpoint.cluster(cluster)
        state[attribute] = .int(setting.value)
        endpoint.clusters[cluster] = state
    }

    /// The Matter command that selects `setting`: `<Cluster>.ChangeToMode {"NewMode": n}` for a mode cluster
    /// (`ModeBase.xml`: `ChangeToMode`, field `NewMode`), `TemperatureControl.SetTemperature {"TargetTemperatureLevel": n}` for a level, and
    /// an attribute write for the laundry controls, whose selections Matter makes writable attributes rather
    /// than commands. `changed` is what the endpoint's change log says changed.
    func matterCommand(_ setting: ModeSetting, changed: JSONObject) -> MatterCommandDescription {
        let (cluster, attribute) = target
        let own = changed[cluster.rawValue].map { JSONObject([(cluster.rawValue, $0)]) } ?? JSONObject()
        let value = JSONValue.int(setting.value)
        switch source {
        case .modeCluster:
            return MatterCommandDescription(
                command: "\(cluster.rawValue).ChangeToMode",
                arguments: JSONObject([("NewMode", value)]),
                changed: own
            )
        case .temperatureLevel:
            return MatterCommandDescription(
                command: "TemperatureControl.SetTemperature",
                arguments: JSONObject([("TargetTemperatureLevel", value)]),
                changed: own
            )
        case .spinSpeed, .rinses, .dryness:
            return MatterCommandDescription(
                command: "\(cluster.rawValue).Write",
                arguments: JSONObject([(attribute, value)]),
                changed: own
            )
        }
    }
}
