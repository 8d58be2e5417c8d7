extension DeviceType {
    /// The phases of this type's Operational State, in order (Matter's `PhaseList`, which Hearth fixes per device
    /// type since it cannot store lists), or `nil` when the type has none. `CurrentPhase` indexes this list.
    ///
    /// - Laundry Washer: wash, rinse, spin.
    /// - Dishwasher: pre-wash, wash, rinse, dry.
    /// - Laundry Dryer: dry, cool down (a tumble dryer's drying phase, then tumbling without heat).
    public var phaseList: [String]? {
        switch self {
        case .LaundryWasher: return ["wash", "rinse", "spin"]
        case .Dishwasher: return ["pre-wash", "wash", "rinse", "dry"]
        case .LaundryDryer: return ["dry", "cool down"]
        default: return nil
        }
    }

    /// The phases of the first of `types` that has any.
    public static func phaseList(of types: [DeviceType]) -> [String]? {
        types.lazy.compactMap(\.phaseList).first
    }
}
