/// The attributes Hearth models for each cluster: Matter type, allowed values, unit and default, in one table
/// (`AttributeSchema+OnOff.swift`, `AttributeSchema+LevelControl.swift`, `AttributeSchema+ColorControl.swift`,
/// one `AttributeSchema+<Cluster>.swift` per further cluster).
///
/// Global attributes (`ClusterRevision`, `FeatureMap`, …) are not modelled.
public enum AttributeSchema {
    /// The values of Color Control's `ColorMode` and `EnhancedColorMode` (Matter's `ColorModeEnum` and
    /// `EnhancedColorModeEnum`).
    public enum ColorMode {
        /// `CurrentHue` and `CurrentSaturation`.
        public static let hueSaturation = 0
        /// `CurrentX` and `CurrentY`.
        public static let xy = 1
        /// `ColorTemperatureMireds`.
        public static let colorTemperature = 2
        /// `EnhancedCurrentHue` and `CurrentSaturation` (`EnhancedColorMode` only).
        public static let enhancedHueSaturation = 3

        static func describe(_ mode: Int) -> String {
            switch mode {
            case hueSaturation: return "hue/saturation"
            case xy: return "xy"
            case colorTemperature: return "color temperature"
            case enhancedHueSaturation: return "enhanced hue/saturation"
            default: return "unknown"
            }
        }
    }

    /// The bits of Color Control's `ColorCapabilities` (Matter's `ColorCapabilitiesBitmap`, the same bits as the
    /// cluster's feature map).
    public enum ColorCapabilities {
        /// Hue and saturation (feature HS).
        public static let hueSaturation = 1 << 0
        /// Enhanced hue (feature EHUE).
        public static let enhancedHue = 1 << 1
        /// Color loop (feature CL).
        public static let colorLoop = 1 << 2
        /// CIE xy (feature XY).
        public static let xy = 1 << 3
        /// Color temperature (feature CT).
        public static let colorTemperature = 1 << 4

        static func describe(_ bit: Int) -> String {
            switch bit {
            case hueSaturation: return "hue/saturation (bit 0)"
            case enhancedHue: return "enhanced hue (bit 1)"
            case colorLoop: return "color loop (bit 2)"
            case xy: return "xy (bit 3)"
            case colorTemperature: return "color temperature (bit 4)"
            default: return "bit mask \(bit)"
            }
        }
    }

    private static let table: [ClusterID: [AttributeSpec]] = [
        .OnOff: onOff,
        .LevelControl: levelControl,
        .ColorControl: colorControl,
        .FanControl: fanControl,
        .Thermostat: thermostat,
        .TemperatureMeasurement: temperatureMeasurement,
        .RelativeHumidityMeasurement: relativeHumidityMeasurement,
        .AirQuality: airQuality,
        .WindowCovering: windowCovering,
        .DoorLock: doorLock,
        .BooleanState: booleanState,
        .OccupancySensing: occupancySensing,
        .SmokeCOAlarm: smokeCOAlarm,
        .PowerSource: powerSource,
        .RvcRunMode: rvcRunMode,
        .OperationalState: operationalState,
        .RvcOperationalState: rvcOperationalState,
    ]

    private static let index: [ClusterID: [String: AttributeSpec]] = table.mapValues { specs in
        Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })
    }

    /// Every attribute Hearth models for a cluster, in Matter attribute id order.
    public static func attributes(of cluster: ClusterID) -> [AttributeSpec] {
        table[cluster] ?? []
    }

    /// The description of one attribute, or `nil` when Hearth does not model it.
    public static func spec(_ cluster: ClusterID, _ attribute: String) -> AttributeSpec? {
        index[cluster]?[attribute]
    }

    /// The description of one attribute Hearth models.
    public static func spec(_ attribute: Attribute) -> AttributeSpec? {
        index[attribute.cluster]?[attribute.name]
    }

    /// The names of the attributes Hearth models for a cluster, in Matter attribute id order.
    public static func attributeNames(of cluster: ClusterID) -> [String] {
        attributes(of: cluster).map(\.name)
    }

    /// Every attribute of a cluster at its Matter default (Hearth's, where ``AttributeSpec`` says so).
    public static func defaults(for cluster: ClusterID) -> ClusterState {
        var state = ClusterState()
        for spec in attributes(of: cluster) {
            state[spec.name] = spec.defaultValue
        }
        return state
    }

    /// Every attribute of a cluster at its default for a device of these types: Color Control's
    /// `ColorCapabilities` is the union of ``DeviceType/defaultColorCapabilities``, and `ColorMode` /
    /// `EnhancedColorMode` the first of xy, color temperature, hue/saturation those capabilities allow.
    public static func defaults(for cluster: ClusterID, deviceTypes: [DeviceType]) -> ClusterState {
        var state = defaults(for: cluster)
        if cluster == .ColorControl {
            let capabilities = deviceTypes.reduce(0) { $0 | $1.defaultColorCapabilities }
            if capabilities != 0 {
                let mode = preferredColorMode(capabilities: capabilities)
                state[.ColorControl.colorCapabilities] = .int(capabilities)
                state[.ColorControl.colorMode] = .int(mode)
                state[.ColorControl.enhancedColorMode] = .int(mode)
            }
        }
        return state
    }

    /// Checks one value of one attribute against its type and range; `nil` when allowed, else the reason
    /// (`"300 is outside 1…254"`, `"expected a boolean, got 1"`, `"unknown attribute …"`).
    public static func validate(_ value: AttributeValue, cluster: ClusterID, attribute: String) -> String? {
        guard let spec = spec(cluster, attribute) else {
            return unknownAttributeReason(attribute, cluster: cluster)
        }
        return spec.validate(value)
    }

    /// The state given, with every omitted attribute set: to its default for the device types, except where
    /// the default depends on other attributes: an omitted `CurrentLevel` is its default (254) clamped into
    /// `MinLevel…MaxLevel`, an omitted `ColorTemperatureMireds` its default clamped into the physical range, an
    /// omitted `ColorMode` follows `EnhancedColorMode` (or `ColorCapabilities`), an omitted `EnhancedColorMode`
    /// follows `ColorMode`; Fan Control's and Thermostat's dependent defaults are
    /// ``filledFanControl(_:_:)`` and ``filledThermostat(_:_:)``. Values given are kept as they are, valid or not.
    public static func filled(
        _ given: ClusterState,
        cluster: ClusterID,
        deviceTypes: [DeviceType] = []
    ) -> ClusterState {
        var state = given
        for (name, value) in defaults(for: cluster, deviceTypes: deviceTypes).attributes where state[name] == nil {
            state[name] = value
        }
        switch cluster {
        case .OnOff:
            break
        case .LevelControl:
            if given[.LevelControl.currentLevel] == nil, let low = state.int(.LevelControl.minLevel),
                let high = state.int(.LevelControl.maxLevel),
                low <= high, let level = state.int(.LevelControl.currentLevel)
            {
                state[.LevelControl.currentLevel] = .int(min(max(level, low), high))
            }
        case .ColorControl:
            if given[.ColorControl.colorMode] == nil {
                if let enhanced = given.int(.ColorControl.enhancedColorMode) {
                    state[.ColorControl.colorMode] = .int(
                        enhanced == ColorMode.enhancedHueSaturation ? ColorMode.hueSaturation : enhanced
                    )
                } else if let capabilities = given.int(.ColorControl.colorCapabilities) {
                    state[.ColorControl.colorMode] = .int(preferredColorMode(capabilities: capabilities))
                }
            }
            if given[.ColorControl.enhancedColorMode] == nil, let mode = state.int(.ColorControl.colorMode) {
                state[.ColorControl.enhancedColorMode] = .int(mode)
            }
            if given[.ColorControl.colorTemperatureMireds] == nil,
                let low = state.int(.ColorControl.colorTempPhysicalMinMireds),
                let high = state.int(.ColorControl.colorTempPhysicalMaxMireds), low <= high,
                let mireds = state.int(.ColorControl.colorTemperatureMireds)
            {
                state[.ColorControl.colorTemperatureMireds] = .int(min(max(mireds, low), high))
            }
        case .FanControl:
            filledFanControl(given, &state)
        case .Thermostat:
            filledThermostat(given, &state)
        case .WindowCovering:
            fillWindowCovering(&state, given: given)
        case .OccupancySensing:
            fillOccupancySensing(&state, given: given)
        case .OperationalState:
            if given[.OperationalState.currentPhase] == nil, DeviceType.phaseList(of: deviceTypes) != nil {
                state[.OperationalState.currentPhase] = .int(0)
            }
        case .TemperatureMeasurement, .RelativeHumidityMeasurement, .AirQuality, .DoorLock, .BooleanState,
            .SmokeCOAlarm, .PowerSource, .RvcRunMode, .RvcOperationalState:
            break
        default:
            break
        }
        return state
    }

    /// The first of xy, color temperature and hue/saturation that `capabilities` allows (xy when none does:
    /// Matter's default).
    static func preferredColorMode(capabilities: Int) -> Int {
        if capabilities & ColorCapabilities.xy != 0 { return ColorMode.xy }
        if capabilities & ColorCapabilities.colorTemperature != 0 { return ColorMode.colorTemperature }
        if capabilities & ColorCapabilities.hueSaturation != 0 { return ColorMode.hueSaturation }
        return ColorMode.xy
    }

    static func unknownAttributeReason(_ attribute: String, cluster: ClusterID) -> String {
        let known = attributeNames(of: cluster)
        return "unknown attribute \"\(attribute)\" of \(cluster.rawValue)"
            + Suggestion.didYouMean(attribute, among: known) + "; known attributes: "
            + known.joined(separator: ", ")
    }
}
