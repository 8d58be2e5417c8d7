/// Converts between Matter ColorControl `CurrentHue`/`CurrentSaturation` and the hue and saturation of
/// Google's ColorSetting `spectrumHsv` (state) / `spectrumHSV` (command).
///
/// Matter: `CurrentHue` 0…254 spans 0…360° (`hue = CurrentHue × 360 / 254`, so 254 is 360°, the same red as
/// 0), `CurrentSaturation` 0…254 spans 0…1. Google: hue in degrees 0…360, saturation and value 0…1, as
/// JSON numbers. To keep JSON output short and stable, hue is rounded to `hueDecimalPlaces` (2) and
/// saturation to `saturationDecimalPlaces` (4); one Matter step is 1.417° and 0.0039, so the rounding moves
/// a value by at most 0.004 of a step and never changes the Matter value it reads back as.
///
/// Guarantees (checked exhaustively by `HueSaturationConversionTests`):
/// - Matter → Google → Matter is the identity for every `CurrentHue` 0…254 and `CurrentSaturation` 0…254.
/// - Outputs are always within bounds: hue 0…360, saturation 0…1, `CurrentHue`/`CurrentSaturation` 0…254,
///   whatever the input (negative, over range, infinite or NaN).
/// - Both directions are monotone (non-decreasing) over their unwrapped domains.
public enum HueSaturationConversion {
    /// Matter's `CurrentHue` scale: 254 steps around the color wheel.
    public static let currentHueRange = 0...254

    /// Matter's `CurrentSaturation` scale: 254 steps from white to fully saturated.
    public static let currentSaturationRange = 0...254

    /// Decimal places kept in Google hue degrees.
    public static let hueDecimalPlaces = 2

    /// Decimal places kept in Google saturation (and value) fractions.
    public static let saturationDecimalPlaces = 4

    /// Google hue in degrees for a Matter `CurrentHue`.
    ///
    /// Formula: `degrees = round₂(currentHue × 360 / 254)` (2 decimals, half away from zero), after clamping
    /// `currentHue` to 0…254. 0 → 0°, 127 → 180°, 254 → 360°.
    ///
    /// - Parameter currentHue: Matter `CurrentHue`; clamped to 0…254.
    /// - Returns: Hue in degrees, within 0…360.
    public static func hueDegrees(fromCurrentHue currentHue: Int) -> Double {
        let clamped = min(max(currentHue, currentHueRange.lowerBound), currentHueRange.upperBound)
        return (Double(clamped) * 360 / 254).rounded(toPlaces: hueDecimalPlaces)
    }

    /// Matter `CurrentHue` for a Google hue in degrees.
    ///
    /// Formula: `currentHue = round(degrees × 254 / 360)`, half away from zero. Degrees within Google's closed
    /// range 0…360 are used as they are, so 360° gives 254 (the same red as 0, and the value
    /// `hueDegrees(fromCurrentHue: 254)` returns); degrees outside it wrap modulo 360 into 0..<360
    /// (−90° → 270° → 191, 450° → 90° → 64). NaN and infinities give 0. The result is always 0…254.
    ///
    /// - Parameter hueDegrees: Hue in degrees, any value.
    /// - Returns: Matter `CurrentHue`, within 0…254.
    public static func currentHue(fromHueDegrees hueDegrees: Double) -> Int {
        guard hueDegrees.isFinite else { return 0 }
        var degrees = hueDegrees
        if degrees < 0 || degrees > 360 {
            degrees = degrees.truncatingRemainder(dividingBy: 360)
            if degrees < 0 {
                degrees += 360
            }
        }
        let step = (degrees * 254 / 360).rounded(.toNearestOrAwayFromZero)
        return min(max(Int(step), currentHueRange.lowerBound), currentHueRange.upperBound)
    }

    /// Google saturation fraction for a Matter `CurrentSaturation`.
    ///
    /// Formula: `saturation = round₄(currentSaturation / 254)` (4 decimals, half away from zero), after
    /// clamping `currentSaturation` to 0…254. 0 → 0, 127 → 0.5, 254 → 1.
    ///
    /// - Parameter currentSaturation: Matter `CurrentSaturation`; clamped to 0…254.
    /// - Returns: Saturation, within 0…1.
    public static func saturationFraction(fromCurrentSaturation currentSaturation: Int) -> Double {
        let clamped = min(
            max(currentSaturation, currentSaturationRange.lowerBound),
            currentSaturationRange.upperBound
        )
        return (Double(clamped) / 254).rounded(toPlaces: saturationDecimalPlaces)
    }

    /// Matter `CurrentSaturation` for a Google saturation fraction.
    ///
    /// Formula: `currentSaturation = round(clamp(saturation, 0, 1) × 254)`, half away from zero. NaN gives 0,
    /// −∞ gives 0, +∞ gives 254.
    ///
    /// - Parameter saturation: Saturation fraction, any value; clamped to 0…1.
    /// - Returns: Matter `CurrentSaturation`, within 0…254.
    public static func currentSaturation(fromSaturationFraction saturation: Double) -> Int {
        guard !saturation.isNaN else { return 0 }
        let clamped = min(max(saturation, 0), 1)
        return Int((clamped * 254).rounded(.toNearestOrAwayFromZero))
    }
}
