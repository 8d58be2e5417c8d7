#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Matter `ColorControl` `CurrentX` / `CurrentY` (CIE 1931 chromaticity × 65536, 0…65279) ⇄ Google RGB.
///
/// xy carries no brightness: xy → RGB gives the brightest sRGB color of that chromaticity (the largest channel is
/// 255), and RGB → xy ignores the value. The path is CIE xy → XYZ (Y = 1) → linear sRGB (IEC 61966-2-1, D65
/// matrix) → negative channels clamped to 0 (out of gamut) → scaled so the largest channel is 1 → sRGB gamma →
/// 0…255 rounded half away from zero; and back with the inverse matrix. RGB black has no chromaticity and maps
/// to the D65 white point (x 0.3127, y 0.3290).
public enum XYConversion {
    /// Matter's scale: a chromaticity coordinate × 65536.
    public static let matterScale = 65536.0
    /// Matter's range of `CurrentX` / `CurrentY`.
    public static let matterRange = 0...65279
    /// D65, where black and invalid inputs land.
    public static let whitePoint = (x: 0.3127, y: 0.3290)

    /// `CurrentX`/`CurrentY` → 0xRRGGBB at full brightness.
    public static func spectrumRgb(fromCurrentX currentX: Int, currentY: Int) -> Int {
        let x = Double(min(max(currentX, matterRange.lowerBound), matterRange.upperBound)) / matterScale
        var y = Double(min(max(currentY, matterRange.lowerBound), matterRange.upperBound)) / matterScale
        if y <= 0 { y = 1 / matterScale }
        let bigX = x / y
        let bigZ = (1 - x - y) / y
        var linear = [
            3.2404542 * bigX - 1.5371385 - 0.4985314 * bigZ,
            -0.9692660 * bigX + 1.8760108 + 0.0415560 * bigZ,
            0.0556434 * bigX - 0.2040259 + 1.0572252 * bigZ,
        ].map { max($0, 0) }
        let largest = linear.max() ?? 0
        guard largest > 0 else { return 0xFF_FFFF }
        linear = linear.map { $0 / largest }
        let channels = linear.map { Int((gammaEncoded($0) * 255).rounded(.toNearestOrAwayFromZero)) }
        return channels[0] << 16 | channels[1] << 8 | channels[2]
    }

    /// 0xRRGGBB → `CurrentX`/`CurrentY`.
    public static func currentXY(fromSpectrumRGB rgb: Int) -> (currentX: Int, currentY: Int) {
        let value = min(max(rgb, 0), 0xFF_FFFF)
        let red = gammaDecoded(Double(value >> 16 & 0xFF) / 255)
        let green = gammaDecoded(Double(value >> 8 & 0xFF) / 255)
        let blue = gammaDecoded(Double(value & 0xFF) / 255)
        let bigX = 0.4124564 * red + 0.3575761 * green + 0.1804375 * blue
        let bigY = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
        let bigZ = 0.0193339 * red + 0.1191920 * green + 0.9503041 * blue
        let sum = bigX + bigY + bigZ
        let (x, y) = sum > 0 ? (bigX / sum, bigY / sum) : whitePoint
        return (matter(x), matter(y))
    }

    private static func matter(_ coordinate: Double) -> Int {
        min(max(Int((coordinate * matterScale).rounded(.toNearestOrAwayFromZero)), 0), matterRange.upperBound)
    }

    /// The sRGB transfer function, linear → encoded, both 0…1.
    static func gammaEncoded(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// The inverse sRGB transfer function, encoded → linear, both 0…1.
    static func gammaDecoded(_ encoded: Double) -> Double {
        encoded <= 0.040_45 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
}
