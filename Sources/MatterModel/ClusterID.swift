/// A Matter cluster, by its Matter cluster id, spelled in device files, `/v1` and the registry as the specification
/// names it without spaces or punctuation (`OnOff`, `RvcRunMode`, `CarbonDioxideConcentrationMeasurement`).
///
/// Any cluster of the Matter 1.4 data model is a `ClusterID` (``init(rawValue:)``, ``init(matterID:)``); the ones
/// Hearth maps to Google, with hand-written rules on top of the specification's tables, are the static members
/// here, listed in ``modelled``. A cluster outside that list is validated by its generated definition
/// (``MatterClusterDefinition``), stored and streamed, and not shown to Google. Comparing two clusters compares
/// their ids; ordering is by name, so that listings are stable. `BasicInformation` is not a state cluster here: it
/// is identity, and lives in ``BasicInformation``.
public struct ClusterID: Sendable, Hashable, Comparable, RawRepresentable, CustomStringConvertible {
    /// The Matter cluster id (On/Off is `0x0006`).
    public let matterID: Int

    /// The cluster with this Matter id; ``rawValue`` is its name when the specification or Hearth knows it.
    public init(matterID: Int) {
        self.matterID = matterID
    }

    /// On/Off (0x0006).
    public static let OnOff = ClusterID(matterID: 0x0006)
    /// Level Control (0x0008).
    public static let LevelControl = ClusterID(matterID: 0x0008)
    /// Color Control (0x0300).
    public static let ColorControl = ClusterID(matterID: 0x0300)
    /// Fan Control (0x0202).
    public static let FanControl = ClusterID(matterID: 0x0202)
    /// Thermostat (0x0201).
    public static let Thermostat = ClusterID(matterID: 0x0201)
    /// Temperature Measurement (0x0402).
    public static let TemperatureMeasurement = ClusterID(matterID: 0x0402)
    /// Relative Humidity Measurement (0x0405).
    public static let RelativeHumidityMeasurement = ClusterID(matterID: 0x0405)
    /// Air Quality (0x005B).
    public static let AirQuality = ClusterID(matterID: 0x005B)
    /// Window Covering (0x0102).
    public static let WindowCovering = ClusterID(matterID: 0x0102)
    /// Door Lock (0x0101).
    public static let DoorLock = ClusterID(matterID: 0x0101)
    /// Boolean State (0x0045).
    public static let BooleanState = ClusterID(matterID: 0x0045)
    /// Occupancy Sensing (0x0406).
    public static let OccupancySensing = ClusterID(matterID: 0x0406)
    /// Smoke CO Alarm (0x005C).
    public static let SmokeCOAlarm = ClusterID(matterID: 0x005C)
    /// Power Source (0x002F), with the Battery and Rechargeable features.
    public static let PowerSource = ClusterID(matterID: 0x002F)
    /// RVC Run Mode (0x0054).
    public static let RvcRunMode = ClusterID(matterID: 0x0054)
    /// Operational State (0x0060).
    public static let OperationalState = ClusterID(matterID: 0x0060)
    /// RVC Operational State (0x0061).
    public static let RvcOperationalState = ClusterID(matterID: 0x0061)

    /// The clusters Hearth models with rules of its own and maps to Google, in the order their documentation
    /// lists them.
    public static let modelled: [ClusterID] = [
        .OnOff,
        .LevelControl,
        .ColorControl,
        .FanControl,
        .Thermostat,
        .TemperatureMeasurement,
        .RelativeHumidityMeasurement,
        .AirQuality,
        .WindowCovering,
        .DoorLock,
        .BooleanState,
        .OccupancySensing,
        .SmokeCOAlarm,
        .PowerSource,
        .RvcRunMode,
        .OperationalState,
        .RvcOperationalState,
    ]

    /// Whether the two are the same cluster: the same Matter id, whatever names this process knows for it.
    public static func == (lhs: ClusterID, rhs: ClusterID) -> Bool {
        lhs.matterID == rhs.matterID
    }

    /// Hashes the Matter id alone. Written out because `RawRepresentable`'s default would hash ``rawValue``, which
    /// for a manufacturer-specific cluster changes when ``ManufacturerClusterCatalog`` learns its name: a dictionary
    /// built before that would no longer find its keys.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(matterID)
    }

    /// Orders clusters by name, so that listings are stable.
    public static func < (lhs: ClusterID, rhs: ClusterID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
