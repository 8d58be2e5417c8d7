import PropertyBased
import Testing

@testable import Fulfillment

struct XYConversionTests {
    @Test func knownChromaticities() {
        // sRGB primaries and white (IEC 61966-2-1): red (0.64, 0.33), green (0.30, 0.60), blue (0.15, 0.06).
        #expect(XYConversion.currentXY(fromSpectrumRGB: 0xFF0000) == (41943, 21627))
        #expect(XYConversion.currentXY(fromSpectrumRGB: 0x00FF00) == (19661, 39322))
        #expect(XYConversion.currentXY(fromSpectrumRGB: 0x0000FF) == (9830, 3932))
        let white = XYConversion.currentXY(fromSpectrumRGB: 0xFFFFFF)
        #expect(abs(white.currentX - 20493) <= 2 && abs(white.currentY - 21561) <= 2)
        #expect(XYConversion.currentXY(fromSpectrumRGB: 0) == (20493, 21561), "black has no chromaticity: D65")
        #expect(XYConversion.spectrumRgb(fromCurrentX: 41943, currentY: 21627) == 0xFF0000)
        #expect(XYConversion.spectrumRgb(fromCurrentX: 19661, currentY: 39322) == 0x00FF00)
        #expect(XYConversion.spectrumRgb(fromCurrentX: 9830, currentY: 3932) == 0x0000FF)
    }

    @Test func fullBrightnessColorsSurviveARoundTrip() async {
        // Colors whose largest channel is 255 carry nothing xy loses: RGB → xy → RGB within 2 per channel.
        await propertyCheck(count: 2000, input: Gen.int(in: 0...0xFFFF), Gen.int(in: 0...2)) { low, position in
            let a = low >> 8
            let b = low & 0xFF
            let rgb: Int
            switch position {
            case 0: rgb = 0xFF << 16 | a << 8 | b
            case 1: rgb = a << 16 | 0xFF << 8 | b
            default: rgb = a << 16 | b << 8 | 0xFF
            }
            let xy = XYConversion.currentXY(fromSpectrumRGB: rgb)
            let back = XYConversion.spectrumRgb(fromCurrentX: xy.currentX, currentY: xy.currentY)
            for shift in [16, 8, 0] {
                #expect(abs((back >> shift & 0xFF) - (rgb >> shift & 0xFF)) <= 2, "\(rgb) → \(xy) → \(back)")
            }
        }
    }

    @Test func everyMatterValueGivesAValidColor() async {
        await propertyCheck(count: 2000, input: Gen.int(in: -10...70000), Gen.int(in: -10...70000)) { x, y in
            let rgb = XYConversion.spectrumRgb(fromCurrentX: x, currentY: y)
            #expect((0...0xFF_FFFF).contains(rgb))
            #expect(max(rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF) == 255, "full brightness")
        }
    }

    @Test func everyRGBGivesMatterValuesInRange() async {
        await propertyCheck(count: 2000, input: Gen.int(in: -5...0x1FF_FFFF)) { rgb in
            let xy = XYConversion.currentXY(fromSpectrumRGB: rgb)
            #expect(XYConversion.matterRange.contains(xy.currentX))
            #expect(XYConversion.matterRange.contains(xy.currentY))
        }
    }
}
