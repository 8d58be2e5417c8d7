extension DeviceType {
    /// Clusters Matter lists as optional for this type that Hearth models: Level Control on an On/Off Light
    /// and on an On/Off Plug-in Unit (Matter 1.3 Device Library). Color Control is never optional: a light
    /// with color is a Color Temperature or Extended Color Light.
    public var optionalClusters: [ClusterID] {
        switch self {
        case .OnOffLight, .OnOffPlugInUnit: return [.LevelControl]
        case .DimmableLight, .ColorTemperatureLight, .ExtendedColorLight: return []
        // On/Off is optional on a Fan and an Air Purifier (Matter 1.3); without it Google's OnOff is backed by
        // FanMode.
        case .Fan, .AirPurifier: return [.OnOff]
        case .Thermostat, .RoomAirConditioner, .TemperatureSensor, .HumiditySensor: return []
        case .DoorLock, .ContactSensor, .OccupancySensor, .WaterLeakDetector, .SmokeCOAlarm: return []
        // Fixed Label on an opening: its `formFactor` says a covering or a closure is a garage door, a gate, a door
        // or a window (DeviceTypeMapping's `closureGoogleType`, `coveringOpeningType`), as on a video player below.
        case .WindowCovering: return [.FixedLabel]
        case .Closure: return specificationOptionalClusters + [.FixedLabel]
        case .DimmablePlugInUnit, .Speaker, .RoboticVacuumCleaner, .LaundryWasher, .Dishwasher: return []
        case .Doorbell: return []
        // Fixed Label on a video player: its `formFactor` label says what kind of media device it is (a set-top box,
        // a soundbar, …), which Matter's device types do not (DeviceTypeMapping's `mediaGoogleType`). Matter's Base
        // Device Type allows Fixed Label on every endpoint; the generated device-type tables list only the clusters
        // a type names itself, so Hearth adds it here.
        case .BasicVideoPlayer, .CastingVideoPlayer: return specificationOptionalClusters + [.FixedLabel]
        // Fixed and User Label on a Water Valve: its `name` label names the zone it waters on an Irrigation System
        // (IrrigationStartStop); both are the Base Device Type's, allowed on every endpoint, as above.
        case .WaterValve: return specificationOptionalClusters + [.FixedLabel, .UserLabel]
        default: return specificationOptionalClusters
        }
    }

    /// The clusters a device of this type may have: ``requiredClusters``, ``optionalClusters``, then Power Source,
    /// which Matter allows on any endpoint (a battery-powered lock, a robot vacuum's battery).
    public var allowedClusters: [ClusterID] {
        requiredClusters + optionalClusters + [.PowerSource]
    }

    /// The clusters a device file may give a device of this type: ``allowedClusters``, then, on a device type Hearth
    /// maps, the specification's other server clusters for it that Hearth does not model (a Dishwasher's Dishwasher
    /// Mode, a robot vacuum's Service Area): kept, served over `/v1`, not mapped to Google. Every type also accepts
    /// ``ClusterID/nodeMaintenanceClusters`` (OTA Requestor, General Diagnostics, User Label).
    public var acceptedClusters: [ClusterID] {
        let allowed = allowedClusters + ClusterID.nodeMaintenanceClusters.filter { !allowedClusters.contains($0) }
        guard isModelled else { return allowed }
        return allowed + specificationUnmodelledClusters.filter { !allowed.contains($0) }
    }

    /// The Color Control features (``AttributeSchema/ColorCapabilities`` bits) Matter makes mandatory for this
    /// type: color temperature for a Color Temperature Light, xy and color temperature for an Extended Color
    /// Light, none otherwise.
    public var requiredColorCapabilities: Int {
        switch self {
        case .ColorTemperatureLight: return AttributeSchema.ColorCapabilities.colorTemperature
        case .ExtendedColorLight:
            return AttributeSchema.ColorCapabilities.xy | AttributeSchema.ColorCapabilities.colorTemperature
        case .OnOffLight, .DimmableLight, .OnOffPlugInUnit: return 0
        case .Fan, .AirPurifier, .Thermostat, .RoomAirConditioner, .TemperatureSensor, .HumiditySensor: return 0
        case .WindowCovering, .DoorLock, .ContactSensor, .OccupancySensor, .WaterLeakDetector, .SmokeCOAlarm:
            return 0
        case .DimmablePlugInUnit, .Speaker, .RoboticVacuumCleaner, .LaundryWasher, .Dishwasher: return 0
        case .Doorbell: return 0
        default: return 0
        }
    }

    /// The `ColorCapabilities` a device of this type gets when the device file omits it: the mandatory features,
    /// plus hue/saturation for an Extended Color Light.
    public var defaultColorCapabilities: Int {
        switch self {
        case .ExtendedColorLight: return requiredColorCapabilities | AttributeSchema.ColorCapabilities.hueSaturation
        case .OnOffLight, .DimmableLight, .ColorTemperatureLight, .OnOffPlugInUnit: return requiredColorCapabilities
        case .Fan, .AirPurifier, .Thermostat, .RoomAirConditioner, .TemperatureSensor, .HumiditySensor,
            .WindowCovering, .DoorLock, .ContactSensor, .OccupancySensor, .WaterLeakDetector, .SmokeCOAlarm,
            .DimmablePlugInUnit, .Speaker, .RoboticVacuumCleaner, .LaundryWasher, .Dishwasher, .Doorbell:
            return requiredColorCapabilities
        default: return requiredColorCapabilities
        }
    }
}

extension DeviceType {
    /// The device types a device whose primary type is this one must also have on another endpoint: Matter's
    /// composition of the appliance, and what Google controls on it.
    ///
    /// - Refrigerator: a Temperature Controlled Cabinet. Matter 1.4 Device Library: a Refrigerator is "a device
    ///   containing one or more cabinets capable of chilling or freezing food", and a Temperature Controlled Cabinet
    ///   "only exists composed as part of another device type". The cabinet carries Temperature Control, which is
    ///   the REFRIGERATOR guide's required trait.
    /// - Oven: a Temperature Controlled Cabinet. Matter 1.4 §13.9: "An oven represents a device that contains one
    ///   or more cabinets, and optionally a single cooktop, that are all capable of heating food."
    /// - Cooktop: a Cook Surface. Matter 1.4: a Cooktop is "a cooking surface with one or more heating elements",
    ///   and a Cook Surface "shall only be used when composed as part of another device type".
    /// - Heat Pump: a Thermostat. Matter 1.4 lets a Heat Pump come without one; Hearth requires it, because the
    ///   Thermostat endpoint is all Google can control of a heat pump (TemperatureSetting).
    /// - Casting Video Player: a Content App. Matter 1.4 Device Library, Content App: "A Content App is usually an
    ///   application built by a Content Provider. A Casting Video Player with a Content App Platform is able to launch
    ///   Content Apps and represent these apps as separate endpoints." Google's AppSelector lists the apps from these
    ///   endpoints; a casting player without one launches nothing Google could name.
    /// - Video Doorbell: a Camera. Matter 1.5's Video Doorbell is a doorbell composed with a camera; the Camera
    ///   endpoint carries the stream clusters that bring Google's CameraStream.
    /// - Video Remote Control: a Basic Video Player (a Casting Video Player counts, ``fulfils(_:)``). Matter's remote
    ///   has only *client* clusters (it sends Media Playback, On/Off and Keypad Input commands to a player), so it has
    ///   no state of its own; Google's REMOTECONTROL gets "the media traits it controls" from the player endpoint the
    ///   remote's maker exposes beside it.
    public var requiredParts: [DeviceType] {
        switch self {
        case .Refrigerator, .Oven: return [.TemperatureControlledCabinet]
        case .Cooktop: return [.CookSurface]
        case .HeatPump: return [.Thermostat]
        case .CastingVideoPlayer: return [.ContentApp]
        case .VideoDoorbell: return [.Camera]
        case .VideoRemoteControl: return [.BasicVideoPlayer]
        case .IrrigationSystem: return [.WaterValve]
        default: return []
        }
    }

    /// Whether an endpoint of this type is the `part` a primary type requires (``requiredParts``): the same type, or
    /// a Casting Video Player for a Basic Video Player. Matter 1.4 Device Library: "A Video Player (either Basic or
    /// Casting) represents a device that is able to play media to a physical output or to a display screen"; the
    /// casting player is a video player that can also launch content apps.
    public func fulfils(_ part: DeviceType) -> Bool {
        self == part || (part == .BasicVideoPlayer && self == .CastingVideoPlayer)
    }
}
