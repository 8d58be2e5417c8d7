/// Converts between Matter LevelControl `CurrentLevel` and Google's Brightness trait `brightness` percent.
///
/// Matter levels run 0…254 (254 is full output). With Level Control's Lighting feature `MinLevel` is 1…254
/// (default 1) and level 1 is the lowest output of a light that is *on* (Matter 1.5 `LevelControl.xml`, the `LT`
/// `MinLevel`); level 0 exists only without that feature. Google's `brightness` is an integer percent 0…100 and the
/// Home app draws 0 % as a dark light. Both directions use the same fixed scale, 254 levels = 100 %, and round half
/// away from zero in exact integer arithmetic, so the result never depends on floating-point error; reading a
/// level only lifts what would round to 0 % to 1 %, so that a lit light never reads as 0 %.
///
/// Guarantees (checked by `LevelConversionTests`):
/// - Level 0 reads as 0 % and every level 1…254 as at least 1 %; level 254 reads as 100 %.
/// - percent → level → percent is the identity for every percent 1…100 with the default `MinLevel`/`MaxLevel`
///   (1/254); percent 0 becomes level 1 (`MinLevel`), which reads back as 1 %; with `MinLevel` 0, 0 % ↔ level 0.
/// - level → percent → level → percent equals level → percent with the defaults, and with any
///   `MinLevel`/`MaxLevel` the percent is stable after one round trip. The level itself moves by at most one,
///   except level 1, which reads as 1 % and comes back as level 3 (1 % of 254 levels).
/// - Both directions are monotone (non-decreasing) and always within bounds.
public enum LevelConversion {
    /// The `CurrentLevel` that reads as 100 %: the top of Matter's level scale.
    public static let fullScaleLevel = 254

    /// The `MinLevel` assumed when a device does not report one (Matter's default for lighting devices).
    public static let defaultMinLevel = 1

    /// The `MaxLevel` assumed when a device does not report one (Matter's default).
    public static let defaultMaxLevel = 254

    /// Google `brightness` percent for a Matter `CurrentLevel`.
    ///
    /// Formula: `percent = max(1, round(level × 100 / 254))` for a level of at least 1 and 0 for level 0, rounding
    /// half away from zero, after clamping `level` to 0…254. The result is always within 0…100: level 0 → 0 %,
    /// 1 → 1 % (the exact 0.39 % would show a lit light as off), 2 → 1 %, 127 → 50 %, 254 → 100 %.
    ///
    /// - Parameter currentLevel: Matter `CurrentLevel`; values outside 0…254 are clamped.
    /// - Returns: Brightness percent, 0…100; 0 only for level 0.
    public static func brightnessPercent(fromCurrentLevel currentLevel: Int) -> Int {
        let level = min(max(currentLevel, 0), fullScaleLevel)
        guard level > 0 else { return 0 }
        // round(level × 100 / 254) for non-negative values, as (2 × level × 100 + 254) / (2 × 254); only level 1
        // rounds to 0.
        return max(1, (level * 200 + fullScaleLevel) / (2 * fullScaleLevel))
    }

    /// Matter `CurrentLevel` for a Google `brightness` percent, honouring the device's `MinLevel`/`MaxLevel`.
    ///
    /// Formula: `level = clamp(round(percent × 254 / 100), minLevel, maxLevel)`, rounding half away from
    /// zero, after clamping `percent` to 0…100. 1 % → 3, 50 % → 127, 100 % → 254, and with `MinLevel` 1, 0 % → 1
    /// (turning a light off is OnOff's job, not LevelControl's), which reads back as 1 %.
    ///
    /// The bounds are normalised first so a bad device report cannot produce an out-of-range level:
    /// `minLevel` is clamped to 0…254 and `maxLevel` to `minLevel`…254.
    ///
    /// - Parameters:
    ///   - percent: Google brightness percent; values outside 0…100 are clamped.
    ///   - minLevel: The device's Matter `MinLevel` (default 1).
    ///   - maxLevel: The device's Matter `MaxLevel` (default 254).
    /// - Returns: A `CurrentLevel` within the normalised `minLevel`…`maxLevel`.
    public static func currentLevel(
        fromBrightnessPercent percent: Int,
        minLevel: Int = defaultMinLevel,
        maxLevel: Int = defaultMaxLevel
    ) -> Int {
        let lower = min(max(minLevel, 0), fullScaleLevel)
        let upper = min(max(maxLevel, lower), fullScaleLevel)
        let clampedPercent = min(max(percent, 0), 100)
        // round(percent × 254 / 100) for non-negative values, as (2 × percent × 254 + 100) / (2 × 100).
        let level = (clampedPercent * 2 * fullScaleLevel + 100) / 200
        return min(max(level, lower), upper)
    }
}
