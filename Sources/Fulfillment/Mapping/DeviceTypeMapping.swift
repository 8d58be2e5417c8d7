import MatterModel
import SmartHomeProtocol

/// Matter device types → Google device types and traits.
///
/// | Matter device type | Google type | traits |
/// |---|---|---|
/// | OnOffLight | LIGHT | OnOff |
/// | DimmableLight | LIGHT | OnOff, Brightness |
/// | ColorTemperatureLight | LIGHT | OnOff, Brightness, ColorSetting (temperature only) |
/// | ExtendedColorLight | LIGHT | OnOff, Brightness, ColorSetting (`hsv` + temperature) |
/// | OnOffPlugInUnit | OUTLET | OnOff |
/// | Fan | FAN | OnOff (On/Off cluster, else FanMode), FanSpeed |
/// | AirPurifier | AIRPURIFIER | OnOff (On/Off cluster, else FanMode), FanSpeed, SensorState (AirQuality) |
/// | Thermostat | THERMOSTAT | TemperatureSetting |
/// | RoomAirConditioner | AC_UNIT | OnOff, FanSpeed, TemperatureSetting |
/// | TemperatureSensor | SENSOR | TemperatureSetting (query-only: the reading as ambient and setpoint, ``TemperatureSettingTrait/sensorStates(of:into:)``) |
/// | HumiditySensor | SENSOR | HumiditySetting (query-only) |
/// | WindowCovering | BLINDS, CURTAIN, AWNING or SHUTTER by `Type` (``windowCoveringGoogleType(_:)``); GARAGE, GATE, DOOR or WINDOW by its Fixed Label `formFactor` (``coveringOpeningType(_:)``) | StartStop (stop only), OpenClose (lift; none on a tilt-only blind), Rotation (tilt, ``coveringTilts(_:)``) |
/// | Closure (Matter 1.5) | DOOR, or GARAGE, GATE, WINDOW, SHUTTER, BLINDS, CURTAIN, AWNING by its Fixed Label `formFactor` (``closureGoogleType(_:)``) | OpenClose (Closure Control; Closure Dimension on the same endpoint for percentages) |
/// | ClosurePanel (Matter 1.5) | none alone: a part of a Closure | none |
/// | DoorLock | LOCK | LockUnlock |
/// | ContactSensor | SENSOR | OpenClose (query-only, discrete: closed 0 / open 100) |
/// | OccupancySensor | SENSOR | OccupancySensing |
/// | WaterLeakDetector | SENSOR | SensorState (`WaterLeak`) |
/// | SmokeCOAlarm | SMOKE_DETECTOR, or CARBON_MONOXIDE_DETECTOR for CO only (``smokeCOAlarmGoogleType(_:)``) | SensorState (`SmokeLevel`, `CarbonMonoxideLevel` by feature) |
/// | DimmablePlugInUnit | OUTLET | OnOff, Brightness |
/// | Speaker | SPEAKER | Volume (Level Control = volume, On/Off off = muted; no OnOff or Brightness trait) |
/// | RoboticVacuumCleaner | VACUUM | StartStop (pausable; RVC Operational State + RVC Run Mode), Dock |
/// | LaundryWasher | WASHER | OnOff, StartStop (pausable; Operational State), RunCycle |
/// | Dishwasher | DISHWASHER | OnOff, StartStop (pausable; Operational State), RunCycle |
/// | Doorbell | DOORBELL | ObjectDetection (notifications only: a press, with `notificationSupportedByAgent`) |
/// | LaundryDryer | DRYER | OnOff, StartStop (pausable; Operational State), RunCycle; Modes (Laundry Washer Mode, Laundry Dryer Controls) |
/// | Refrigerator (+ ≥ 1 TemperatureControlledCabinet) | REFRIGERATOR, or FREEZER when every cabinet stays at or below 0 °C (``refrigeratorGoogleType(_:)``) | from its cabinets: TemperatureControl, Modes |
/// | Oven (+ ≥ 1 TemperatureControlledCabinet) | OVEN | from its cavity: TemperatureControl, StartStop, Timer (Oven Cavity Operational State), Cook (Oven Mode), Modes |
/// | Cooktop (+ ≥ 1 CookSurface) | COOKTOP | OnOff (the Cooktop's On/Off); TemperatureControl from its first cook surface |
/// | MicrowaveOven | MICROWAVE | StartStop, Timer, Cook; Modes (Microwave Oven Mode) |
/// | ExtractorHood | HOOD | OnOff (On/Off cluster, else FanMode), FanSpeed; Brightness from a light endpoint; SensorState (filter monitoring) |
/// | WaterHeater | WATERHEATER | OnOff (Thermostat `SystemMode` Off ⇔ off), TemperatureControl; Toggles (boost), Modes (Water Heater Mode) |
/// | HeatPump (+ ≥ 1 Thermostat) | THERMOSTAT | TemperatureSetting from its Thermostat endpoint |
/// | EnergyEVSE | CHARGER | EnergyStorage; Modes (Energy EVSE Mode) |
/// | ModeSelect | none alone; on any other device | Modes (Mode Select) |
/// | BasicVideoPlayer | TV, or SETTOP, STREAMING_BOX, STREAMING_STICK, STREAMING_SOUNDBAR, SOUNDBAR, AUDIO_VIDEO_RECEIVER, SPEAKER by its Fixed Label `formFactor` (``mediaGoogleType(_:)``) | OnOff (power); MediaState, TransportControl (Media Playback), InputSelector (Media Input), Channel (Channel); Volume from a Speaker endpoint |
/// | CastingVideoPlayer (+ ≥ 1 ContentApp) | as BasicVideoPlayer | as BasicVideoPlayer, and AppSelector (Application Launcher; the apps from the ContentApp endpoints) |
/// | ContentApp | none alone: an app of a CastingVideoPlayer | none (its Application Basic names the app) |
/// | VideoRemoteControl (+ ≥ 1 video player) | REMOTECONTROL | the traits of the player endpoint beside it (the remote's clusters are clients) |
/// | Camera, FloodlightCamera | CAMERA | CameraStream (WebRTC Transport Provider or Push AV Stream Transport), ObjectDetection (Zone Management); a floodlight's light endpoint: OnOff, Brightness |
/// | VideoDoorbell (+ ≥ 1 Camera), AudioDoorbell | DOORBELL | ObjectDetection (a press); CameraStream from the Camera endpoint |
/// | AirQualitySensor | SENSOR | SensorState (`AirQuality`; `CarbonDioxideLevel`, `CarbonMonoxideLevel`, `PM2.5`, `PM10`, `VolatileOrganicCompounds` from the concentration clusters); TemperatureSetting, HumiditySetting (query-only) from its Temperature and Relative Humidity Measurement |
/// | RainSensor | SENSOR | SensorState (`RainDetection`) |
/// | WaterFreezeDetector | none: Google's SensorState has no freeze sensor (``notExposedReason(for:)``) | none |
/// | MountedOnOffControl | SWITCH | OnOff |
/// | MountedDimmableLoadControl | SWITCH | OnOff, Brightness |
/// | WaterValve | VALVE | OpenClose (discrete unless the Level feature), Timer (`OpenDuration`) |
/// | IrrigationSystem (+ ≥ 1 WaterValve; Matter 1.5) | SPRINKLER | StartStop (not pausable; a zone per Water Valve endpoint, ``IrrigationStartStop``), Timer (the valves' countdowns, ``IrrigationTimer``); its valves bring no traits of their own |
/// | TemperatureControlledCabinet, CookSurface | none alone: parts of a Refrigerator, an Oven, a Cooktop | their clusters' traits |
/// | any type with Power Source | (its type's) | + EnergyStorage (query only; low battery adds `lowBattery`) |
/// | any type without a Google type, with a manufacturer cluster whose declaration has `googleType` (``ManufacturerTraits``) | that type (SECURITYSYSTEM, PETFEEDER) | the traits its declarations back |
/// | any type, with a manufacturer cluster whose declaration has `googleTrait` | (its type's) | + ArmDisarm, StatusReport, Fill from that cluster |
/// | Aggregator with Actions (a scene action) | SCENE | Scene (``SceneTrait``) |
/// | any light whose Color Control has the color loop capability | LIGHT | + LightEffects (``LightEffectsTrait``) |
/// | any type with OTA Software Update Requestor / General Diagnostics | (its type's) | + SoftwareUpdate / + Reboot |
/// | any other Matter device type | none: kept in the registry and served over `/v1`, not exposed to Google | none |
///
/// **Device types with no Google type.** A device whose primary endpoint's primary device type has no row above
/// (a Pump, a Water Valve) is not exposed to Google (``isExposed(_:)``): SYNC leaves it out, QUERY and EXECUTE
/// answer `deviceNotFound` for it, and nothing about it is reported to HomeGraph. An endpoint of such a type on an
/// exposed device brings no traits.
///
/// **Composed devices.** The primary endpoint's primary device type picks the Google type. Google's traits are
/// a flat set, so each trait appears once and is backed by exactly one endpoint: endpoints are visited in
/// order (the primary first), and a trait goes to the first endpoint that brings it. A cluster is interpreted
/// by its endpoint's device type, which is how a Speaker's Level Control becomes `Volume` while a light's
/// becomes `Brightness`: the two never compete. When two endpoints bring the same trait (a light and a plug,
/// both `OnOff`), the earlier endpoint backs it and the later one's cluster is not exposed through that trait.
/// Traits are listed in the order of ``Trait``'s cases.
///
/// **Appliances composed of parts.** Matter models a refrigerator, an oven and a cooktop as a primary endpoint
/// with little of its own and one endpoint per compartment, cavity or burner; Google sees one device whose traits
/// come from those parts by the rules above (the first cabinet backs TemperatureControl). The parts a primary type
/// needs are ``DeviceType/requiredParts``; `devices validate` reports a device without them.
public enum DeviceTypeMapping {
    /// One Google trait of a device and the endpoint (index into ``Device/endpoints``) that backs it.
    public struct Binding: Sendable, Hashable {
        /// The Google trait.
        public var trait: Trait
        /// The index of the backing endpoint in ``Device/endpoints``.
        public var endpoint: Int
    }

    /// The Google device type for a Matter device type, or `nil` when Hearth maps none yet.
    public static func googleType(for type: DeviceType) -> GoogleDeviceType? {
        switch type {
        case .OnOffLight, .DimmableLight, .ColorTemperatureLight, .ExtendedColorLight: return .light
        case .OnOffPlugInUnit: return .outlet
        case .Fan: return .fan
        case .AirPurifier: return .airPurifier
        case .Thermostat: return .thermostat
        case .RoomAirConditioner: return .acUnit
        case .TemperatureSensor, .HumiditySensor: return .sensor
        case .WindowCovering: return .blinds
        case .DoorLock: return .lock
        case .ContactSensor, .OccupancySensor, .WaterLeakDetector: return .sensor
        case .SmokeCOAlarm: return .smokeDetector
        case .DimmablePlugInUnit: return .outlet
        case .Speaker: return .speaker
        case .RoboticVacuumCleaner: return .vacuum
        case .LaundryWasher: return .washer
        case .Dishwasher: return .dishwasher
        case .Doorbell: return .doorbell
        case .LaundryDryer: return .dryer
        case .Refrigerator: return .refrigerator
        case .Oven: return .oven
        case .Cooktop: return .cooktop
        case .MicrowaveOven: return .microwave
        case .ExtractorHood: return .hood
        case .WaterHeater: return .waterHeater
        // Google's THERMOSTAT, not HEATER: a heat pump heats (and often cools) spaces through its Thermostat
        // endpoint, with setpoints and modes. The THERMOSTAT guide: "Thermostats are temperature-managing devices,
        // with set points and modes. This separates them from heaters and AC units which may only have modes and
        // settings (for example, high/low) vs a temperature target"; its required trait, TemperatureSetting, is
        // what the Thermostat endpoint brings.
        case .HeatPump: return .thermostat
        case .EnergyEVSE: return .charger
        // A video player is a TV unless its Fixed Label says otherwise (``mediaGoogleType(_:)``).
        case .BasicVideoPlayer, .CastingVideoPlayer: return .tv
        case .VideoRemoteControl: return .remoteControl
        // Google's CAMERA: "Cameras are complex and features will vary significantly between vendors"; a floodlight
        // camera is a camera first, its light is a light endpoint of the same device.
        case .Camera, .FloodlightCamera: return .camera
        // Google's DOORBELL: "Doorbells can let people know someone is at the door. This device can send
        // notifications and stream video if it has the corresponding capability."
        case .VideoDoorbell, .AudioDoorbell: return .doorbell
        case .AirQualitySensor, .RainSensor: return .sensor
        case .MountedOnOffControl, .MountedDimmableLoadControl: return .switch
        case .WaterValve: return .valve
        case .IrrigationSystem: return .sprinkler
        // A Closure is a DOOR unless its Fixed Label says otherwise (``closureGoogleType(_:)``).
        case .Closure: return .door
        // A cabinet and a cook surface are parts of a device ("only exists composed as part of another device
        // type", Matter 1.4), a Mode Select is a list of modes on some device, and a Content App is an app of a
        // Casting Video Player: none is a device of its own.
        default: return nil
        }
    }

    /// The Google device type for an endpoint: its primary type's, unless an attribute decides (a Window
    /// Covering's `Type`); `nil` when the primary type has none.
    public static func googleType(for endpoint: Endpoint) -> GoogleDeviceType? {
        switch endpoint.primaryType {
        case .WindowCovering: return windowCoveringGoogleType(endpoint)
        case .SmokeCOAlarm: return smokeCOAlarmGoogleType(endpoint)
        case .BasicVideoPlayer, .CastingVideoPlayer: return mediaGoogleType(endpoint)
        // Google's SCENE: "Each scene is its own virtual device"; Matter's is an Aggregator's scene action, so an
        // Aggregator with Actions is a scene. Without Actions it has no Google type of its own (a manufacturer
        // cluster may give it one: ``ManufacturerTraits``).
        case .Aggregator: return isScene(endpoint) ? .scene : nil
        case .Closure: return closureGoogleType(endpoint)
        default: return googleType(for: endpoint.primaryType)
        }
    }

    /// The Google device type for a device: its primary endpoint's (``googleType(for:)-(Endpoint)``), but a
    /// Refrigerator whose cabinets are all freezers is a FREEZER (``refrigeratorGoogleType(_:)``).
    public static func googleType(for device: Device) -> GoogleDeviceType? {
        guard let primary = device.endpoints.first else { return nil }
        if primary.primaryType == .Refrigerator { return refrigeratorGoogleType(device) }
        return googleType(for: primary) ?? ManufacturerTraits.googleType(for: device)
    }

    /// The Google traits a Matter device type brings.
    public static func traits(for type: DeviceType) -> [Trait] {
        switch type {
        case .OnOffLight, .OnOffPlugInUnit: return [.onOff]
        case .DimmableLight: return [.onOff, .brightness]
        case .ColorTemperatureLight, .ExtendedColorLight: return [.onOff, .brightness, .colorSetting]
        case .Fan: return [.onOff, .fanSpeed]
        case .AirPurifier: return [.onOff, .sensorState, .fanSpeed]
        case .Thermostat, .TemperatureSensor: return [.temperatureSetting]
        case .RoomAirConditioner: return [.onOff, .fanSpeed, .temperatureSetting]
        case .HumiditySensor: return [.humiditySetting]
        case .WindowCovering: return [.startStop, .openClose]
        case .DoorLock: return [.lockUnlock]
        case .ContactSensor: return [.openClose]
        case .OccupancySensor: return [.occupancySensing]
        case .WaterLeakDetector, .SmokeCOAlarm: return [.sensorState]
        case .DimmablePlugInUnit: return [.onOff, .brightness]
        case .Speaker: return [.volume]
        case .RoboticVacuumCleaner: return [.startStop, .dock]
        case .LaundryWasher, .Dishwasher: return [.onOff, .startStop, .runCycle]
        case .Doorbell: return [.objectDetection]
        case .LaundryDryer: return [.onOff, .startStop, .runCycle]
        // A Cook Surface's On/Off is optional (Matter 1.4, "Off Only" feature); the Cooktop's is mandatory and,
        // on the primary endpoint, backs OnOff.
        case .Cooktop: return [.onOff]
        case .MicrowaveOven: return [.startStop, .timer, .cook]
        case .ExtractorHood: return [.onOff, .fanSpeed]
        // Google's WATERHEATER guide: "Required traits: OnOff"; "Recommended traits: TemperatureControl"; and
        // "The TemperatureSetting trait should not be used for a water heater". On/Off is the Thermostat's
        // SystemMode (Off, or Heat), since Matter's Water Heater has no On/Off cluster.
        case .WaterHeater: return [.onOff, .temperatureControl]
        case .EnergyEVSE: return [.energyStorage]
        // A video player's On/Off is its power (mandatory in Matter 1.4 on both players); the media traits come from
        // its clusters (``mediaClusterTraits(for:)``).
        case .BasicVideoPlayer, .CastingVideoPlayer: return [.onOff]
        // A doorbell's press is an ObjectDetection notification, whatever else it has.
        case .VideoDoorbell, .AudioDoorbell: return [.objectDetection]
        case .AirQualitySensor, .RainSensor: return [.sensorState]
        case .MountedOnOffControl: return [.onOff]
        case .MountedDimmableLoadControl: return [.onOff, .brightness]
        case .WaterValve: return [.openClose, .timer]
        case .IrrigationSystem: return [.startStop, .timer]
        // The rest bring their traits through their clusters (``clusterTraits(for:)``, ``mediaClusterTraits(for:)``):
        // a camera's stream, a remote's nothing (its player endpoint brings the traits), a content app's nothing.
        default: return []
        }
    }

    /// The Google traits one endpoint brings: the union over its device types, then the traits its clusters bring
    /// whatever the type (``clusterTraits(for:)``), then the traits a video player's or a camera's clusters bring
    /// (``mediaClusterTraits(for:)``).
    public static func traits(for endpoint: Endpoint) -> [Trait] {
        let manufacturer = ManufacturerTraits.traits(for: endpoint)
        guard endpoint.primaryType.isModelled else { return manufacturer }
        let clusterTraits =
            Self.clusterTraits(for: endpoint) + mediaClusterTraits(for: endpoint) + sensorClusterTraits(for: endpoint)
            + openingClusterTraits(for: endpoint) + manufacturer + (isScene(endpoint) ? [.scene] : [])
        if endpoint.deviceTypes.count == 1, clusterTraits.isEmpty { return traits(for: endpoint.deviceTypes[0]) }
        var traits: [Trait] = []
        for type in endpoint.deviceTypes {
            for trait in Self.traits(for: type) where !traits.contains(trait) { traits.append(trait) }
        }
        for trait in clusterTraits where !traits.contains(trait) { traits.append(trait) }
        return removingOpeningTraits(traits, of: endpoint)
    }

    /// Whether Google is told about the device: its primary endpoint's primary device type has a Google type, or a
    /// manufacturer cluster of its primary endpoint gives it one (``ManufacturerTraits/googleType(for:)``).
    public static func isExposed(_ device: Device) -> Bool {
        (device.endpoints.first.map { googleType(for: $0) != nil } ?? false)
            || ManufacturerTraits.googleType(for: device) != nil
    }

    /// Which endpoint backs each Google trait of the device, in the order of ``Trait``'s cases.
    public static func bindings(of device: Device) -> [Binding] {
        var endpointOf: [Trait: Int] = [:]
        for (index, endpoint) in device.endpoints.enumerated() where !isSprinklerZone(index, of: device) {
            for trait in traits(for: endpoint) where endpointOf[trait] == nil {
                endpointOf[trait] = index
            }
        }
        return Trait.allCases.compactMap { trait in endpointOf[trait].map { Binding(trait: trait, endpoint: $0) } }
    }

    /// The Google traits of a device, each once, in the order of ``Trait``'s cases.
    public static func traits(of device: Device) -> [Trait] {
        bindings(of: device).map(\.trait)
    }

    /// Whether the endpoint is a scene: an Aggregator with Actions (``SceneTrait``).
    static func isScene(_ endpoint: Endpoint) -> Bool {
        endpoint.primaryType == .Aggregator && endpoint.has(.Actions)
    }

    /// Whether the endpoint can show colors (hue and saturation), not only white temperatures.
    static func supportsSpectrum(_ endpoint: Endpoint) -> Bool {
        endpoint.deviceTypes.contains(.ExtendedColorLight)
    }
}
