/// Google's closed vocabularies for SYNC, as strings, kept apart from Hearth's own `GoogleDeviceType` and `Trait`
/// enums so that the validator judges Hearth's output independently of the code that produced it.
public enum GoogleVocabulary {
    /// Every device type on Google's device type list (https://developers.home.google.com/cloud-to-cloud/guides),
    /// one guide page each (`/cloud-to-cloud/guides/<type>`).
    public static let deviceTypes: Set<String> = Set(
        [
            "AC_UNIT", "AIRCOOLER", "AIRFRESHENER", "AIRPURIFIER", "AUDIO_VIDEO_RECEIVER", "AWNING", "BATHTUB", "BED",
            "BLENDER", "BLINDS", "BOILER", "CAMERA", "CARBON_MONOXIDE_DETECTOR", "CHARGER", "CLOSET", "COFFEE_MAKER",
            "COOKTOP", "CURTAIN", "DEHUMIDIFIER", "DEHYDRATOR", "DISHWASHER", "DOOR", "DOORBELL", "DRAWER", "DRYER",
            "FAN", "FAUCET", "FIREPLACE", "FREEZER", "FRYER", "GAME_CONSOLE", "GARAGE", "GATE", "GRILL", "HEATER",
            "HOOD", "HUMIDIFIER", "KETTLE", "LIGHT", "LOCK", "MICROWAVE", "MOP", "MOWER", "MULTICOOKER", "NETWORK",
            "OUTLET", "OVEN", "PERGOLA", "PETFEEDER", "PRESSURECOOKER", "RADIATOR", "REFRIGERATOR", "REMOTECONTROL",
            "ROUTER", "SCENE", "SECURITYSYSTEM", "SENSOR", "SETTOP", "SHOWER", "SHUTTER", "SMOKE_DETECTOR", "SOUNDBAR",
            "SOUSVIDE", "SPEAKER", "SPRINKLER", "STANDMIXER", "STREAMING_BOX", "STREAMING_SOUNDBAR", "STREAMING_STICK",
            "SWITCH", "THERMOSTAT", "TV", "VACUUM", "VALVE", "WASHER", "WATERHEATER", "WATERPURIFIER",
            "WATERSOFTENER", "WINDOW", "YOGURTMAKER",
        ].map { deviceTypePrefix + $0 }
    )

    /// Every trait on Google's trait list (https://developers.home.google.com/cloud-to-cloud/traits). ColorSpectrum
    /// and ColorTemperature are the pre-ColorSetting traits, still listed there.
    public static let traits: Set<String> = Set(
        [
            "AppSelector", "ArmDisarm", "Brightness", "CameraStream", "Channel", "ColorSetting", "ColorSpectrum",
            "ColorTemperature", "Cook", "Dispense", "Dock", "EnergyStorage", "FanSpeed", "Fill", "HumiditySetting",
            "InputSelector", "LightEffects", "Locator", "LockUnlock", "MediaState", "Modes", "NetworkControl",
            "ObjectDetection", "OccupancySensing", "OnOff", "OpenClose", "Reboot", "Rotation", "RunCycle", "Scene",
            "SensorState", "SoftwareUpdate", "StartStop", "StatusReport", "TemperatureControl", "TemperatureSetting",
            "Timer", "Toggles", "TransportControl", "Volume",
        ].map { traitPrefix + $0 }
    )

    /// What a device type's guide (`/cloud-to-cloud/guides/<type>`) lists under "Required traits" ("These traits
    /// and commands are required, if applicable to your device. If your device does not support these traits,
    /// enter the error code of `functionNotSupported` in a QUERY or EXECUTE response") and "Recommended traits"
    /// ("These traits are recommended, if applicable to your device. However, you are free to mix and match from
    /// all available traits").
    ///
    /// The media guides list many traits as required that only some devices of the type can have: a TV without
    /// apps has no AppSelector, a Matter speaker whose On/Off is its mute has no power switch for OnOff. Hearth splits
    /// such a guide's required list in two: ``required``, what every device of the type offers (a Matter video player
    /// always has On/Off and Media Playback, so OnOff, MediaState and TransportControl), whose absence is a problem;
    /// and ``requiredIfApplicable``, the rest of the guide's list, whose absence is a warning, since the SYNC entry
    /// cannot show whether the trait applies to the device.
    struct GuideTraits: Sendable {
        var required: [String]
        var requiredIfApplicable: [String] = []
        var recommended: [String] = []
    }

    /// The guides' trait lists for the appliance types Hearth maps, as the guides state them:
    /// - DRYER: required StartStop; recommended Modes, OnOff, RunCycle, Toggles;
    /// - REFRIGERATOR, FREEZER: required TemperatureControl;
    /// - HOOD: required OnOff; recommended Brightness, FanSpeed;
    /// - WATERHEATER: required OnOff; recommended TemperatureControl ("The TemperatureSetting trait should not be
    ///   used for a water heater");
    /// - CHARGER: required EnergyStorage;
    /// - THERMOSTAT: required TemperatureSetting.
    ///
    /// And for the media and camera types (each guide's "Required traits" split as ``GuideTraits`` explains):
    /// - TV: required AppSelector, InputSelector, MediaState, OnOff, TransportControl, Volume; recommended Channel,
    ///   Modes ("TV modes (such as Cinema or Sports)"), Toggles. Every Matter video player has On/Off and Media
    ///   Playback; apps, inputs and a speaker depend on the device.
    /// - SETTOP: required AppSelector, InputSelector, MediaState, OnOff, TransportControl, Volume (as TV); no
    ///   recommended traits.
    /// - STREAMING_BOX: required AppSelector, MediaState, OnOff, TransportControl, Volume.
    /// - STREAMING_STICK: required AppSelector, MediaState, TransportControl, Volume (no OnOff: "a small stick-like
    ///   form factor that is usually powered by a USB or HDMI cable").
    /// - STREAMING_SOUNDBAR: required AppSelector, MediaState, OnOff, TransportControl, Volume; a soundbar always has
    ///   its volume.
    /// - SOUNDBAR: required MediaState, OnOff, TransportControl, Volume, all of them always; recommended AppSelector.
    /// - AUDIO_VIDEO_RECEIVER: required InputSelector, MediaState, OnOff, TransportControl, Volume, all of them always
    ///   ("Device that takes audio input (for example, HDMI, optical, and RCA) and outputs sound to one or more
    ///   speakers").
    /// - SPEAKER: required MediaState, OnOff, TransportControl, Volume. Only Volume always: Matter's Speaker device
    ///   type is a volume (Level Control) and a mute (On/Off), with no power switch and no playback.
    /// - REMOTECONTROL: required AppSelector, InputSelector, MediaState, OnOff, TransportControl, Volume (as TV, from
    ///   the player the remote drives); recommended Channel, Modes, Toggles.
    /// - CAMERA: required CameraStream.
    /// - DOORBELL: no required traits; recommended ObjectDetection, CameraStream ("This device can send
    ///   notifications and stream video if it has the corresponding capability").
    /// - LIGHT: required OnOff; recommended ColorSetting, Brightness. LightEffects is not among them: the guide lists
    ///   only those two, and Hearth offers LightEffects only where the light has an effect (``LightEffectsTrait``).
    /// - SCENE: required Scene (the Scene page: "This trait is used to implement virtual devices together with the
    ///   SCENE device type").
    /// Keyed by the short type name (`DRYER`), values short trait names (`StartStop`).
    static let guideTraits: [String: GuideTraits] = [
        "DRYER": GuideTraits(required: ["StartStop"], recommended: ["Modes", "OnOff", "RunCycle", "Toggles"]),
        "REFRIGERATOR": GuideTraits(required: ["TemperatureControl"]),
        "FREEZER": GuideTraits(required: ["TemperatureControl"]),
        "HOOD": GuideTraits(required: ["OnOff"], recommended: ["Brightness", "FanSpeed"]),
        "WATERHEATER": GuideTraits(required: ["OnOff"], recommended: ["TemperatureControl"]),
        "CHARGER": GuideTraits(required: ["EnergyStorage"]),
        "THERMOSTAT": GuideTraits(required: ["TemperatureSetting"]),
        "TV": GuideTraits(
            required: ["MediaState", "OnOff", "TransportControl"],
            requiredIfApplicable: ["AppSelector", "InputSelector", "Volume"],
            recommended: ["Channel", "Modes", "Toggles"]
        ),
        "SETTOP": GuideTraits(
            required: ["MediaState", "OnOff", "TransportControl"],
            requiredIfApplicable: ["AppSelector", "InputSelector", "Volume"]
        ),
        "STREAMING_BOX": GuideTraits(
            required: ["MediaState", "OnOff", "TransportControl"],
            requiredIfApplicable: ["AppSelector", "Volume"]
        ),
        "STREAMING_STICK": GuideTraits(
            required: ["MediaState", "TransportControl"],
            requiredIfApplicable: ["AppSelector", "Volume"]
        ),
        "STREAMING_SOUNDBAR": GuideTraits(
            required: ["MediaState", "OnOff", "TransportControl", "Volume"],
            requiredIfApplicable: ["AppSelector"]
        ),
        "SOUNDBAR": GuideTraits(
            required: ["MediaState", "OnOff", "TransportControl", "Volume"],
            recommended: ["AppSelector"]
        ),
        "AUDIO_VIDEO_RECEIVER": GuideTraits(
            required: ["InputSelector", "MediaState", "OnOff", "TransportControl", "Volume"]
        ),
        "SPEAKER": GuideTraits(
            required: ["Volume"],
            requiredIfApplicable: ["MediaState", "OnOff", "TransportControl"]
        ),
        "REMOTECONTROL": GuideTraits(
            required: ["MediaState", "OnOff", "TransportControl"],
            requiredIfApplicable: ["AppSelector", "InputSelector", "Volume"],
            recommended: ["Channel", "Modes", "Toggles"]
        ),
        "CAMERA": GuideTraits(required: ["CameraStream"]),
        "DOORBELL": GuideTraits(required: [], recommended: ["ObjectDetection", "CameraStream"]),
        // Sensors, switches, valves and sprinklers: the SWITCH guide requires OnOff ("Switch, a basic device in Smart
        // Home, can be turned on and off"); the VALVE guide requires OpenClose ("Valves can be opened and closed");
        // the SPRINKLER guide requires StartStop and recommends Timer. The SENSOR guide requires no trait.
        "SWITCH": GuideTraits(required: ["OnOff"]),
        "VALVE": GuideTraits(required: ["OpenClose"]),
        "SPRINKLER": GuideTraits(required: ["StartStop"], recommended: ["Timer"]),
        "LIGHT": GuideTraits(required: ["OnOff"], recommended: ["ColorSetting", "Brightness"]),
        "SCENE": GuideTraits(required: ["Scene"]),
        // Openings (guides/garage, guides/window: "Required traits … OpenClose", "Recommended traits … LockUnlock";
        // guides/gate lists the same; DOOR is taken to match them).
        "GARAGE": GuideTraits(required: ["OpenClose"], recommended: ["LockUnlock"]),
        "GATE": GuideTraits(required: ["OpenClose"], recommended: ["LockUnlock"]),
        "DOOR": GuideTraits(required: ["OpenClose"], recommended: ["LockUnlock"]),
        "WINDOW": GuideTraits(required: ["OpenClose"], recommended: ["LockUnlock"]),
    ]

    /// `action.devices.types.`
    public static let deviceTypePrefix = "action.devices.types."
    /// `action.devices.traits.`
    public static let traitPrefix = "action.devices.traits."

    /// TemperatureSetting `availableThermostatModes` values (trait page, "Supported values").
    static let thermostatModes: Set<String> = [
        "off", "heat", "cool", "on", "heatcool", "auto", "fan-only", "purifier", "eco", "dry",
    ]
    /// `thermostatTemperatureUnit` / `temperatureUnitForUX` values.
    static let temperatureUnits: Set<String> = ["C", "F"]
    /// ColorSetting `colorModel` values.
    static let colorModels: Set<String> = ["rgb", "hsv"]
    /// OpenClose `openDirection` values.
    static let openDirections: Set<String> = ["UP", "DOWN", "LEFT", "RIGHT", "IN", "OUT"]
    /// OccupancySensing `occupancySensorType` values.
    static let occupancySensorTypes: Set<String> = ["PIR", "ULTRASONIC", "PHYSICAL_CONTACT"]
    /// EnergyStorage `energyStorageDistanceUnitForUX` values.
    static let distanceUnits: Set<String> = ["KILOMETERS", "MILES"]

    /// What one SensorState sensor may declare: its descriptive states and its numeric unit, `nil` where the
    /// "Supported Sensors" table says "Not supported".
    struct SensorCapabilities: Sendable {
        var descriptiveStates: Set<String>?
        var numericUnit: String?
    }

    /// SensorState's "Supported Sensors" table (https://developers.home.google.com/cloud-to-cloud/traits/sensorstate).
    /// `unknown` is listed because Google says it is implicitly supported, so naming it is harmless.
    static let sensors: [String: SensorCapabilities] = [
        "AirQuality": SensorCapabilities(
            descriptiveStates: [
                "healthy", "moderate", "unhealthy", "unhealthy for sensitive groups", "very unhealthy", "hazardous",
                "good", "fair", "poor", "very poor", "severe", "unknown",
            ],
            numericUnit: "AQI"
        ),
        "CarbonMonoxideLevel": SensorCapabilities(
            descriptiveStates: ["carbon monoxide detected", "high", "no carbon monoxide detected", "unknown"],
            numericUnit: "PARTS_PER_MILLION"
        ),
        "SmokeLevel": SensorCapabilities(
            descriptiveStates: ["smoke detected", "high", "no smoke detected", "unknown"],
            numericUnit: "PARTS_PER_MILLION"
        ),
        "FilterCleanliness": SensorCapabilities(
            descriptiveStates: ["clean", "dirty", "needs replacement", "unknown"],
            numericUnit: nil
        ),
        "WaterLeak": SensorCapabilities(descriptiveStates: ["leak", "no leak", "unknown"], numericUnit: nil),
        "RainDetection": SensorCapabilities(
            descriptiveStates: ["rain detected", "no rain detected", "unknown"],
            numericUnit: nil
        ),
        "FilterLifeTime": SensorCapabilities(
            descriptiveStates: ["new", "good", "replace soon", "replace now", "unknown"],
            numericUnit: "PERCENTAGE"
        ),
        "PreFilterLifeTime": SensorCapabilities(descriptiveStates: nil, numericUnit: "PERCENTAGE"),
        "HEPAFilterLifeTime": SensorCapabilities(descriptiveStates: nil, numericUnit: "PERCENTAGE"),
        "Max2FilterLifeTime": SensorCapabilities(descriptiveStates: nil, numericUnit: "PERCENTAGE"),
        "CarbonDioxideLevel": SensorCapabilities(descriptiveStates: nil, numericUnit: "PARTS_PER_MILLION"),
        "PM2.5": SensorCapabilities(descriptiveStates: nil, numericUnit: "MICROGRAMS_PER_CUBIC_METER"),
        "PM10": SensorCapabilities(descriptiveStates: nil, numericUnit: "MICROGRAMS_PER_CUBIC_METER"),
        "VolatileOrganicCompounds": SensorCapabilities(descriptiveStates: nil, numericUnit: "PARTS_PER_MILLION"),
    ]

    /// `action.devices.traits.OnOff` -> `OnOff`, for messages.
    static func shortTraitName(_ trait: String) -> String {
        trait.hasPrefix(traitPrefix) ? String(trait.dropFirst(traitPrefix.count)) : trait
    }
}
