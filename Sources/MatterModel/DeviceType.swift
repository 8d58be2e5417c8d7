/// A Matter device type, by its Matter device type id, spelled in device files as the specification names it without
/// spaces or punctuation (`OnOffLight`, `Refrigerator`, `TemperatureControlledCabinet`).
///
/// Every device type of the Matter 1.4 device library is a `DeviceType` (``init(rawValue:)``); the ones Hearth maps
/// to Google are the static members here, listed in ``modelled``. A device type outside that list is validated
/// against its generated definition (``MatterDeviceTypeDefinition``), stored, streamed and served over `/v1`, and
/// left out of SYNC until a mapping for it exists. Comparing two device types compares their ids.
public struct DeviceType: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The Matter device type id (Matter 1.4 Device Library: On/Off Light is `0x0100`; the Doorbell is from Matter
    /// 1.5). Checked against `data_model/1.5/device_types/device_type_ids.json` of `project-chip/connectedhomeip` by
    /// `DeviceTypeTests`.
    public let matterID: Int

    /// The device type with this Matter id.
    @inlinable public init(matterID: Int) {
        self.matterID = matterID
    }

    /// On/Off Light (0x0100).
    @inlinable public static var OnOffLight: DeviceType { DeviceType(matterID: 0x0100) }
    /// Dimmable Light (0x0101).
    @inlinable public static var DimmableLight: DeviceType { DeviceType(matterID: 0x0101) }
    /// Color Temperature Light (0x010C).
    @inlinable public static var ColorTemperatureLight: DeviceType { DeviceType(matterID: 0x010C) }
    /// Extended Color Light (0x010D).
    @inlinable public static var ExtendedColorLight: DeviceType { DeviceType(matterID: 0x010D) }
    /// On/Off Plug-in Unit (0x010A).
    @inlinable public static var OnOffPlugInUnit: DeviceType { DeviceType(matterID: 0x010A) }
    /// Fan (0x002B).
    @inlinable public static var Fan: DeviceType { DeviceType(matterID: 0x002B) }
    /// Air Purifier (0x002D).
    @inlinable public static var AirPurifier: DeviceType { DeviceType(matterID: 0x002D) }
    /// Thermostat (0x0301).
    @inlinable public static var Thermostat: DeviceType { DeviceType(matterID: 0x0301) }
    /// Room Air Conditioner (0x0072).
    @inlinable public static var RoomAirConditioner: DeviceType { DeviceType(matterID: 0x0072) }
    /// Temperature Sensor (0x0302).
    @inlinable public static var TemperatureSensor: DeviceType { DeviceType(matterID: 0x0302) }
    /// Humidity Sensor (0x0307).
    @inlinable public static var HumiditySensor: DeviceType { DeviceType(matterID: 0x0307) }
    /// Window Covering (0x0202): a shade, blind, drapery, awning or shutter with a motorised lift.
    @inlinable public static var WindowCovering: DeviceType { DeviceType(matterID: 0x0202) }
    /// Door Lock (0x000A).
    @inlinable public static var DoorLock: DeviceType { DeviceType(matterID: 0x000A) }
    /// Contact Sensor (0x0015): Boolean State `StateValue` true when the contact is made (closed).
    @inlinable public static var ContactSensor: DeviceType { DeviceType(matterID: 0x0015) }
    /// Occupancy Sensor (0x0107).
    @inlinable public static var OccupancySensor: DeviceType { DeviceType(matterID: 0x0107) }
    /// Water Leak Detector (0x0043): Boolean State `StateValue` true when a leak is detected.
    @inlinable public static var WaterLeakDetector: DeviceType { DeviceType(matterID: 0x0043) }
    /// Smoke CO Alarm (0x0076): a smoke alarm, a carbon monoxide alarm, or both.
    @inlinable public static var SmokeCOAlarm: DeviceType { DeviceType(matterID: 0x0076) }
    /// Dimmable Plug-in Unit (0x010B).
    @inlinable public static var DimmablePlugInUnit: DeviceType { DeviceType(matterID: 0x010B) }
    /// Speaker (0x0022): On/Off is mute (off = muted), Level Control is the volume.
    @inlinable public static var Speaker: DeviceType { DeviceType(matterID: 0x0022) }
    /// Robotic Vacuum Cleaner (0x0074).
    @inlinable public static var RoboticVacuumCleaner: DeviceType { DeviceType(matterID: 0x0074) }
    /// Laundry Washer (0x0073).
    @inlinable public static var LaundryWasher: DeviceType { DeviceType(matterID: 0x0073) }
    /// Dishwasher (0x0075).
    @inlinable public static var Dishwasher: DeviceType { DeviceType(matterID: 0x0075) }
    /// Doorbell (0x0148, Matter 1.5; 0x0143 is the *Video* Doorbell, a composite of a Generic Switch and a Camera).
    /// Matter's `Doorbell.xml` makes it a superset of Generic Switch whose mandatory clusters are Identify (server),
    /// Switch (server, with the Momentary Switch feature) and Chime (client). A press is a Switch *event*, not
    /// state, so Hearth models none of these clusters; a press comes in as `hearth devices event … doorbell-press`.
    @inlinable public static var Doorbell: DeviceType { DeviceType(matterID: 0x0148) }
    /// Laundry Dryer (0x007C).
    @inlinable public static var LaundryDryer: DeviceType { DeviceType(matterID: 0x007C) }
    /// Refrigerator (0x0070): one or more Temperature Controlled Cabinet endpoints hold its compartments.
    @inlinable public static var Refrigerator: DeviceType { DeviceType(matterID: 0x0070) }
    /// Temperature Controlled Cabinet (0x0071): a compartment of a refrigerator or an oven's cavity.
    @inlinable public static var TemperatureControlledCabinet: DeviceType { DeviceType(matterID: 0x0071) }
    /// Oven (0x007B): its cavities are Temperature Controlled Cabinet endpoints.
    @inlinable public static var Oven: DeviceType { DeviceType(matterID: 0x007B) }
    /// Cooktop (0x0078): its burners are Cook Surface endpoints.
    @inlinable public static var Cooktop: DeviceType { DeviceType(matterID: 0x0078) }
    /// Cook Surface (0x0077): one burner or zone of a cooktop.
    @inlinable public static var CookSurface: DeviceType { DeviceType(matterID: 0x0077) }
    /// Microwave Oven (0x0079).
    @inlinable public static var MicrowaveOven: DeviceType { DeviceType(matterID: 0x0079) }
    /// Extractor Hood (0x007A).
    @inlinable public static var ExtractorHood: DeviceType { DeviceType(matterID: 0x007A) }
    /// Water Heater (0x050F).
    @inlinable public static var WaterHeater: DeviceType { DeviceType(matterID: 0x050F) }
    /// Heat Pump (0x0309): its Thermostat endpoint is what Google controls.
    @inlinable public static var HeatPump: DeviceType { DeviceType(matterID: 0x0309) }
    /// Energy EVSE (0x050C): an electric vehicle charger.
    @inlinable public static var EnergyEVSE: DeviceType { DeviceType(matterID: 0x050C) }
    /// Mode Select (0x0027): a list of modes on any device.
    @inlinable public static var ModeSelect: DeviceType { DeviceType(matterID: 0x0027) }
    /// Casting Video Player (0x0023): a video player that can also launch content apps, each a Content App endpoint
    /// of the same device (``requiredParts``). Google TV, or the `formFactor` its Fixed Label names.
    @inlinable public static var CastingVideoPlayer: DeviceType { DeviceType(matterID: 0x0023) }
    /// Content App (0x0024): an app on a Casting Video Player, an endpoint of its own. Not a device alone: its
    /// Application Basic names the app in the player's AppSelector list, and its clusters bring no trait.
    @inlinable public static var ContentApp: DeviceType { DeviceType(matterID: 0x0024) }
    /// Basic Video Player (0x0028): a TV, set-top box, streaming player, soundbar or receiver without content apps;
    /// On/Off is its power. Google TV, or the `formFactor` its Fixed Label names.
    @inlinable public static var BasicVideoPlayer: DeviceType { DeviceType(matterID: 0x0028) }
    /// Video Remote Control (0x002A): a remote that controls a video player. Its clusters are clients; Google's
    /// REMOTECONTROL traits come from the player endpoint beside it (``requiredParts``).
    @inlinable public static var VideoRemoteControl: DeviceType { DeviceType(matterID: 0x002A) }
    /// Audio Doorbell (0x0141, Matter 1.5): a doorbell with two-way audio and no camera; Google DOORBELL.
    @inlinable public static var AudioDoorbell: DeviceType { DeviceType(matterID: 0x0141) }
    /// Camera (0x0142, Matter 1.5): Google CAMERA; CameraStream when it has a stream transport.
    @inlinable public static var Camera: DeviceType { DeviceType(matterID: 0x0142) }
    /// Video Doorbell (0x0143, Matter 1.5): a doorbell composed with a Camera endpoint; Google DOORBELL.
    @inlinable public static var VideoDoorbell: DeviceType { DeviceType(matterID: 0x0143) }
    /// Floodlight Camera (0x0144, Matter 1.5): a camera with a light on its own endpoint; Google CAMERA.
    @inlinable public static var FloodlightCamera: DeviceType { DeviceType(matterID: 0x0144) }
    /// Snapshot Camera (0x0145, Matter 1.5): stills only; not modelled (``matter15``).
    @inlinable public static var SnapshotCamera: DeviceType { DeviceType(matterID: 0x0145) }
    /// Chime (0x0146, Matter 1.5): the indoor sounder of a doorbell; not modelled (``matter15``).
    @inlinable public static var Chime: DeviceType { DeviceType(matterID: 0x0146) }
    /// Air Quality Sensor (0x002C): Air Quality and the concentration measurement clusters.
    @inlinable public static var AirQualitySensor: DeviceType { DeviceType(matterID: 0x002C) }
    /// Rain Sensor (0x0044): a Boolean State that is true while it rains.
    @inlinable public static var RainSensor: DeviceType { DeviceType(matterID: 0x0044) }
    /// Water Freeze Detector (0x0041): a Boolean State that is true while water is freezing.
    @inlinable public static var WaterFreezeDetector: DeviceType { DeviceType(matterID: 0x0041) }
    /// Water Valve (0x0042): Valve Configuration and Control.
    @inlinable public static var WaterValve: DeviceType { DeviceType(matterID: 0x0042) }
    /// Irrigation System (0x0040, Matter 1.5): a sprinkler controller whose valves are Water Valve endpoints.
    @inlinable public static var IrrigationSystem: DeviceType { DeviceType(matterID: 0x0040) }
    /// Mounted On/Off Control (0x010F): a wall-mounted switch that switches its load.
    @inlinable public static var MountedOnOffControl: DeviceType { DeviceType(matterID: 0x010F) }
    /// Mounted Dimmable Load Control (0x0110): a wall-mounted dimmer that dims its load.
    @inlinable public static var MountedDimmableLoadControl: DeviceType { DeviceType(matterID: 0x0110) }
    /// Closure (0x0230, Matter 1.5): a door, gate, garage door, window or shutter with Closure Control.
    @inlinable public static var Closure: DeviceType { DeviceType(matterID: 0x0230) }
    /// Closure Panel (0x0231, Matter 1.5): one moving part of a Closure, with Closure Dimension.
    @inlinable public static var ClosurePanel: DeviceType { DeviceType(matterID: 0x0231) }

    /// Whether the two are the same device type: the same Matter id.
    @inlinable public static func == (lhs: DeviceType, rhs: DeviceType) -> Bool {
        lhs.matterID == rhs.matterID
    }

    /// Hashes the Matter id alone. Written out because `RawRepresentable`'s default would hash ``rawValue``, a
    /// dictionary lookup and a string on every hash.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(matterID)
    }

    /// The device types Hearth maps to Google, in the order their documentation lists them.
    public static let modelled: [DeviceType] = [
        .OnOffLight,
        .DimmableLight,
        .ColorTemperatureLight,
        .ExtendedColorLight,
        .OnOffPlugInUnit,
        .Fan,
        .AirPurifier,
        .Thermostat,
        .RoomAirConditioner,
        .TemperatureSensor,
        .HumiditySensor,
        .WindowCovering,
        .DoorLock,
        .ContactSensor,
        .OccupancySensor,
        .WaterLeakDetector,
        .SmokeCOAlarm,
        .DimmablePlugInUnit,
        .Speaker,
        .RoboticVacuumCleaner,
        .LaundryWasher,
        .Dishwasher,
        .Doorbell,
        .LaundryDryer,
        .Refrigerator,
        .TemperatureControlledCabinet,
        .Oven,
        .Cooktop,
        .CookSurface,
        .MicrowaveOven,
        .ExtractorHood,
        .WaterHeater,
        .HeatPump,
        .EnergyEVSE,
        .ModeSelect,
        .BasicVideoPlayer,
        .CastingVideoPlayer,
        .ContentApp,
        .VideoRemoteControl,
        .Camera,
        .VideoDoorbell,
        .AudioDoorbell,
        .FloodlightCamera,
        .AirQualitySensor,
        .RainSensor,
        .MountedOnOffControl,
        .MountedDimmableLoadControl,
        .WaterValve,
        .IrrigationSystem,
        .Aggregator,
        .Closure,
        .ClosurePanel,
    ]

    /// The modelled device types that are Matter 1.5's, not in Matter 1.4's device library: the Doorbell, the
    /// cameras, and the Closure and Closure Panel. The generated 1.4 tables may not define them; a test that checks a modelled type against the 1.4
    /// tables leaves these out.
    ///
    /// The Snapshot Camera (0x0145) and the Chime (0x0146), also Matter 1.5's, are not modelled: Google's CAMERA
    /// guide requires CameraStream, which a camera that only takes stills cannot offer, and Google has no device type
    /// or trait for a chime. Both are kept in the registry and served over `/v1`, not exposed to Google.
    public static let matter15: Set<DeviceType> = [
        .Doorbell, .Camera, .VideoDoorbell, .AudioDoorbell, .FloodlightCamera,
        .IrrigationSystem,
        .Closure, .ClosurePanel,
    ]

    /// The clusters a device of this type must have (Matter's mandatory server clusters that Hearth models).
    public var requiredClusters: [ClusterID] {
        switch self {
        case .OnOffLight, .OnOffPlugInUnit: return [.OnOff]
        case .DimmableLight: return [.OnOff, .LevelControl]
        case .ColorTemperatureLight, .ExtendedColorLight: return [.OnOff, .LevelControl, .ColorControl]
        // Hearth requires Air Quality on an Air Purifier (Matter puts it on an optional Air Quality Sensor
        // endpoint) so that SensorState always has something to report, and Fan Control on a Room Air
        // Conditioner (optional in Matter) so that AC_UNIT always has FanSpeed.
        case .Fan: return [.FanControl]
        case .AirPurifier: return [.FanControl, .AirQuality]
        case .Thermostat: return [.Thermostat]
        case .RoomAirConditioner: return [.OnOff, .Thermostat, .FanControl]
        case .TemperatureSensor: return [.TemperatureMeasurement]
        case .HumiditySensor: return [.RelativeHumidityMeasurement]
        case .WindowCovering: return [.WindowCovering]
        case .DoorLock: return [.DoorLock]
        case .ContactSensor, .WaterLeakDetector: return [.BooleanState]
        case .OccupancySensor: return [.OccupancySensing]
        case .SmokeCOAlarm: return [.SmokeCOAlarm]
        case .DimmablePlugInUnit, .Speaker: return [.OnOff, .LevelControl]
        case .RoboticVacuumCleaner: return [.RvcRunMode, .RvcOperationalState]
        // Matter lists On/Off as optional on both; Hearth requires it, since Google's WASHER and DISHWASHER
        // guides expect OnOff, and a dead-front appliance that is off cannot start.
        case .LaundryWasher, .Dishwasher: return [.OnOff, .OperationalState]
        case .Doorbell: return []
        // The same for a Laundry Dryer (On/Off is optional in Matter 1.4): Google's DRYER guide recommends OnOff.
        case .LaundryDryer: return [.OnOff, .OperationalState]
        // The other appliance types require what Matter 1.4 makes mandatory, nothing more: a Water Heater's
        // Thermostat, Water Heater Management and Water Heater Mode; a Microwave Oven's Operational State,
        // Microwave Oven Mode and Microwave Oven Control; an Energy EVSE's Energy EVSE and Energy EVSE Mode; an
        // Extractor Hood's Fan Control; a Cooktop's On/Off; a cabinet's Temperature Control; a Mode Select's Mode
        // Select. A Refrigerator, an Oven and a Heat Pump have no mandatory server cluster of their own: their
        // parts are other endpoints (``requiredParts``).
        // Sensors, switches and valves: Matter 1.4's mandatory server clusters, written out.
        case .AirQualitySensor: return [.AirQuality]
        case .RainSensor: return [.BooleanState]
        case .MountedOnOffControl: return [.OnOff]
        case .MountedDimmableLoadControl: return [.OnOff, .LevelControl]
        case .WaterValve: return [.ValveConfigurationAndControl]
        default: return specificationRequiredClusters
        }
    }
}
