import Fulfillment
import PropertyBased
import Testing

struct LevelConversionTests {
    @Test func knownLevelsToPercent() {
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 254) == 100)
        // Level 1 is a light on at its lowest output: exactly 0.39 %, read as 1 % so Google never shows it off.
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 1) == 1)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 2) == 1)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 3) == 1)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 4) == 2)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 127) == 50)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 0) == 0)
    }

    @Test func knownPercentsToLevel() {
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 50) == 127)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 100) == 254)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 1) == 3)
        // 25 × 2.54 = 63.5 exactly: half rounds away from zero.
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 25) == 64)
        // MinLevel 1 (the default) keeps a lit light at level 1 for 0 %; MinLevel 0 allows level 0.
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 0) == 1)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 0, minLevel: 0) == 0)
    }

    @Test func percentHonoursDeviceMinAndMaxLevel() {
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 1, minLevel: 20, maxLevel: 200) == 20)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 50, minLevel: 20, maxLevel: 200) == 127)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 100, minLevel: 20, maxLevel: 200) == 200)
        // Nonsense bounds are normalised instead of trapping or escaping 0…254.
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 100, minLevel: 300, maxLevel: -4) == 254)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 0, minLevel: 150, maxLevel: 100) == 150)
    }

    @Test func outOfRangeInputsAreClamped() {
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: -1) == 0)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 255) == 100)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: .max) == 100)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: .min) == 0)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 101) == 254)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: .max) == 254)
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: .min) == 1)
    }

    @Test func percentToLevelToPercentIsIdentity() {
        for percent in 1...100 {
            let level = LevelConversion.currentLevel(fromBrightnessPercent: percent)
            #expect(LevelConversion.brightnessPercent(fromCurrentLevel: level) == percent, "percent \(percent)")
        }
        // 0 % sets MinLevel (1), a light still on, which reads as 1 %; with MinLevel 0 it is 0 both ways.
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 0) == 1)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 1) == 1)
        #expect(
            LevelConversion.brightnessPercent(
                fromCurrentLevel: LevelConversion.currentLevel(fromBrightnessPercent: 0, minLevel: 0)
            ) == 0
        )
        // 100 % ↔ 254, both ways.
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 100) == 254)
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 254) == 100)
    }

    /// Only level 0 reads as 0 %; the rest of the scale is the exact round(level × 100 / 254).
    @Test func everyLevelFromOneReadsAsAtLeastOnePercentAndOtherwiseExactly() {
        #expect(LevelConversion.brightnessPercent(fromCurrentLevel: 0) == 0)
        for level in 1...254 {
            let percent = LevelConversion.brightnessPercent(fromCurrentLevel: level)
            #expect(percent >= 1, "level \(level)")
            // round(level × 100 / 254) in Double as a cross-check: level × 100 / 254 never ends in exactly .5
            // (that needs 127 to divide the level, and 127 and 254 give 50 and 100), so no tie is misjudged.
            let exact = Int((Double(level) * 100 / 254).rounded(.toNearestOrAwayFromZero))
            #expect(percent == max(1, exact), "level \(level)")
            #expect(exact != 0 || level == 1, "only level 1 is lifted")
        }
    }

    @Test func levelToPercentRoundTripIsStableWithDefaultBounds() {
        // Level 0 is below the default MinLevel (1); a device that reports it has MinLevel 0 (see below).
        #expect(LevelConversion.currentLevel(fromBrightnessPercent: 0, minLevel: 0) == 0)
        for level in 1...254 {
            let percent = LevelConversion.brightnessPercent(fromCurrentLevel: level)
            let level2 = LevelConversion.currentLevel(fromBrightnessPercent: percent)
            let percent2 = LevelConversion.brightnessPercent(fromCurrentLevel: level2)
            #expect(percent2 == percent, "level \(level)")
            // The level itself settles after one trip.
            #expect(LevelConversion.currentLevel(fromBrightnessPercent: percent2) == level2, "level \(level)")
            // The level moves by at most one, but level 1 (1 %) comes back as level 3 (1 % of 254).
            #expect(abs(level2 - level) <= (level == 1 ? 2 : 1), "level \(level) moved to \(level2)")
        }
    }

    @Test func levelToPercentRoundTripIsStableForAnyBounds() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(in: -10...270),
            Gen.int(in: -10...270),
            Gen.int(in: -10...270)
        ) { level, minLevel, maxLevel in
            let percent1 = LevelConversion.brightnessPercent(
                fromCurrentLevel: LevelConversion.currentLevel(
                    fromBrightnessPercent: LevelConversion.brightnessPercent(fromCurrentLevel: level),
                    minLevel: minLevel,
                    maxLevel: maxLevel
                )
            )
            let level2 = LevelConversion.currentLevel(
                fromBrightnessPercent: percent1,
                minLevel: minLevel,
                maxLevel: maxLevel
            )
            #expect(LevelConversion.brightnessPercent(fromCurrentLevel: level2) == percent1)
        }
    }

    @Test func levelToPercentIsMonotone() {
        var previous = LevelConversion.brightnessPercent(fromCurrentLevel: -5)
        for level in -4...260 {
            let percent = LevelConversion.brightnessPercent(fromCurrentLevel: level)
            #expect(percent >= previous, "level \(level)")
            previous = percent
        }
    }

    @Test func percentToLevelIsMonotoneForAnyBounds() async {
        await propertyCheck(input: Gen.int(in: -10...270), Gen.int(in: -10...270)) { minLevel, maxLevel in
            var previous = LevelConversion.currentLevel(
                fromBrightnessPercent: -5,
                minLevel: minLevel,
                maxLevel: maxLevel
            )
            for percent in -4...105 {
                let level = LevelConversion.currentLevel(
                    fromBrightnessPercent: percent,
                    minLevel: minLevel,
                    maxLevel: maxLevel
                )
                #expect(level >= previous, "percent \(percent)")
                previous = level
            }
        }
    }

    @Test func levelToPercentStaysWithinBounds() async {
        await propertyCheck(count: 500, input: Gen.int()) { level in
            #expect((0...100).contains(LevelConversion.brightnessPercent(fromCurrentLevel: level)))
        }
    }

    @Test func percentToLevelStaysWithinBounds() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(),
            Gen.int(in: 0...254),
            Gen.int(in: 0...254)
        ) { percent, minLevel, maxLevel in
            let level = LevelConversion.currentLevel(
                fromBrightnessPercent: percent,
                minLevel: minLevel,
                maxLevel: maxLevel
            )
            #expect(level >= minLevel)
            #expect(level <= max(minLevel, maxLevel))
            #expect((0...254).contains(level))
        }
    }
}
