/// Converts between Google's fan speed percent and Matter fan speeds: Matter's `SpeedSetting` (0…`SpeedMax`) and
/// the position of a named speed (Low, Medium, High) among the N a `FanModeSequence` offers, which is the same
/// arithmetic with N in place of `SpeedMax`.
///
/// Matter fixes the rules (Fan Control, Matter 1.3 §4.4.6): speed = `ceil(SpeedMax × percent / 100)` and
/// percent = `floor(speed × 100 / SpeedMax)`, both in integers. Low/Medium/High therefore sit at 33, 66 and
/// 100 % and own the bands 1…33, 34…66, 67…100.
///
/// Guarantees (checked by `FanSpeedConversionTests`): speed → percent → speed is the identity for every speed
/// 0…`speedMax` with `speedMax` 1…100; both directions are monotone and within bounds.
public enum FanSpeedConversion {
    /// The speed step (0…`speedMax`) for a percent: `ceil(speedMax × percent / 100)` after clamping `percent`
    /// to 0…100 and `speedMax` to 1…100. 66 % of 3 → 2, 67 % of 3 → 3, 1 % of 3 → 1, 0 % → 0.
    public static func speed(fromPercent percent: Int, speedMax: Int) -> Int {
        let top = min(max(speedMax, 1), 100)
        return (min(max(percent, 0), 100) * top + 99) / 100
    }

    /// The percent for a speed step: `floor(speed × 100 / speedMax)` after clamping `speedMax` to 1…100 and
    /// `speed` to 0…`speedMax`. Speed 2 of 3 → 66, 3 of 3 → 100.
    public static func percent(fromSpeed speed: Int, speedMax: Int) -> Int {
        let top = min(max(speedMax, 1), 100)
        return min(max(speed, 0), top) * 100 / top
    }
}
