import Fulfillment
import PropertyBased
import Testing

/// Matter's tilt position (hundredths of a percent *closed*) against Google's `rotationPercent` (0 closed, 100 open).
struct RotationConversionTests {
    @Test func knownTiltsToRotationPercent() {
        #expect(RotationConversion.rotationPercent(fromTiltPercent100ths: 0) == 100)
        #expect(RotationConversion.rotationPercent(fromTiltPercent100ths: 10000) == 0)
        #expect(RotationConversion.rotationPercent(fromTiltPercent100ths: 2500) == 75)
        #expect(RotationConversion.rotationPercent(fromTiltPercent100ths: 0xFFFF) == 0, "clamped")
    }

    @Test func knownRotationPercentsToTilt() {
        #expect(RotationConversion.tiltPercent100ths(fromRotationPercent: 100) == 0)
        #expect(RotationConversion.tiltPercent100ths(fromRotationPercent: 0) == 10000)
        #expect(RotationConversion.tiltPercent100ths(fromRotationPercent: 40) == 6000)
        #expect(RotationConversion.tiltPercent100ths(fromRotationPercent: .nan) == 10000)
    }

    @Test func percentRoundTripIsIdentity() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...100)) { percent in
            let hundredths = RotationConversion.tiltPercent100ths(fromRotationPercent: Double(percent))
            #expect(RotationConversion.rotationPercent(fromTiltPercent100ths: hundredths) == percent)
            #expect((0...10000).contains(hundredths))
        }
    }

    /// More closed slats are less open: the conversion never increases with the tilt.
    @Test func isMonotoneDecreasing() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...9999)) { hundredths in
            #expect(
                RotationConversion.rotationPercent(fromTiltPercent100ths: hundredths + 1)
                    <= RotationConversion.rotationPercent(fromTiltPercent100ths: hundredths)
            )
        }
    }
}
