import Fulfillment
import PropertyBased
import Testing

struct ColorTemperatureConversionTests {
    @Test func knownValues() {
        #expect(ColorTemperatureConversion.kelvin(fromMireds: 370) == 2703)
        #expect(ColorTemperatureConversion.kelvin(fromMireds: 153) == 6536)
        #expect(ColorTemperatureConversion.kelvin(fromMireds: 500) == 2000)
        #expect(ColorTemperatureConversion.kelvin(fromMireds: 1) == 1_000_000)
        #expect(ColorTemperatureConversion.kelvin(fromMireds: 65279) == 15)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: 2703) == 370)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: 6536) == 153)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: 2000) == 500)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: 6500) == 154)
    }

    @Test func outOfRangeInputsAreHandled() {
        #expect(ColorTemperatureConversion.kelvin(fromMireds: 0) == 1_000_000)
        #expect(ColorTemperatureConversion.kelvin(fromMireds: -7) == 1_000_000)
        #expect(ColorTemperatureConversion.kelvin(fromMireds: .min) == 1_000_000)
        #expect(ColorTemperatureConversion.kelvin(fromMireds: .max) == 15)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: 0) == 65279)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: -7) == 65279)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: .min) == 65279)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: 1) == 65279)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: .max) == 1)
    }

    @Test func miredsToKelvinToMiredsIsIdentityOverDocumentedRange() {
        for mireds in ColorTemperatureConversion.exactRoundTripMireds {
            let kelvin = ColorTemperatureConversion.kelvin(fromMireds: mireds)
            #expect(ColorTemperatureConversion.mireds(fromKelvin: kelvin) == mireds, "mireds \(mireds)")
        }
        // The documented range is the largest one starting at 1: the next value does not come back.
        let firstFailure = ColorTemperatureConversion.exactRoundTripMireds.upperBound + 1
        let kelvin = ColorTemperatureConversion.kelvin(fromMireds: firstFailure)
        #expect(ColorTemperatureConversion.mireds(fromKelvin: kelvin) != firstFailure)
        // It covers the physically meaningful 100…1000 mireds (10000…1000 K).
        #expect(ColorTemperatureConversion.exactRoundTripMireds.contains(100))
        #expect(ColorTemperatureConversion.exactRoundTripMireds.contains(1000))
    }

    @Test func kelvinToMiredsToKelvinIsWithinDerivedBoundForLampRange() {
        var worst = 0
        var worstInGoogleDefaultRange = 0
        for kelvin in 1000...10000 {
            let error = abs(roundTrip(kelvin) - kelvin)
            #expect(Double(error) <= errorBound(kelvin), "kelvin \(kelvin)")
            worst = max(worst, error)
            if (2000...6500).contains(kelvin) {
                worstInGoogleDefaultRange = max(worstInGoogleDefaultRange, error)
            }
        }
        // The worst cases documented in ColorTemperatureConversion.
        #expect(worst == 49)
        #expect(worstInGoogleDefaultRange == 21)
    }

    @Test func kelvinToMiredsToKelvinIsWithinDerivedBound() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 15...1_999_999)) { kelvin in
            #expect(Double(abs(roundTrip(kelvin) - kelvin)) <= errorBound(kelvin))
        }
    }

    @Test func miredsToKelvinIsMonotoneDecreasing() {
        var previous = ColorTemperatureConversion.kelvin(fromMireds: -5)
        for mireds in -4...65290 {
            let kelvin = ColorTemperatureConversion.kelvin(fromMireds: mireds)
            #expect(kelvin <= previous, "mireds \(mireds)")
            previous = kelvin
        }
    }

    @Test func kelvinToMiredsIsMonotoneDecreasing() async {
        var previous = ColorTemperatureConversion.mireds(fromKelvin: -5)
        for kelvin in -4...20000 {
            let mireds = ColorTemperatureConversion.mireds(fromKelvin: kelvin)
            #expect(mireds <= previous, "kelvin \(kelvin)")
            previous = mireds
        }
        await propertyCheck(input: Gen.int(), Gen.int()) { a, b in
            let (low, high) = (min(a, b), max(a, b))
            #expect(
                ColorTemperatureConversion.mireds(fromKelvin: low)
                    >= ColorTemperatureConversion.mireds(fromKelvin: high)
            )
        }
    }

    @Test func outputsStayWithinBounds() async {
        await propertyCheck(count: 500, input: Gen.int()) { value in
            #expect(
                ColorTemperatureConversion.kelvinRange.contains(ColorTemperatureConversion.kelvin(fromMireds: value))
            )
            #expect(
                ColorTemperatureConversion.miredsRange.contains(ColorTemperatureConversion.mireds(fromKelvin: value))
            )
        }
    }

    @Test func rangeInKelvinSwapsEnds() {
        let range = ColorTemperatureConversion.colorTemperatureRangeKelvin(
            physicalMinMireds: 153,
            physicalMaxMireds: 500
        )
        #expect(range.minK == 2000)
        #expect(range.maxK == 6536)
        let swapped = ColorTemperatureConversion.colorTemperatureRangeKelvin(
            physicalMinMireds: 500,
            physicalMaxMireds: 153
        )
        #expect(swapped.minK == 2000)
        #expect(swapped.maxK == 6536)
    }

    @Test func rangeInKelvinIsOrdered() async {
        await propertyCheck(count: 500, input: Gen.int(), Gen.int()) { minMireds, maxMireds in
            let range = ColorTemperatureConversion.colorTemperatureRangeKelvin(
                physicalMinMireds: minMireds,
                physicalMaxMireds: maxMireds
            )
            #expect(range.minK <= range.maxK)
        }
    }

    private func roundTrip(_ kelvin: Int) -> Int {
        ColorTemperatureConversion.kelvin(fromMireds: ColorTemperatureConversion.mireds(fromKelvin: kelvin))
    }

    /// `K² / (2_000_000 − K) + 0.5`, the bound documented on `ColorTemperatureConversion`.
    private func errorBound(_ kelvin: Int) -> Double {
        let k = Double(kelvin)
        return k * k / (2_000_000 - k) + 0.5
    }
}
