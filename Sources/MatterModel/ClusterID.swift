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
    @inlinable public init(matterID: Int) {
        self.matterID = matterID
    }

    /// On/Off (0x0006).
    @inlinable public static var OnOff: ClusterID { ClusterID(matterID: 0x0006) }
    /// Level Control (0x0008).
    @inlinable public static var LevelControl: ClusterID { ClusterID(matterID: 0x0008) }
    /// Color Control (0x0300).
    @inlinable public static var ColorControl: ClusterID { ClusterID(matterID: 0x0300) }
    /// Fan Control (0x0202).
    @inlinable public static var FanControl: ClusterID { ClusterID(matterID: 0x0202) }
    /// Thermostat (0x0201).
    @inlinable public static var Thermostat: ClusterID { ClusterID(matterID: 0x0201) }
    /// Temperature Measurement (0x0402).
    @inlinable public static var TemperatureMeasurement: ClusterID { ClusterID(matterID: 0x0402) }
    /// Relative Humidity Measurement (0x0405).
    @inlinable public static var RelativeHumidityMeasurement: ClusterID { ClusterID(matterID: 0x0405) }
    /// Air Quality (0x005B).
    @inlinable public static var AirQuality: ClusterID { ClusterID(matterID: 0x005B) }
    /// Window Covering (0x0102).
    @inlinable public static var WindowCovering: ClusterID { ClusterID(matterID: 0x0102) }
    /// Door Lock (0x0101).
    @inlinable public static var DoorLock: ClusterID { ClusterID(matterID: 0x0101) }
    /// Boolean State (0x0045).
    @inlinable public static var BooleanState: ClusterID { ClusterID(matterID: 0x0045) }
    /// Occupancy Sensing (0x0406).
    @inlinable public static var OccupancySensing: ClusterID { ClusterID(matterID: 0x0406) }
    /// Smoke CO Alarm (0x005C).
    @inlinable public static var SmokeCOAlarm: ClusterID { ClusterID(matterID: 0x005C) }
    /// Power Source (0x002F), with the Battery and Rechargeable features.
    @inlinable public static var PowerSource: ClusterID { ClusterID(matterID: 0x002F) }
    /// RVC Run Mode (0x0054).
    @inlinable public static var RvcRunMode: ClusterID { ClusterID(matterID: 0x0054) }
    /// Operational State (0x0060).
    @inlinable public static var OperationalState: ClusterID { ClusterID(matterID: 0x0060) }
    /// RVC Operational State (0x0061).
    @inlinable public static var RvcOperationalState: ClusterID { ClusterID(matterID: 0x0061) }

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
    @inlinable public static func == (lhs: ClusterID, rhs: ClusterID) -> Bool {
        lhs.matterID == rhs.matterID
    }

    /// Hashes the Matter id alone. Written out because `RawRepresentable`'s default would hash ``rawValue``, which
    /// for a manufacturer-specific cluster changes when ``ManufacturerClusterCatalog`` learns its name: a dictionary
    /// built before that would no longer find its keys.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(matterID)
    }

    /// Orders clusters by name, so that listings are stable.
    public static func < (lhs: ClusterID, rhs: ClusterID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
