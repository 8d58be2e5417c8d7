import Fulfillment
import PropertyBased
import Testing

struct HueSaturationConversionTests {
    @Test func knownHues() {
        #expect(HueSaturationConversion.hueDegrees(fromCurrentHue: 0) == 0)
        #expect(HueSaturationConversion.hueDegrees(fromCurrentHue: 1) == 1.42)
        #expect(HueSaturationConversion.hueDegrees(fromCurrentHue: 127) == 180)
        #expect(HueSaturationConversion.hueDegrees(fromCurrentHue: 254) == 360)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: 0) == 0)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: 120) == 85)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: 180) == 127)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: 360) == 254)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: 359.9) == 254)
    }

    @Test func hueOutsideZeroTo360Wraps() {
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: -90) == 191)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: 450) == 64)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: 720) == 0)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: -360) == 0)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: .nan) == 0)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: .infinity) == 0)
        #expect(HueSaturationConversion.currentHue(fromHueDegrees: -.infinity) == 0)
        for degrees in -1080...1080 where degrees % 360 != 0 {
            let wrapped = ((degrees % 360) + 360) % 360
            #expect(
                HueSaturationConversion.currentHue(fromHueDegrees: Double(degrees))
                    == HueSaturationConversion.currentHue(fromHueDegrees: Double(wrapped)),
                "degrees \(degrees)"
            )
        }
    }

    @Test func knownSaturations() {
        #expect(HueSaturationConversion.saturationFraction(fromCurrentSaturation: 0) == 0)
        #expect(HueSaturationConversion.saturationFraction(fromCurrentSaturation: 100) == 0.3937)
        #expect(HueSaturationConversion.saturationFraction(fromCurrentSaturation: 127) == 0.5)
        #expect(HueSaturationConversion.saturationFraction(fromCurrentSaturation: 254) == 1)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: 0) == 0)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: 0.5) == 127)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: 1) == 254)
    }

    @Test func outOfRangeInputsAreClamped() {
        #expect(HueSaturationConversion.hueDegrees(fromCurrentHue: -1) == 0)
        #expect(HueSaturationConversion.hueDegrees(fromCurrentHue: 255) == 360)
        #expect(HueSaturationConversion.saturationFraction(fromCurrentSaturation: .min) == 0)
        #expect(HueSaturationConversion.saturationFraction(fromCurrentSaturation: .max) == 1)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: -0.5) == 0)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: 2) == 254)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: .nan) == 0)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: .infinity) == 254)
        #expect(HueSaturationConversion.currentSaturation(fromSaturationFraction: -.infinity) == 0)
    }

    @Test func matterToGoogleToMatterIsIdentityForEveryHue() {
        for currentHue in HueSaturationConversion.currentHueRange {
            let degrees = HueSaturationConversion.hueDegrees(fromCurrentHue: currentHue)
            #expect(HueSaturationConversion.currentHue(fromHueDegrees: degrees) == currentHue, "hue \(currentHue)")
        }
    }

    @Test func matterToGoogleToMatterIsIdentityForEverySaturation() {
        for currentSaturation in HueSaturationConversion.currentSaturationRange {
            let fraction = HueSaturationConversion.saturationFraction(fromCurrentSaturation: currentSaturation)
            #expect(
                HueSaturationConversion.currentSaturation(fromSaturationFraction: fraction) == currentSaturation,
                "saturation \(currentSaturation)"
            )
        }
    }

    @Test func googleValuesAreRoundedToDocumentedDecimals() {
        for step in 0...254 {
            let degrees = HueSaturationConversion.hueDegrees(fromCurrentHue: step)
            #expect(abs(degrees * 100 - (degrees * 100).rounded()) < 1e-6, "hue \(step)")
            #expect(abs(degrees - Double(step) * 360 / 254) <= 0.005 + 1e-9, "hue \(step)")
            let fraction = HueSaturationConversion.saturationFraction(fromCurrentSaturation: step)
            #expect(abs(fraction * 10000 - (fraction * 10000).rounded()) < 1e-6, "saturation \(step)")
            #expect(abs(fraction - Double(step) / 254) <= 0.00005 + 1e-12, "saturation \(step)")
        }
    }

    @Test func conversionsAreMonotone() {
        var previousDegrees = -1.0
        var previousFraction = -1.0
        for step in -3...258 {
            let degrees = HueSaturationConversion.hueDegrees(fromCurrentHue: step)
            let fraction = HueSaturationConversion.saturationFraction(fromCurrentSaturation: step)
            #expect(degrees >= previousDegrees, "hue \(step)")
            #expect(fraction >= previousFraction, "saturation \(step)")
            previousDegrees = degrees
            previousFraction = fraction
        }
        var previousHue = 0
        var previousSaturation = 0
        for hundredths in 0...36000 {
            let hue = HueSaturationConversion.currentHue(fromHueDegrees: Double(hundredths) / 100)
            let saturation = HueSaturationConversion.currentSaturation(
                fromSaturationFraction: Double(hundredths) / 36000
            )
            #expect(hue >= previousHue, "degrees \(Double(hundredths) / 100)")
            #expect(saturation >= previousSaturation, "fraction \(Double(hundredths) / 36000)")
            previousHue = hue
            previousSaturation = saturation
        }
    }

    @Test func outputsStayWithinBounds() async {
        await propertyCheck(count: 500, input: Gen.double(in: -1e9...1e9), Gen.int()) { real, integer in
            #expect(
                HueSaturationConversion.currentHueRange.contains(
                    HueSaturationConversion.currentHue(fromHueDegrees: real)
                )
            )
            #expect(
                HueSaturationConversion.currentSaturationRange.contains(
                    HueSaturationConversion.currentSaturation(fromSaturationFraction: real)
                )
            )
            #expect((0...360).contains(HueSaturationConversion.hueDegrees(fromCurrentHue: integer)))
            #expect((0...1).contains(HueSaturationConversion.saturationFraction(fromCurrentSaturation: integer)))
        }
    }
}
