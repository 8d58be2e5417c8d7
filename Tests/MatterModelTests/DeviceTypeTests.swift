import MatterModel
import Testing

/// Every device type's Matter id against the Matter SDK's own list.
struct DeviceTypeTests {
    /// `data_model/1.5/device_types/device_type_ids.json` of `project-chip/connectedhomeip` (decimal id → the
    /// spec's name), transcribed for the types Hearth supports. The Doorbell is 328 (0x0148); 323 (0x0143) is
    /// the Video Doorbell, a composite of a Generic Switch and a Camera, which Hearth does not model.
    static let matterSDK: [DeviceType: (id: Int, name: String)] = [
        .OnOffLight: (256, "On/Off Light"),
        .DimmableLight: (257, "Dimmable Light"),
        .ColorTemperatureLight: (268, "Color Temperature Light"),
        .ExtendedColorLight: (269, "Extended Color Light"),
        .OnOffPlugInUnit: (266, "On/Off Plug-in Unit"),
        .Fan: (43, "Fan"),
        .AirPurifier: (45, "Air Purifier"),
        .Thermostat: (769, "Thermostat"),
        .RoomAirConditioner: (114, "Room Air Conditioner"),
        .TemperatureSensor: (770, "Temperature Sensor"),
        .HumiditySensor: (775, "Humidity Sensor"),
        .WindowCovering: (514, "Window Covering"),
        .DoorLock: (10, "Door Lock"),
        .ContactSensor: (21, "Contact Sensor"),
        .OccupancySensor: (263, "Occupancy Sensor"),
        .WaterLeakDetector: (67, "Water Leak Detector"),
        .SmokeCOAlarm: (118, "Smoke CO Alarm"),
        .DimmablePlugInUnit: (267, "Dimmable Plug-In Unit"),
        .Speaker: (34, "Speaker"),
        .RoboticVacuumCleaner: (116, "Robotic Vacuum Cleaner"),
        .LaundryWasher: (115, "Laundry Washer"),
        .Dishwasher: (117, "Dishwasher"),
        .Doorbell: (328, "Doorbell"),
    ]

    @Test(arguments: DeviceType.allCases)
    func theMatterIdIsTheSDKs(_ type: DeviceType) throws {
        let expected = try #require(Self.matterSDK[type], "\(type) is missing from the table")
        #expect(type.matterID == expected.id, "\(type) should be \(expected.name), \(expected.id)")
    }

    @Test func theDoorbellIsNotTheVideoDoorbell() {
        #expect(DeviceType.Doorbell.matterID == 0x0148)
        #expect(DeviceType.Doorbell.matterID != 0x0143)
    }

    @Test func noTwoTypesShareAnId() {
        let ids = DeviceType.allCases.map(\.matterID)
        #expect(Set(ids).count == ids.count)
    }
}
