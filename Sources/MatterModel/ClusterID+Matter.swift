extension ClusterID {
    /// Every cluster name a device file may use, in declaration order.
    public static let knownClusters: [String] = allCases.map(\.rawValue)

    /// The Matter cluster id (On/Off is `0x0006`).
    public var matterID: Int {
        switch self {
        case .OnOff: return 0x0006
        case .LevelControl: return 0x0008
        case .ColorControl: return 0x0300
        case .PowerSource: return 0x002F
        case .RvcRunMode: return 0x0054
        case .OperationalState: return 0x0060
        case .RvcOperationalState: return 0x0061
        }
    }
}
