import MatterModel

/// A device as `hearth devices list` shows it: one row of text cells, with the attributes worth a glance rather
/// than every default.
public struct DeviceSummary: Sendable, Hashable {
    /// The device id.
    public var id: String
    /// Its name.
    public var name: String
    /// Each endpoint's device types, comma-separated, endpoints in order.
    public var deviceTypes: [String]
    /// The room, if any.
    public var room: String?
    /// `online`, `offline` or `partial`.
    public var connectivity: String
    /// `Attribute=value` for each shown attribute, endpoint by endpoint (prefixed `N:` and with `N:offline` for an
    /// unreachable endpoint when the device has several), clusters in order.
    public var state: [String]

    /// Creates a summary.
    public init(
        id: String,
        name: String,
        deviceTypes: [String],
        room: String?,
        connectivity: String,
        state: [String]
    ) {
        self.id = id
        self.name = name
        self.deviceTypes = deviceTypes
        self.room = room
        self.connectivity = connectivity
        self.state = state
    }

    /// The summary of `device`.
    init(_ device: Device) {
        var state: [String] = []
        for (index, endpoint) in device.endpoints.enumerated() {
            let prefix = device.endpoints.count > 1 ? "\(index + 1):" : ""
            if device.endpoints.count > 1, !endpoint.online { state.append("\(prefix)offline") }
            for cluster in endpoint.clusters.keys.sorted() {
                for name in Self.shownAttributes[cluster, default: []] {
                    if let value = endpoint.clusters[cluster]?[name] { state.append("\(prefix)\(name)=\(value)") }
                }
            }
        }
        self.init(
            id: device.id,
            name: device.name,
            deviceTypes: device.endpoints.map { $0.deviceTypes.map(\.rawValue).joined(separator: ",") },
            room: device.room,
            connectivity: device.connectivity.rawValue,
            state: state
        )
    }

    /// The attributes worth a glance; `hearth devices list` is not a dump of every default.
    static let shownAttributes: [ClusterID: [Attribute]] = [
        .OnOff: [.OnOff.onOff],
        .LevelControl: [.LevelControl.currentLevel],
        .ColorControl: [
            .ColorControl.colorMode, .ColorControl.colorTemperatureMireds, .ColorControl.currentHue,
            .ColorControl.currentSaturation,
        ],
        .FanControl: [.FanControl.fanMode, .FanControl.percentCurrent],
        .Thermostat: [.Thermostat.systemMode, .Thermostat.localTemperature, .Thermostat.occupiedHeatingSetpoint],
        .TemperatureMeasurement: [.TemperatureMeasurement.measuredValue],
        .RelativeHumidityMeasurement: [.RelativeHumidityMeasurement.measuredValue],
        .AirQuality: [.AirQuality.airQuality],
        .WindowCovering: [.WindowCovering.currentPositionLiftPercent100ths, .WindowCovering.operationalStatus],
        .DoorLock: [.DoorLock.lockState, .DoorLock.actuatorEnabled],
        .BooleanState: [.BooleanState.stateValue],
        .OccupancySensing: [.OccupancySensing.occupancy],
        .SmokeCOAlarm: [.SmokeCOAlarm.expressedState, .SmokeCOAlarm.smokeState, .SmokeCOAlarm.coState],
        .PowerSource: [.PowerSource.batPercentRemaining, .PowerSource.batChargeLevel],
        .RvcRunMode: [.RvcRunMode.currentMode],
        .OperationalState: [.OperationalState.operationalState, .OperationalState.currentPhase],
        .RvcOperationalState: [.RvcOperationalState.operationalState],
    ]
}
