import Fulfillment
import PropertyBased
import Testing

struct TemperatureConversionTests {
    @Test func knownValues() {
        #expect(TemperatureConversion.celsius(fromHundredthsCelsius: 2150) == 21.5)
        #expect(TemperatureConversion.celsius(fromHundredthsCelsius: -4000) == -40)
        #expect(TemperatureConversion.celsius(fromHundredthsCelsius: 2133) == 21.33)
        #expect(TemperatureConversion.celsius(fromHundredthsCelsius: -27315) == -273.15)
        #expect(TemperatureConversion.hundredthsCelsius(fromCelsius: 21.5) == 2150)
        #expect(TemperatureConversion.hundredthsCelsius(fromCelsius: -0.005) == -1)
        #expect(TemperatureConversion.hundredthsCelsius(fromCelsius: 20.004) == 2000)
        #expect(TemperatureConversion.celsius(fromTenthsCelsius: 25) == 2.5)
    }

    @Test func hundredthsRoundTripForEveryInt16() {
        for hundredths in -32768...32767 {
            let celsius = TemperatureConversion.celsius(fromHundredthsCelsius: hundredths)
            #expect(TemperatureConversion.hundredthsCelsius(fromCelsius: celsius) == hundredths)
        }
    }

    @Test func celsiusToHundredthsIsMonotoneAndClose() async {
        await propertyCheck(count: 1000, input: Gen.double(in: -300...330), Gen.double(in: 0...1)) { celsius, step in
            let a = TemperatureConversion.hundredthsCelsius(fromCelsius: celsius)
            let b = TemperatureConversion.hundredthsCelsius(fromCelsius: celsius + step)
            #expect(a <= b)
            #expect(abs(Double(a) / 100 - celsius) <= 0.005 + 1e-9)
        }
    }
}

struct HumidityConversionTests {
    @Test func knownValues() {
        #expect(HumidityConversion.percent(fromHundredthsPercent: 4550) == 46)
        #expect(HumidityConversion.percent(fromHundredthsPercent: 4549) == 45)
        #expect(HumidityConversion.percent(fromHundredthsPercent: 0) == 0)
        #expect(HumidityConversion.percent(fromHundredthsPercent: 10000) == 100)
        #expect(HumidityConversion.percent(fromHundredthsPercent: 0xFFFF) == 100)
        #expect(HumidityConversion.percent(fromHundredthsPercent: -1) == 0)
    }

    @Test func wholePercentsReadBack() {
        for percent in 0...100 {
            #expect(HumidityConversion.percent(fromHundredthsPercent: percent * 100) == percent)
        }
    }

    @Test func monotoneAndWithinBounds() async {
        await propertyCheck(count: 1000, input: Gen.int(in: -100...20000), Gen.int(in: 0...500)) { value, step in
            let a = HumidityConversion.percent(fromHundredthsPercent: value)
            #expect((0...100).contains(a))
            #expect(a <= HumidityConversion.percent(fromHundredthsPercent: value + step))
        }
    }
}

struct FanSpeedConversionTests {
    @Test func knownValues() {
        // Low/Medium/High on a three-speed fan: 33, 66, 100 %, bands 1…33, 34…66, 67…100.
        #expect((1...3).map { FanSpeedConversion.percent(fromSpeed: $0, speedMax: 3) } == [33, 66, 100])
        #expect(FanSpeedConversion.speed(fromPercent: 33, speedMax: 3) == 1)
        #expect(FanSpeedConversion.speed(fromPercent: 34, speedMax: 3) == 2)
        #expect(FanSpeedConversion.speed(fromPercent: 66, speedMax: 3) == 2)
        #expect(FanSpeedConversion.speed(fromPercent: 67, speedMax: 3) == 3)
        #expect(FanSpeedConversion.speed(fromPercent: 1, speedMax: 3) == 1)
        #expect(FanSpeedConversion.speed(fromPercent: 0, speedMax: 3) == 0)
        #expect(FanSpeedConversion.speed(fromPercent: 50, speedMax: 100) == 50)
    }

    @Test func edgeInputsAreClamped() {
        #expect(FanSpeedConversion.speed(fromPercent: 150, speedMax: 3) == 3)
        #expect(FanSpeedConversion.speed(fromPercent: -5, speedMax: 3) == 0)
        #expect(FanSpeedConversion.speed(fromPercent: 50, speedMax: 0) == 1)
        #expect(FanSpeedConversion.percent(fromSpeed: 9, speedMax: 3) == 100)
        #expect(FanSpeedConversion.percent(fromSpeed: -1, speedMax: 3) == 0)
        #expect(FanSpeedConversion.percent(fromSpeed: 1, speedMax: 0) == 100)
    }

    @Test func speedRoundTripsForEverySpeedMax() {
        for speedMax in 1...100 {
            for speed in 0...speedMax {
                let percent = FanSpeedConversion.percent(fromSpeed: speed, speedMax: speedMax)
                #expect(
                    FanSpeedConversion.speed(fromPercent: percent, speedMax: speedMax) == speed,
                    "\(speed)/\(speedMax)"
                )
            }
        }
    }

    @Test func bothDirectionsAreMonotoneAndWithinBounds() async {
        await propertyCheck(count: 500, input: Gen.int(in: 1...100), Gen.int(in: -10...110)) { speedMax, percent in
            let speed = FanSpeedConversion.speed(fromPercent: percent, speedMax: speedMax)
            #expect((0...speedMax).contains(speed))
            #expect(speed <= FanSpeedConversion.speed(fromPercent: percent + 1, speedMax: speedMax))
            let back = FanSpeedConversion.percent(fromSpeed: speed, speedMax: speedMax)
            #expect((0...100).contains(back))
            // A speed's percent is the top of its band, so it is never below the percent that chose the speed.
            #expect(back >= min(max(percent, 0), 100))
        }
    }
}
