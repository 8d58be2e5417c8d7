import Fulfillment
import PropertyBased
import Testing

struct TemperatureStepConversionTests {
    @Test func knownValues() {
        #expect(
            TemperatureStepConversion.snappedHundredths(17_760, minimum: 5000, maximum: 25_000, step: 500) == 18_000
        )
        #expect(
            TemperatureStepConversion.snappedHundredths(17_740, minimum: 5000, maximum: 25_000, step: 500) == 17_500
        )
        #expect(
            TemperatureStepConversion.snappedHundredths(17_750, minimum: 5000, maximum: 25_000, step: 500) == 18_000
        )
        #expect(TemperatureStepConversion.snappedHundredths(1730, minimum: 5000, maximum: 25_000, step: 500) == 5000)
        #expect(
            TemperatureStepConversion.snappedHundredths(99_999, minimum: 5000, maximum: 25_100, step: 500) == 25_000
        )
        #expect(TemperatureStepConversion.snappedHundredths(333, minimum: 100, maximum: 700, step: 0) == 333)
        #expect(TemperatureStepConversion.isOnStep(5500, minimum: 5000, step: 500))
        #expect(!TemperatureStepConversion.isOnStep(5510, minimum: 5000, step: 500))
        #expect(TemperatureStepConversion.isOnStep(5510, minimum: 5000, step: 0))
    }

    /// Snapped values are on the grid, in range, idempotent and monotone, and an in-grid-range input moves by at
    /// most half a step.
    @Test func snappingProperties() async {
        await propertyCheck(
            count: 1000,
            input: Gen.int(in: -30_000...30_000),
            Gen.int(in: -5000...5000),
            Gen.int(in: 0...20_000),
            Gen.int(in: 1...2000)
        ) { value, minimum, span, step in
            let maximum = minimum + span
            let snapped = TemperatureStepConversion.snappedHundredths(
                value,
                minimum: minimum,
                maximum: maximum,
                step: step
            )
            #expect((minimum...maximum).contains(snapped))
            #expect(TemperatureStepConversion.isOnStep(snapped, minimum: minimum, step: step))
            #expect(
                TemperatureStepConversion.snappedHundredths(snapped, minimum: minimum, maximum: maximum, step: step)
                    == snapped
            )
            let next = TemperatureStepConversion.snappedHundredths(
                value + 1,
                minimum: minimum,
                maximum: maximum,
                step: step
            )
            #expect(snapped <= next)
            let top = minimum + span / step * step
            if (minimum...top).contains(value) { #expect(abs(snapped - value) * 2 <= step) }
        }
    }

    /// Google °C → hundredths → °C gives back what Google sent, to the hundredth, across the setpoint range.
    @Test func celsiusRoundTrip() async {
        await propertyCheck(count: 1000, input: Gen.int(in: -27_315...32_767)) { hundredths in
            let celsius = TemperatureConversion.celsius(fromHundredthsCelsius: hundredths)
            #expect(TemperatureConversion.hundredthsCelsius(fromCelsius: celsius) == hundredths)
        }
    }
}
