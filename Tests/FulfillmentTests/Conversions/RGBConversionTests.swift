import Fulfillment
import PropertyBased
import Testing

struct RGBConversionTests {
    @Test func knownRGBToHSV() {
        expectHSV(RGBConversion.hsv(fromRGB: 0xFF0000), hue: 0, saturation: 1, value: 1)
        expectHSV(RGBConversion.hsv(fromRGB: 0x00FF00), hue: 120, saturation: 1, value: 1)
        expectHSV(RGBConversion.hsv(fromRGB: 0x0000FF), hue: 240, saturation: 1, value: 1)
        expectHSV(RGBConversion.hsv(fromRGB: 0xFFFF00), hue: 60, saturation: 1, value: 1)
        expectHSV(RGBConversion.hsv(fromRGB: 0xFFFFFF), hue: 0, saturation: 0, value: 1)
        expectHSV(RGBConversion.hsv(fromRGB: 0x000000), hue: 0, saturation: 0, value: 0)
        expectHSV(RGBConversion.hsv(fromRGB: 0x808080), hue: 0, saturation: 0, value: 0.502)
        // 0xFF0001 is just short of a full turn: 60 × (6 − 1/255) = 359.7647…°.
        expectHSV(RGBConversion.hsv(fromRGB: 0xFF0001), hue: 359.76, saturation: 1, value: 1)
    }

    @Test func knownHSVToRGB() {
        #expect(RGBConversion.rgb(fromHueDegrees: 0, saturation: 1, value: 1) == 0xFF0000)
        #expect(RGBConversion.rgb(fromHueDegrees: 120, saturation: 1, value: 1) == 0x00FF00)
        #expect(RGBConversion.rgb(fromHueDegrees: 240, saturation: 1, value: 1) == 0x0000FF)
        #expect(RGBConversion.rgb(fromHueDegrees: 300, saturation: 1, value: 1) == 0xFF00FF)
        #expect(RGBConversion.rgb(fromHueDegrees: 360, saturation: 1, value: 1) == 0xFF0000)
        #expect(RGBConversion.rgb(fromHueDegrees: 123, saturation: 0, value: 1) == 0xFF_FFFF)
        #expect(RGBConversion.rgb(fromHueDegrees: 123, saturation: 1, value: 0) == 0x000000)
        // 0.5 × 255 = 127.5 rounds half away from zero.
        #expect(RGBConversion.rgb(fromHueDegrees: 0, saturation: 0, value: 0.5) == 0x808080)
    }

    @Test func knownMatterHueSaturationToSpectrumRGB() {
        #expect(RGBConversion.spectrumRgb(fromCurrentHue: 0, currentSaturation: 254) == 0xFF0000)
        #expect(RGBConversion.spectrumRgb(fromCurrentHue: 254, currentSaturation: 254) == 0xFF0000)
        #expect(RGBConversion.spectrumRgb(fromCurrentHue: 127, currentSaturation: 254) == 0x00FFFF)
        #expect(RGBConversion.spectrumRgb(fromCurrentHue: 77, currentSaturation: 0) == 0xFF_FFFF)
        #expect(RGBConversion.hueSaturation(fromSpectrumRGB: 0xFF0000) == (currentHue: 0, currentSaturation: 254))
        #expect(RGBConversion.hueSaturation(fromSpectrumRGB: 0x00FF00) == (currentHue: 85, currentSaturation: 254))
        #expect(RGBConversion.hueSaturation(fromSpectrumRGB: 0xFF_FFFF) == (currentHue: 0, currentSaturation: 0))
    }

    @Test func outOfRangeInputsAreClamped() {
        #expect(RGBConversion.hsv(fromRGB: -1) == RGBConversion.hsv(fromRGB: 0))
        #expect(RGBConversion.hsv(fromRGB: .min) == RGBConversion.hsv(fromRGB: 0))
        #expect(RGBConversion.hsv(fromRGB: 0x100_0000) == RGBConversion.hsv(fromRGB: 0xFF_FFFF))
        #expect(RGBConversion.hsv(fromRGB: .max) == RGBConversion.hsv(fromRGB: 0xFF_FFFF))
        #expect(RGBConversion.rgb(fromHueDegrees: -240, saturation: 2, value: 7) == 0x00FF00)
        #expect(RGBConversion.rgb(fromHueDegrees: 480, saturation: 1, value: 1) == 0x00FF00)
        #expect(RGBConversion.rgb(fromHueDegrees: .nan, saturation: .nan, value: 1) == 0xFF_FFFF)
        #expect(RGBConversion.rgb(fromHueDegrees: .infinity, saturation: 1, value: .nan) == 0)
        #expect(RGBConversion.rgb(fromHueDegrees: 0, saturation: -1, value: -1) == 0)
        #expect(RGBConversion.hueSaturation(fromSpectrumRGB: -5) == (currentHue: 0, currentSaturation: 0))
        #expect(RGBConversion.spectrumRgb(fromCurrentHue: -3, currentSaturation: 999) == 0xFF0000)
    }

    /// Exhaustive over every red × green pair at the blue values where rounding is most delicate.
    @Test(arguments: [0, 1, 2, 127, 128, 253, 254, 255])
    func rgbToHSVToRGBIsIdentityForRedGreenSlice(blue: Int) {
        var failures: [Int] = []
        for red in 0...255 {
            for green in 0...255 {
                let rgb = red << 16 | green << 8 | blue
                if roundTrip(rgb) != rgb {
                    failures.append(rgb)
                }
            }
        }
        #expect(failures.isEmpty, "first failures: \(failures.prefix(5).map { String($0, radix: 16) })")
    }

    /// Exhaustive over a stride through the whole 24-bit space, coprime with 256 so every channel value occurs.
    @Test func rgbToHSVToRGBIsIdentityForStrideThroughAllColors() {
        var failures: [Int] = []
        for rgb in stride(from: 0, through: 0xFF_FFFF, by: 61) where roundTrip(rgb) != rgb {
            failures.append(rgb)
        }
        #expect(failures.isEmpty, "first failures: \(failures.prefix(5).map { String($0, radix: 16) })")
    }

    @Test func rgbToHSVToRGBIsIdentityForRandomColors() async {
        await propertyCheck(count: 20000, input: Gen.int(in: RGBConversion.spectrumRGBRange)) { rgb in
            #expect(roundTrip(rgb) == rgb)
        }
    }

    @Test func hsvOutputsStayWithinBoundsAndDecimals() async {
        await propertyCheck(count: 2000, input: Gen.int()) { rgb in
            let hsv = RGBConversion.hsv(fromRGB: rgb)
            #expect(hsv.hueDegrees >= 0 && hsv.hueDegrees < 360)
            #expect((0...1).contains(hsv.saturation))
            #expect((0...1).contains(hsv.value))
            #expect(abs(hsv.hueDegrees * 100 - (hsv.hueDegrees * 100).rounded()) < 1e-6)
            #expect(abs(hsv.saturation * 10000 - (hsv.saturation * 10000).rounded()) < 1e-6)
            #expect(abs(hsv.value * 10000 - (hsv.value * 10000).rounded()) < 1e-6)
        }
    }

    @Test func rgbOutputStaysWithinBounds() async {
        await propertyCheck(
            count: 2000,
            input: Gen.double(in: -1e6...1e6),
            Gen.double(in: -2...3),
            Gen.double(in: -2...3)
        ) { hue, saturation, value in
            let rgb = RGBConversion.rgb(fromHueDegrees: hue, saturation: saturation, value: value)
            #expect(RGBConversion.spectrumRGBRange.contains(rgb))
        }
    }

    /// The measured round trip documented on `RGBConversion.hueSaturation(fromSpectrumRGB:)`, over all pairs.
    @Test func matterHueSaturationToRGBAndBackIsWithinDocumentedError() {
        var worstSaturationError = 0
        var worstHueErrorBySaturation = [Int](repeating: 0, count: 255)
        for currentHue in 0...254 {
            for currentSaturation in 0...254 {
                let rgb = RGBConversion.spectrumRgb(fromCurrentHue: currentHue, currentSaturation: currentSaturation)
                let back = RGBConversion.hueSaturation(fromSpectrumRGB: rgb)
                worstSaturationError = max(worstSaturationError, abs(back.currentSaturation - currentSaturation))
                worstHueErrorBySaturation[currentSaturation] = max(
                    worstHueErrorBySaturation[currentSaturation],
                    circularHueDistance(back.currentHue, currentHue)
                )
                if currentSaturation == 0 {
                    #expect(back == (currentHue: 0, currentSaturation: 0))
                }
            }
        }
        #expect(worstSaturationError == 1)
        for saturation in 1...254 {
            let allowed: Int
            switch saturation {
            case 62...: allowed = 0
            case 16...: allowed = 1
            case 9...: allowed = 2
            case 5...: allowed = 4
            default: allowed = 21
            }
            #expect(worstHueErrorBySaturation[saturation] <= allowed, "saturation \(saturation)")
        }
    }

    private func roundTrip(_ rgb: Int) -> Int {
        let hsv = RGBConversion.hsv(fromRGB: rgb)
        return RGBConversion.rgb(fromHueDegrees: hsv.hueDegrees, saturation: hsv.saturation, value: hsv.value)
    }

    /// Distance between two `CurrentHue` values on Matter's 254-step circle, where 0 and 254 are both red.
    private func circularHueDistance(_ a: Int, _ b: Int) -> Int {
        let d = abs(a - b) % 254
        return min(d, 254 - d)
    }

    private func expectHSV(
        _ hsv: (hueDegrees: Double, saturation: Double, value: Double),
        hue: Double,
        saturation: Double,
        value: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(hsv.hueDegrees == hue, sourceLocation: sourceLocation)
        #expect(hsv.saturation == saturation, sourceLocation: sourceLocation)
        #expect(hsv.value == value, sourceLocation: sourceLocation)
    }
}
