/// The Matter clusters Hearth models, named as the Matter specification names them.
///
/// `BasicInformation` is not here: it is identity, not state, and lives in ``BasicInformation``.
public enum ClusterID: String, Sendable, Hashable, CaseIterable, Comparable {
    case OnOff
    case LevelControl
    case ColorControl

    public static func < (lhs: ClusterID, rhs: ClusterID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
