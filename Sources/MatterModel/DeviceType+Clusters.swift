extension DeviceType {
    /// Every device type name a device file may use, in declaration order.
    public static let knownTypes: [String] = allCases.map(\.rawValue)

    /// The Matter device type id (Matter 1.3 Device Library: On/Off Light is `0x0100`; the Doorbell is from Matter 1.5).
    /// Checked against `data_model/1.5/device_types/device_type_ids.json` of `project-chip/connectedhomeip` by
    /// `DeviceTypeTests`.
    public var matterID: Int {
        switch self {
        case .OnOffLight: return 0x0100
        case .DimmableLight: return 0x0101
        case .ColorTemperatureLight: return 0x010C
        case .ExtendedColorLight: return 0x010D
        case .OnOffPlugInUnit: return 0x010A
        case .Fan: return 0x002B
        case .AirPurifier: return 0x002D
        case .Thermostat: return 0x0301
        case .RoomAirConditioner: return 0x0072
        case .TemperatureSensor: return 0x0302
        case .HumiditySensor: return 0x0307
        case .WindowCovering: return 0x0202
        case .DoorLock: return 0x000A
        case .ContactSensor: return 0x0015
        case .OccupancySensor: return 0x0107
        case .WaterLeakDetector: return 0x0043
        case .SmokeCOAlarm: return 0x0076
        case .DimmablePlugInUnit: return 0x010B
        case .Speaker: return 0x0022
        case .RoboticVacuumCleaner: return 0x0074
        case .LaundryWasher: return 0x0073
        case .Dishwasher: return 0x0075
        case .Doorbell: return 0x0148
        }
    }

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
        case .WindowCovering, .DoorLock, .ContactSensor, .OccupancySensor, .WaterLeakDetector, .SmokeCOAlarm:
            return []
        case .DimmablePlugInUnit, .Speaker, .RoboticVacuumCleaner, .LaundryWasher, .Dishwasher: return []
        case .Doorbell: return []
        }
    }

    /// The clusters a device of this type may have: ``requiredClusters``, ``optionalClusters``, then Power Source,
    /// which Matter allows on any endpoint (a battery-powered lock, a robot vacuum's battery).
    public var allowedClusters: [ClusterID] {
        requiredClusters + optionalClusters + [.PowerSource]
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
        }
    }
}
