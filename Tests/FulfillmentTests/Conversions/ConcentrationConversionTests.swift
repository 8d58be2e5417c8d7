import Fulfillment
import PropertyBased
import Testing

/// Concentration Measurement readings in Google's units: exact scale factors only, the decimal a `single` stands for.
struct ConcentrationConversionTests {
    typealias Conversion = ConcentrationConversion

    @Test func knownValues() {
        #expect(Conversion.value(612, in: .partsPerMillion, as: .partsPerMillion) == 612)
        #expect(Conversion.value(1500, in: .partsPerBillion, as: .partsPerMillion) == 1.5)
        #expect(Conversion.value(250, in: .partsPerBillion, as: .partsPerMillion) == 0.25)
        #expect(Conversion.value(2_000_000, in: .partsPerTrillion, as: .partsPerMillion) == 2)
        #expect(Conversion.value(0.012, in: .milligramsPerCubicMeter, as: .microgramsPerCubicMeter) == 12)
        #expect(Conversion.value(8.5, in: .microgramsPerCubicMeter, as: .microgramsPerCubicMeter) == 8.5)
        #expect(Conversion.value(3500, in: .nanogramsPerCubicMeter, as: .microgramsPerCubicMeter) == 3.5)
        // A single's 0.1 (0.100000001…) is the device's 0.1: 0.1 ppb is 0.0001 ppm.
        #expect(Conversion.value(Double(Float(0.1)), in: .partsPerBillion, as: .partsPerMillion) == 0.0001)
    }

    /// A ratio of parts is never a mass per volume (that needs the gas's molar mass and the air's temperature and
    /// pressure), and particle counts and becquerels are neither.
    @Test func inexactConversionsAreRefused() {
        for unit in [Conversion.MatterUnit.partsPerMillion, .partsPerBillion, .partsPerTrillion] {
            #expect(Conversion.value(1, in: unit, as: .microgramsPerCubicMeter) == nil)
            #expect(Conversion.converts(unit, to: .partsPerMillion))
        }
        for unit in [Conversion.MatterUnit.milligramsPerCubicMeter, .microgramsPerCubicMeter, .nanogramsPerCubicMeter] {
            #expect(Conversion.value(1, in: unit, as: .partsPerMillion) == nil)
            #expect(Conversion.converts(unit, to: .microgramsPerCubicMeter))
        }
        for target in Conversion.GoogleUnit.allCases {
            #expect(Conversion.value(1, in: .particlesPerCubicMeter, as: target) == nil)
            #expect(Conversion.value(1, in: .becquerelsPerCubicMeter, as: target) == nil)
        }
    }

    /// Every exact conversion is a power of ten: scaling back gives the reading again (to the last bits of a
    /// `Double`), keeps its sign, and keeps readings in order.
    @Test func conversionsScaleByPowersOfTenAndKeepOrder() async {
        let pairs: [(Conversion.MatterUnit, Conversion.GoogleUnit, Double)] = [
            (.partsPerMillion, .partsPerMillion, 1), (.partsPerBillion, .partsPerMillion, 1e-3),
            (.partsPerTrillion, .partsPerMillion, 1e-6), (.milligramsPerCubicMeter, .microgramsPerCubicMeter, 1e3),
            (.microgramsPerCubicMeter, .microgramsPerCubicMeter, 1),
            (.nanogramsPerCubicMeter, .microgramsPerCubicMeter, 1e-3),
        ]
        await propertyCheck(count: 500, input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000_000)) { a, b in
            for (unit, target, factor) in pairs {
                let (x, y) = (Double(a) / 4, Double(b) / 4)  // quarters: exact in a single
                guard let cx = Conversion.value(x, in: unit, as: target),
                    let cy = Conversion.value(y, in: unit, as: target)
                else {
                    Issue.record("\(unit) → \(target) should convert")
                    return
                }
                #expect(abs(cx - x * factor) <= abs(x * factor) * 1e-15)
                #expect(cx >= 0)
                if x <= y { #expect(cx <= cy) }
            }
        }
    }

    /// A single's decimal reads back as the same single: nothing the device said is lost.
    @Test func aSinglesDecimalIsTheSameSingle() async {
        await propertyCheck(count: 500, input: Gen.int(in: -1_000_000_000...1_000_000_000)) { raw in
            let single = Float(raw) / 997
            let decimal = Conversion.decimal(ofSingle: Double(single))
            #expect(Float(decimal) == single)
        }
    }
}
