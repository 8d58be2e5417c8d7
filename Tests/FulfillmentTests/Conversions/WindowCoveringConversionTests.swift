import Fulfillment
import PropertyBased
import Testing

/// Matter's lift position (hundredths of a percent *closed*) against Google's `openPercent` (percent *open*).
struct WindowCoveringConversionTests {
    @Test func knownPositionsToOpenPercent() {
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 0) == 100)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 10000) == 0)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 2500) == 75)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 5000) == 50)
        // Halves round towards open: 99.5 % open reads 100, 99.49 % reads 99.
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 50) == 100)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 51) == 99)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 9950) == 1)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 9951) == 0)
    }

    @Test func knownOpenPercentsToPosition() {
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: 100) == 0)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: 0) == 10000)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: 75) == 2500)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: 33.333) == 6667)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: 0.005) == 9999)
    }

    @Test func outOfRangeInputsAreClamped() {
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: -1) == 100)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: 0xFFFF) == 0)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: .max) == 0)
        #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: .min) == 100)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: 150) == 0)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: -3) == 10000)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: .infinity) == 10000)
        #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: .nan) == 10000)
    }

    /// The inversion: fully open in Matter (0) is fully open in Google (100), and the two always add up to 100 %.
    @Test func scalesAreInverted() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...100)) { percent in
            let hundredths = WindowCoveringConversion.liftPercent100ths(fromOpenPercent: Double(percent))
            #expect(hundredths + percent * 100 == 10000)
        }
    }

    @Test func openPercentRoundTripIsIdentity() {
        for percent in 0...100 {
            let hundredths = WindowCoveringConversion.liftPercent100ths(fromOpenPercent: Double(percent))
            #expect(WindowCoveringConversion.openPercent(fromLiftPercent100ths: hundredths) == percent, "\(percent)")
        }
    }

    @Test func positionRoundTripMovesLittleAndSettles() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0...10000)) { hundredths in
            let percent = WindowCoveringConversion.openPercent(fromLiftPercent100ths: hundredths)
            let back = WindowCoveringConversion.liftPercent100ths(fromOpenPercent: Double(percent))
            #expect(abs(back - hundredths) <= 50)
            let again = WindowCoveringConversion.liftPercent100ths(
                fromOpenPercent: Double(WindowCoveringConversion.openPercent(fromLiftPercent100ths: back))
            )
            #expect(again == back)
        }
    }

    @Test func fractionalPercentRoundTripIsExactToTheHundredth() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...10000)) { hundredthsOpen in
            let percent = Double(hundredthsOpen) / 100
            #expect(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: percent) == 10000 - hundredthsOpen)
        }
    }

    @Test func bothDirectionsAreMonotoneDecreasing() {
        var previous = WindowCoveringConversion.openPercent(fromLiftPercent100ths: -10)
        for hundredths in -9...10010 {
            let percent = WindowCoveringConversion.openPercent(fromLiftPercent100ths: hundredths)
            #expect(percent <= previous, "\(hundredths)")
            previous = percent
        }
        var previousPosition = WindowCoveringConversion.liftPercent100ths(fromOpenPercent: -1)
        for tenth in -9...1010 {
            let position = WindowCoveringConversion.liftPercent100ths(fromOpenPercent: Double(tenth) / 10)
            #expect(position <= previousPosition, "\(tenth)")
            previousPosition = position
        }
    }

    @Test func resultsStayWithinBounds() async {
        await propertyCheck(count: 500, input: Gen.int()) { value in
            #expect((0...100).contains(WindowCoveringConversion.openPercent(fromLiftPercent100ths: value)))
            #expect((0...10000).contains(WindowCoveringConversion.liftPercent100ths(fromOpenPercent: Double(value))))
        }
    }
}
