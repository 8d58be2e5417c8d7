/// Converts Matter Power Source battery attributes to Google's EnergyStorage states, and decides when a battery
/// is low (Google's `lowBattery` exception).
public enum BatteryConversion {
    /// Google's `descriptiveCapacityRemaining` values, spelled as Google spells them, from emptiest to fullest.
    public enum DescriptiveCapacity: String, Sendable, Hashable, CaseIterable, Comparable {
        case criticallyLow = "CRITICALLY_LOW"
        case low = "LOW"
        case medium = "MEDIUM"
        case high = "HIGH"
        case full = "FULL"

        /// Emptiest first.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// Whether Google should hear `lowBattery`: `LOW` or `CRITICALLY_LOW`.
        public var isLow: Bool { self <= .low }
    }

    /// Whole percent for Matter's `BatPercentRemaining` in half percent (0…200): `halfPercent / 2`, rounded
    /// down, so Hearth never reports more charge than there is (199 → 99, not 100 and `FULL`; 1 → 0). Values
    /// outside 0…200 are clamped.
    public static func percent(fromHalfPercent halfPercent: Int) -> Int {
        min(max(halfPercent, 0), 200) / 2
    }

    /// Google's `descriptiveCapacityRemaining`.
    ///
    /// From the percentage when the device reports one: below 10 % `CRITICALLY_LOW`, below 20 % `LOW`, below 60 %
    /// `MEDIUM`, below 100 % `HIGH`, 100 % `FULL`; without a percentage, `FULL` when `BatChargeState` is
    /// IsAtFullCharge, else `MEDIUM` (nothing says otherwise). Then the device's own `BatChargeLevel` can only
    /// lower it: Critical makes it `CRITICALLY_LOW`, Warning at most `LOW`.
    ///
    /// - Parameters:
    ///   - percent: Whole percent (``percent(fromHalfPercent:)``), or `nil` when `BatPercentRemaining` is null.
    ///   - batChargeLevel: Matter `BatChargeLevel` (0 OK, 1 Warning, 2 Critical).
    ///   - batChargeState: Matter `BatChargeState` (2 IsAtFullCharge).
    public static func descriptiveCapacity(
        percent: Int?,
        batChargeLevel: Int,
        batChargeState: Int
    ) -> DescriptiveCapacity {
        var capacity: DescriptiveCapacity
        if let percent {
            switch percent {
            case ..<10: capacity = .criticallyLow
            case ..<20: capacity = .low
            case ..<60: capacity = .medium
            case ..<100: capacity = .high
            default: capacity = .full
            }
        } else {
            capacity = batChargeState == 2 ? .full : .medium
        }
        switch batChargeLevel {
        case 2: capacity = .criticallyLow
        case 1: capacity = min(capacity, .low)
        default: break
        }
        return capacity
    }
}
