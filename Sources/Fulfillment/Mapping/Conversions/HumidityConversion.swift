/// Converts Matter relative humidity (uint16 hundredths of a percent, 0…10000) to Google's integer percent.
///
/// Guarantees (checked by `HumidityConversionTests`): the result is within 0…100, monotone, and percent × 100
/// reads back as that percent.
public enum HumidityConversion {
    /// Google `humidityAmbientPercent` for Matter `MeasuredValue`: `round(hundredths / 100)`, half away from zero
    /// (in integers, `(hundredths + 50) / 100`), after clamping to 0…10000. 4550 → 46, 4549 → 45, 10000 → 100.
    public static func percent(fromHundredthsPercent hundredths: Int) -> Int {
        (min(max(hundredths, 0), 10000) + 50) / 100
    }
}
