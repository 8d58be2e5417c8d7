/// Converts between Matter temperatures (int16 hundredths of a degree Celsius) and Google's temperatures
/// (numbers in degrees Celsius, as every Google temperature is transmitted whatever the display unit).
///
/// Guarantees (checked by `TemperatureConversionTests`): hundredths → °C → hundredths is the identity for every
/// int16; both directions are monotone.
public enum TemperatureConversion {
    /// Google °C for Matter hundredths of a degree: `hundredths / 100`, rounded to two decimals (exact for every
    /// int16, the rounding only strips floating-point noise). 2150 → 21.5, −4000 → −40.
    public static func celsius(fromHundredthsCelsius hundredths: Int) -> Double {
        (Double(hundredths) / 100).rounded(toPlaces: 2)
    }

    /// Matter hundredths of a degree for Google °C: `round(celsius × 100)`, half away from zero. 21.5 → 2150,
    /// 21.555 → 2156 (where the double allows). Callers clamp into the device's limits.
    public static func hundredthsCelsius(fromCelsius celsius: Double) -> Int {
        Int((celsius * 100).rounded(.toNearestOrAwayFromZero))
    }

    /// Google °C for Matter tenths of a degree (`MinSetpointDeadBand`): `tenths / 10`, two decimals. 25 → 2.5.
    public static func celsius(fromTenthsCelsius tenths: Int) -> Double {
        (Double(tenths) / 10).rounded(toPlaces: 2)
    }
}
