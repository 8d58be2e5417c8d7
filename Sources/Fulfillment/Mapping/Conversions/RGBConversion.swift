/// Converts between Google's ColorSetting `spectrumRgb` (state) / `spectrumRGB` (command), an integer
/// `0xRRGGBB` in 0…0xFF_FFFF, and HSV, and from there to Matter `CurrentHue`/`CurrentSaturation`.
///
/// HSV here is Google's: hue in degrees 0..<360, saturation and value 0…1. Conversions use the standard
/// hexcone model (the one in every graphics text); HSV → RGB rounds each channel half away from zero, and
/// RGB → HSV rounds hue to 2 decimals and saturation/value to 4 for stable JSON, exactly as
/// `HueSaturationConversion` does.
///
/// Guarantees (checked by `RGBConversionTests`):
/// - rgb → hsv → rgb is the identity for every value 0…0xFF_FFFF (all 16_777_216 were checked once while
///   writing this; the tests check exhaustive slices and a large random sample).
/// - HSV outputs are within bounds (hue 0..<360, saturation and value 0…1) and RGB outputs within
///   0…0xFF_FFFF; out-of-range inputs are clamped (hue wraps modulo 360, NaN reads as 0).
/// - Matter hue/saturation → RGB → Matter hue/saturation, measured exhaustively over the 255 × 255 grid:
///   `CurrentSaturation` returns within ±1 (exact except at 127); `CurrentHue`, measured on the 254-step
///   circle where 0 and 254 are the same red, returns exactly for `CurrentSaturation` ≥ 62, within ±1 for
///   ≥ 16, ±2 for ≥ 9, ±4 for ≥ 5, and is lost at 0 (every hue of white is the same RGB). See
///   `hueSaturation(fromSpectrumRGB:)`.
public enum RGBConversion {
    /// Google's `spectrumRgb` values: 24-bit `0xRRGGBB`.
    public static let spectrumRGBRange = 0...0xFF_FFFF

    /// The 24-bit `0xRRGGBB` color for a hue, saturation and value.
    ///
    /// Formula (hexcone): `c = v × s`, `h' = h / 60`, `x = c × (1 − |h' mod 2 − 1|)`, `m = v − c`; the
    /// sector `⌊h'⌋` picks `(r, g, b)` from `(c, x, 0)`, `(x, c, 0)`, `(0, c, x)`, `(0, x, c)`, `(x, 0, c)`,
    /// `(c, 0, x)`; each channel is `round((channel + m) × 255)`, half away from zero.
    /// Hue wraps modulo 360 (so 360° is red again); saturation and value are clamped to 0…1; NaN reads as 0.
    /// Hue 0°, saturation 1, value 1 → 0xFF0000; 120° → 0x00FF00; saturation 0, value 1 → 0xFFFFFF.
    ///
    /// - Parameters:
    ///   - hueDegrees: Hue in degrees, any value; wrapped into 0..<360.
    ///   - saturation: Saturation fraction; clamped to 0…1.
    ///   - value: Value (brightness) fraction; clamped to 0…1.
    /// - Returns: `0xRRGGBB`, within 0…0xFF_FFFF.
    public static func rgb(fromHueDegrees hueDegrees: Double, saturation: Double, value: Double) -> Int {
        let hue = wrappedDegrees(hueDegrees)
        let s = unitClamped(saturation)
        let v = unitClamped(value)

        let chroma = v * s
        let sector = hue / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let m = v - chroma

        let (r, g, b): (Double, Double, Double)
        switch min(Int(sector), 5) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        return channel(r + m) << 16 | channel(g + m) << 8 | channel(b + m)
    }

    /// Hue, saturation and value for a 24-bit `0xRRGGBB` color.
    ///
    /// Formula (hexcone): with channels `r, g, b` in 0…255, `max`, `min` and `d = max − min`:
    /// `value = max / 255`; `saturation = d / max` (0 when `max` is 0); hue is 0 when `d` is 0, else
    /// `60 × ((g − b) / d mod 6)` when red is largest, `60 × ((b − r) / d + 2)` when green is,
    /// `60 × ((r − g) / d + 4)` when blue is. Hue is rounded to 2 decimals, saturation and value to 4, half
    /// away from zero. Inputs outside 0…0xFF_FFFF are clamped. 0xFF0000 → (0, 1, 1); 0x00FF00 → (120, 1, 1);
    /// 0xFFFFFF → (0, 0, 1).
    ///
    /// - Parameter rgb: `0xRRGGBB`; clamped to 0…0xFF_FFFF.
    /// - Returns: Hue in degrees within 0..<360, saturation and value within 0…1.
    public static func hsv(fromRGB rgb: Int) -> (hueDegrees: Double, saturation: Double, value: Double) {
        let clamped = min(max(rgb, spectrumRGBRange.lowerBound), spectrumRGBRange.upperBound)
        let r = (clamped >> 16) & 0xFF
        let g = (clamped >> 8) & 0xFF
        let b = clamped & 0xFF
        let largest = max(r, g, b)
        let delta = largest - min(r, g, b)

        let value = Double(largest) / 255
        let saturation = largest == 0 ? 0 : Double(delta) / Double(largest)
        var hue: Double
        if delta == 0 {
            hue = 0
        } else if largest == r {
            hue = 60 * (Double(g - b) / Double(delta))
            if hue < 0 {
                hue += 360
            }
        } else if largest == g {
            hue = 60 * (Double(b - r) / Double(delta) + 2)
        } else {
            hue = 60 * (Double(r - g) / Double(delta) + 4)
        }

        var roundedHue = hue.rounded(toPlaces: HueSaturationConversion.hueDecimalPlaces)
        if roundedHue >= 360 {
            roundedHue = 0
        }
        return (
            hueDegrees: roundedHue,
            saturation: saturation.rounded(toPlaces: HueSaturationConversion.saturationDecimalPlaces),
            value: value.rounded(toPlaces: HueSaturationConversion.saturationDecimalPlaces)
        )
    }

    /// Google `spectrumRgb` for a Matter `CurrentHue` and `CurrentSaturation`, at full value.
    ///
    /// Formula: `rgb(fromHueDegrees: hueDegrees(fromCurrentHue:), saturation:
    /// saturationFraction(fromCurrentSaturation:), value: 1)`. Brightness belongs to LevelControl and
    /// Google's Brightness trait, so the color is reported at value 1. Inputs are clamped to 0…254.
    /// Hue 0, saturation 254 → 0xFF0000; any hue, saturation 0 → 0xFFFFFF.
    ///
    /// - Parameters:
    ///   - currentHue: Matter `CurrentHue`, 0…254.
    ///   - currentSaturation: Matter `CurrentSaturation`, 0…254.
    /// - Returns: `0xRRGGBB`, within 0…0xFF_FFFF.
    public static func spectrumRgb(fromCurrentHue currentHue: Int, currentSaturation: Int) -> Int {
        rgb(
            fromHueDegrees: HueSaturationConversion.hueDegrees(fromCurrentHue: currentHue),
            saturation: HueSaturationConversion.saturationFraction(fromCurrentSaturation: currentSaturation),
            value: 1
        )
    }

    /// Matter `CurrentHue` and `CurrentSaturation` for a Google `spectrumRGB` command value.
    ///
    /// Formula: `hsv(fromRGB:)`, then `currentHue(fromHueDegrees:)` and
    /// `currentSaturation(fromSaturationFraction:)`; the value (brightness) is dropped, since it belongs to
    /// LevelControl. Inputs outside 0…0xFF_FFFF are clamped. 0xFF0000 → (0, 254); 0xFFFFFF → (0, 0).
    ///
    /// Round trip from Matter, measured over all 255 × 255 `CurrentHue` × `CurrentSaturation` pairs through
    /// `spectrumRgb(fromCurrentHue:currentSaturation:)`: saturation returns within ±1 (exact except at 127);
    /// hue (circular, 0 ≡ 254) returns exactly for saturation ≥ 62, within ±1 for ≥ 16, ±2 for ≥ 9 and ±4 for
    /// ≥ 5. Below that 8-bit RGB cannot hold the hue: at saturation 0 every hue is white and comes back as 0.
    ///
    /// - Parameter spectrumRGB: `0xRRGGBB`; clamped to 0…0xFF_FFFF.
    /// - Returns: Matter `CurrentHue` and `CurrentSaturation`, each within 0…254.
    public static func hueSaturation(fromSpectrumRGB spectrumRGB: Int) -> (currentHue: Int, currentSaturation: Int) {
        let hsv = hsv(fromRGB: spectrumRGB)
        return (
            currentHue: HueSaturationConversion.currentHue(fromHueDegrees: hsv.hueDegrees),
            currentSaturation: HueSaturationConversion.currentSaturation(fromSaturationFraction: hsv.saturation)
        )
    }

    /// `value` clamped to 0…1, with NaN read as 0.
    private static func unitClamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// `degrees` wrapped into 0..<360, with NaN and infinities read as 0.
    private static func wrappedDegrees(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        var wrapped = degrees.truncatingRemainder(dividingBy: 360)
        if wrapped < 0 {
            wrapped += 360
        }
        return wrapped < 360 ? wrapped : 0
    }

    /// A 0…1 channel as an 8-bit value, rounded half away from zero and clamped to 0…255.
    private static func channel(_ fraction: Double) -> Int {
        min(max(Int((fraction * 255).rounded(.toNearestOrAwayFromZero)), 0), 255)
    }
}
