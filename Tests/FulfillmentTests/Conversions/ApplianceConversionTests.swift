import Fulfillment
import PropertyBased
import Testing

struct VolumeConversionTests {
    @Test func knownValues() {
        // Level 1 is the quietest audible level (muting is On/Off's): it reads as 1, never 0.
        #expect(VolumeConversion.volumePercent(fromCurrentLevel: 1) == 1)
        #expect(VolumeConversion.volumePercent(fromCurrentLevel: 0) == 0)
        #expect(VolumeConversion.volumePercent(fromCurrentLevel: 102) == 40)
        #expect(VolumeConversion.volumePercent(fromCurrentLevel: 127) == 50)
        #expect(VolumeConversion.volumePercent(fromCurrentLevel: 254) == 100)
        #expect(VolumeConversion.currentLevel(fromVolumePercent: 0) == 1)
        #expect(VolumeConversion.currentLevel(fromVolumePercent: 50) == 127)
        #expect(VolumeConversion.currentLevel(fromVolumePercent: 100) == 254)
        #expect(VolumeConversion.currentLevel(fromVolumePercent: 100, minLevel: 10, maxLevel: 200) == 200)
        #expect(VolumeConversion.volumeMaxLevel == 100)
    }

    @Test func volumeToLevelToVolumeIsIdentity() {
        for volume in 1...100 {
            let level = VolumeConversion.currentLevel(fromVolumePercent: volume)
            #expect(VolumeConversion.volumePercent(fromCurrentLevel: level) == volume, "volume \(volume)")
        }
        // 0 sets MinLevel (1), the quietest level, which reads as 1; with MinLevel 0 it is 0 both ways.
        #expect(
            VolumeConversion.volumePercent(fromCurrentLevel: VolumeConversion.currentLevel(fromVolumePercent: 0)) == 1
        )
        #expect(VolumeConversion.currentLevel(fromVolumePercent: 0, minLevel: 0) == 0)
    }

    @Test func everyLevelFromOneReadsAsAtLeastOne() {
        for level in 1...254 {
            #expect(VolumeConversion.volumePercent(fromCurrentLevel: level) >= 1, "level \(level)")
        }
    }

    @Test func bothDirectionsAreMonotoneAndBounded() async {
        await propertyCheck(count: 300, input: Gen.int(in: -20...280), Gen.int(in: -20...280)) { a, b in
            let (low, high) = (min(a, b), max(a, b))
            let volumeLow = VolumeConversion.volumePercent(fromCurrentLevel: low)
            let volumeHigh = VolumeConversion.volumePercent(fromCurrentLevel: high)
            #expect(volumeLow <= volumeHigh)
            #expect((0...100).contains(volumeLow) && (0...100).contains(volumeHigh))
            let levelLow = VolumeConversion.currentLevel(fromVolumePercent: low)
            let levelHigh = VolumeConversion.currentLevel(fromVolumePercent: high)
            #expect(levelLow <= levelHigh)
            #expect((1...254).contains(levelLow) && (1...254).contains(levelHigh))
        }
    }
}

struct BatteryConversionTests {
    typealias Capacity = BatteryConversion.DescriptiveCapacity

    @Test func halfPercentRoundsDown() {
        #expect(BatteryConversion.percent(fromHalfPercent: 200) == 100)
        #expect(BatteryConversion.percent(fromHalfPercent: 199) == 99)
        #expect(BatteryConversion.percent(fromHalfPercent: 1) == 0)
        #expect(BatteryConversion.percent(fromHalfPercent: 0) == 0)
        #expect(BatteryConversion.percent(fromHalfPercent: 255) == 100)
        #expect(BatteryConversion.percent(fromHalfPercent: -3) == 0)
    }

    @Test func percentIsNeverMoreThanTheCharge() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...200)) { halfPercent in
            let percent = BatteryConversion.percent(fromHalfPercent: halfPercent)
            #expect(percent * 2 <= halfPercent)
            #expect(halfPercent - percent * 2 <= 1)
        }
    }

    @Test func thresholds() {
        let ok = 0
        let unknown = 0
        #expect(
            BatteryConversion.descriptiveCapacity(percent: 0, batChargeLevel: ok, batChargeState: unknown)
                == .criticallyLow
        )
        #expect(
            BatteryConversion.descriptiveCapacity(percent: 9, batChargeLevel: ok, batChargeState: unknown)
                == .criticallyLow
        )
        #expect(BatteryConversion.descriptiveCapacity(percent: 10, batChargeLevel: ok, batChargeState: unknown) == .low)
        #expect(BatteryConversion.descriptiveCapacity(percent: 19, batChargeLevel: ok, batChargeState: unknown) == .low)
        #expect(
            BatteryConversion.descriptiveCapacity(percent: 20, batChargeLevel: ok, batChargeState: unknown) == .medium
        )
        #expect(
            BatteryConversion.descriptiveCapacity(percent: 60, batChargeLevel: ok, batChargeState: unknown) == .high
        )
        #expect(
            BatteryConversion.descriptiveCapacity(percent: 99, batChargeLevel: ok, batChargeState: unknown) == .high
        )
        #expect(
            BatteryConversion.descriptiveCapacity(percent: 100, batChargeLevel: ok, batChargeState: unknown) == .full
        )
        #expect(
            BatteryConversion.descriptiveCapacity(percent: nil, batChargeLevel: ok, batChargeState: unknown) == .medium
        )
        #expect(BatteryConversion.descriptiveCapacity(percent: nil, batChargeLevel: ok, batChargeState: 2) == .full)
        #expect(Capacity.allCases.map(\.rawValue) == ["CRITICALLY_LOW", "LOW", "MEDIUM", "HIGH", "FULL"])
        #expect(Capacity.allCases.filter(\.isLow) == [.criticallyLow, .low])
    }

    /// The device's charge level only ever lowers the capacity: Critical is always CRITICALLY_LOW, Warning at most
    /// LOW; and more charge never reads as less.
    @Test func chargeLevelOnlyLowersAndPercentIsMonotone() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(in: 0...100),
            Gen.int(in: 0...100),
            Gen.int(in: 0...2),
            Gen.int(in: 0...3)
        ) { a, b, level, state in
            let ok = BatteryConversion.descriptiveCapacity(percent: a, batChargeLevel: 0, batChargeState: state)
            let withLevel = BatteryConversion.descriptiveCapacity(
                percent: a,
                batChargeLevel: level,
                batChargeState: state
            )
            #expect(withLevel <= ok)
            if level == 2 { #expect(withLevel == .criticallyLow) }
            if level == 1 { #expect(withLevel.isLow) }
            let (low, high) = (min(a, b), max(a, b))
            #expect(
                BatteryConversion.descriptiveCapacity(percent: low, batChargeLevel: level, batChargeState: state)
                    <= BatteryConversion.descriptiveCapacity(
                        percent: high,
                        batChargeLevel: level,
                        batChargeState: state
                    )
            )
        }
    }
}

struct RunCycleConversionTests {
    @Test func knownValues() {
        #expect(
            RunCycleConversion.cycleRemainingSeconds(totalRemainingSeconds: 1200, currentPhase: 0, phaseCount: 4) == 300
        )
        #expect(
            RunCycleConversion.cycleRemainingSeconds(totalRemainingSeconds: 1200, currentPhase: 3, phaseCount: 4)
                == 1200
        )
        #expect(
            RunCycleConversion.cycleRemainingSeconds(totalRemainingSeconds: 1000, currentPhase: 0, phaseCount: 3) == 333
        )
        #expect(RunCycleConversion.cycleRemainingSeconds(totalRemainingSeconds: 0, currentPhase: 0, phaseCount: 3) == 0)
        // Out-of-range phases count as the last phase; negative times as 0.
        #expect(
            RunCycleConversion.cycleRemainingSeconds(totalRemainingSeconds: 50, currentPhase: 7, phaseCount: 3) == 50
        )
        #expect(
            RunCycleConversion.cycleRemainingSeconds(totalRemainingSeconds: 50, currentPhase: -1, phaseCount: 3) == 50
        )
        #expect(
            RunCycleConversion.cycleRemainingSeconds(totalRemainingSeconds: -5, currentPhase: 0, phaseCount: 3) == 0
        )
    }

    /// The phase's share is within the total, grows as the phases go by, and the shares of the phases left never
    /// add up to more than the total.
    @Test func shareIsBoundedAndGrows() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...259_200), Gen.int(in: 1...8), Gen.int(in: 0...7)) {
            total,
            count,
            rawPhase in
            let phase = rawPhase % count
            let share = RunCycleConversion.cycleRemainingSeconds(
                totalRemainingSeconds: total,
                currentPhase: phase,
                phaseCount: count
            )
            #expect(0 <= share && share <= total)
            #expect(share * (count - phase) <= total)
            if phase + 1 < count {
                let next = RunCycleConversion.cycleRemainingSeconds(
                    totalRemainingSeconds: total,
                    currentPhase: phase + 1,
                    phaseCount: count
                )
                #expect(share <= next)
            }
            if phase == count - 1 { #expect(share == total) }
        }
    }
}
