/// Converts between Matter ColorControl color temperature in mireds and Google's ColorSetting kelvin.
///
/// Matter reports `ColorTemperatureMireds`, `ColorTempPhysicalMinMireds` and `ColorTempPhysicalMaxMireds`
/// (1…65279); Google wants `temperatureK` (state), `temperature` (command) and
/// `colorTemperatureRange{temperatureMinK, temperatureMaxK}` (attributes) in kelvin.
/// `kelvin = 1_000_000 / mireds` and back, both rounded half away from zero in exact integer arithmetic.
///
/// Guarantees (checked by `ColorTemperatureConversionTests`):
/// - mireds → kelvin → mireds is the identity for every mireds in `exactRoundTripMireds` (1…1022, that is
///   1_000_000 K down to 978 K, which covers every real lamp); 1023 mireds is the first value that moves.
/// - kelvin → mireds → kelvin stays within `K² / (2_000_000 − K) + 0.5` of the start for every K in
///   15…1_999_999: at most 50 K off at 10000 K, 21 K at 6500 K, 2 K at 2000 K.
/// - Both directions are monotone non-increasing (more mireds, fewer kelvin).
public enum ColorTemperatureConversion {
    /// Matter's valid `ColorTemperatureMireds` values; every mireds input is clamped into it.
    public static let miredsRange = 1...65279

    /// The mireds values for which mireds → kelvin → mireds is the identity (found exhaustively).
    public static let exactRoundTripMireds = 1...1022

    /// The kelvin values `kelvin(fromMireds:)` can return: 15 K (65279 mireds) … 1_000_000 K (1 mired).
    public static let kelvinRange = 15...1_000_000

    /// Google kelvin for Matter mireds.
    ///
    /// Formula: `kelvin = round(1_000_000 / mireds)`, rounding half away from zero, after clamping `mireds`
    /// to 1…65279 (so 0 and negative inputs read as 1 mired, never a division by zero).
    /// 370 mireds → 2703 K, 153 mireds → 6536 K.
    ///
    /// - Parameter mireds: Matter color temperature in mireds; clamped to 1…65279.
    /// - Returns: Color temperature in kelvin, within 15…1_000_000.
    public static func kelvin(fromMireds mireds: Int) -> Int {
        let clamped = min(max(mireds, miredsRange.lowerBound), miredsRange.upperBound)
        return roundedQuotient(1_000_000, clamped)
    }

    /// Matter mireds for Google kelvin.
    ///
    /// Formula: `mireds = clamp(round(1_000_000 / kelvin), 1, 65279)`, rounding half away from zero.
    /// Kelvin at or below 0 is treated as the limit from above (infinitely warm) and gives 65279; kelvin at or
    /// above 2_000_000 gives 1. 2703 K → 370 mireds, 6536 K → 153 mireds.
    ///
    /// - Parameter kelvin: Google color temperature in kelvin; any value is accepted.
    /// - Returns: Color temperature in mireds, within 1…65279.
    public static func mireds(fromKelvin kelvin: Int) -> Int {
        guard kelvin > 0 else { return miredsRange.upperBound }
        // Above 2_000_000 K the quotient rounds to 0 and clamps to 1 anyway; capping avoids overflow.
        let capped = min(kelvin, 2_000_000)
        let mireds = roundedQuotient(1_000_000, capped)
        return min(max(mireds, miredsRange.lowerBound), miredsRange.upperBound)
    }

    /// Google `colorTemperatureRange` in kelvin for a device's Matter physical mireds range.
    ///
    /// The warmest color (most mireds) is the fewest kelvin, so `minK = kelvin(fromMireds: physicalMaxMireds)`
    /// and `maxK = kelvin(fromMireds: physicalMinMireds)`, each rounded as in `kelvin(fromMireds:)`. If a
    /// device reports the bounds swapped they are put back in order, so `minK ≤ maxK` always holds.
    /// 153…500 mireds → 2000…6536 K.
    ///
    /// - Parameters:
    ///   - physicalMinMireds: Matter `ColorTempPhysicalMinMireds` (the coolest color).
    ///   - physicalMaxMireds: Matter `ColorTempPhysicalMaxMireds` (the warmest color).
    /// - Returns: `temperatureMinK` and `temperatureMaxK` for Google's SYNC attributes, `minK ≤ maxK`.
    public static func colorTemperatureRangeKelvin(
        physicalMinMireds: Int,
        physicalMaxMireds: Int
    ) -> (minK: Int, maxK: Int) {
        let coolest = min(physicalMinMireds, physicalMaxMireds)
        let warmest = max(physicalMinMireds, physicalMaxMireds)
        return (minK: kelvin(fromMireds: warmest), maxK: kelvin(fromMireds: coolest))
    }

    /// `round(numerator / denominator)` half away from zero, for positive operands small enough not to overflow.
    private static func roundedQuotient(_ numerator: Int, _ denominator: Int) -> Int {
        (2 * numerator + denominator) / (2 * denominator)
    }
}
