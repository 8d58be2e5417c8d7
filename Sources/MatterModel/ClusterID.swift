/// The Matter clusters Hearth models, named as the Matter specification names them.
///
/// `BasicInformation` is not here: it is identity, not state, and lives in ``BasicInformation``.
public enum ClusterID: String, Sendable, Hashable, CaseIterable, Comparable {
    /// On/Off (0x0006).
    case OnOff
    /// Level Control (0x0008).
    case LevelControl
    /// Color Control (0x0300).
    case ColorControl
    /// Power Source (0x002F), with the Battery and Rechargeable features.
    case PowerSource
    /// RVC Run Mode (0x0054).
    case RvcRunMode
    /// Operational State (0x0060).
    case OperationalState
    /// RVC Operational State (0x0061).
    case RvcOperationalState

    /// Orders clusters by name, so that listings are stable.
    public static func < (lhs: ClusterID, rhs: ClusterID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
