extension ClusterID {
    /// Every cluster name a device file may use, in declaration order.
    public static let knownClusters: [String] = allCases.map(\.rawValue)

    /// The Matter cluster id (On/Off is `0x0006`).
    public var matterID: Int {
        switch self {
        case .OnOff: return 0x0006
        case .LevelControl: return 0x0008
        case .ColorControl: return 0x0300
        case .FanControl: return 0x0202
        case .Thermostat: return 0x0201
        case .TemperatureMeasurement: return 0x0402
        case .RelativeHumidityMeasurement: return 0x0405
        case .AirQuality: return 0x005B
        case .WindowCovering: return 0x0102
        case .DoorLock: return 0x0101
        case .BooleanState: return 0x0045
        case .OccupancySensing: return 0x0406
        case .SmokeCOAlarm: return 0x005C
        case .PowerSource: return 0x002F
        case .RvcRunMode: return 0x0054
        case .OperationalState: return 0x0060
        case .RvcOperationalState: return 0x0061
        }
    }
}
