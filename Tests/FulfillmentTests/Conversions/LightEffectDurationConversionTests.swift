import PropertyBased
import Testing

@testable import Fulfillment

/// Effect seconds ⇄ Matter tenths: bounded to what a `uint16` transition carries, and back without losing a started
/// second.
struct LightEffectDurationConversionTests {
    @Test func examples() {
        #expect(LightEffectDurationConversion.transitionTenths(fromSeconds: 1800) == 18000)
        #expect(LightEffectDurationConversion.transitionTenths(fromSeconds: 7000) == 65530)
        #expect(LightEffectDurationConversion.transitionTenths(fromSeconds: -3) == 0)
        #expect(LightEffectDurationConversion.seconds(fromTenths: 1) == 1)
        #expect(LightEffectDurationConversion.seconds(fromTenths: 65535) == 0)
    }

    @Test func tenthsAlwaysFitATransitionTime() async {
        await propertyCheck(count: 500, input: Gen.int()) { seconds in
            let tenths = LightEffectDurationConversion.transitionTenths(fromSeconds: seconds)
            #expect((0...65534).contains(tenths))
        }
    }

    @Test func secondsSurviveTheRoundTripWithinRange() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...LightEffectDurationConversion.maximumTransitionSeconds))
        {
            seconds in
            let tenths = LightEffectDurationConversion.transitionTenths(fromSeconds: seconds)
            #expect(LightEffectDurationConversion.seconds(fromTenths: tenths) == seconds)
        }
    }
}
