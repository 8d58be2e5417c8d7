/// Converts Matter Resource Monitoring (HEPA Filter Monitoring 0x0071, Activated Carbon Filter Monitoring 0x0072)
/// to Google's SensorState `FilterLifeTime`.
///
/// Matter (Application Clusters, "Resource Monitoring Cluster"): `Condition` is a `percent` (feature CON,
/// "Supports monitoring the condition of the resource in percentage"); `DegradationDirection` says which way it
/// moves as the filter wears: 0 Up, "The degradation of the resource is indicated by an upwards moving/increasing
/// value", 1 Down, "… by a downwards moving/decreasing value"; `ChangeIndication` is 0 OK ("Resource is in good
/// condition, no intervention required"), 1 Warning ("Resource will be exhausted soon, intervention will shortly
/// be required"), 2 Critical ("Resource is exhausted, immediate intervention is required").
///
/// Google (SensorState, "Supported Sensors"): `FilterLifeTime` has the descriptive states `new`, `good`,
/// `replace soon`, `replace now` and the numeric unit `PERCENTAGE`; "Sensors can also report both, in which case
/// the numeric value will be preferred."
public enum FilterLifeConversion {
    /// Matter `DegradationDirectionEnum` Up.
    public static let degradationUp = 0
    /// Matter `DegradationDirectionEnum` Down.
    public static let degradationDown = 1

    /// Matter `ChangeIndicationEnum`, mildest first.
    public enum ChangeIndication: Int, Sendable, Hashable, CaseIterable, Comparable {
        case ok = 0
        case warning = 1
        case critical = 2

        /// Milder first.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Google's `FilterLifeTime` descriptive states, in the order Hearth lists them in `availableStates`.
    public static let availableStates = ["new", "good", "replace soon", "replace now"]

    /// The filter life left, in whole percent (Google's `rawValue`, `PERCENTAGE`): `Condition` itself when it
    /// degrades Down (100 is a new filter), `100 - Condition` when it degrades Up (0 is a new filter). `Condition`
    /// outside Matter's `percent` range 0…100 is clamped; an unknown direction is read as Down, the direction of
    /// Google's "life left" and of the Matter SDK's filter examples.
    public static func remainingPercent(condition: Int, degradationDirection: Int) -> Int {
        let clamped = min(max(condition, 0), 100)
        return degradationDirection == degradationUp ? 100 - clamped : clamped
    }

    /// Google's descriptive state: Critical → `replace now`, Warning → `replace soon`, OK → `new` when the life
    /// left is 100 % and `good` otherwise (also `good` when no percentage is known). The device's own
    /// `ChangeIndication` decides, not a threshold on the percentage: Matter leaves the thresholds to the
    /// manufacturer.
    public static func descriptiveState(_ indication: ChangeIndication, remainingPercent: Int?) -> String {
        switch indication {
        case .critical: return "replace now"
        case .warning: return "replace soon"
        case .ok: return remainingPercent == 100 ? "new" : "good"
        }
    }

    /// Reads a stored `ChangeIndication`; a value Matter does not define is `nil` (Google: `unknown`).
    public static func changeIndication(_ value: Int?) -> ChangeIndication? {
        value.flatMap(ChangeIndication.init(rawValue:))
    }
}
