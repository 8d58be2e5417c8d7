import PropertyBased
import Testing

@testable import Fulfillment

/// Channel numbers between Matter's `(MajorNumber, MinorNumber)` and Google's `number` strings, the channel keys,
/// and the wrap-round stepping that SkipChannel and next/previous input share.
struct ChannelConversionTests {
    typealias Conversion = ChannelConversion

    @Test func numbersAreWrittenAsGooglesExampleWritesThem() {
        #expect(Conversion.number(major: 2, minor: 0) == "2")
        #expect(Conversion.number(major: 4, minor: 11) == "4-11")
        #expect(Conversion.number(major: 0, minor: 0) == "0")
        #expect(Conversion.number(major: 65_535, minor: 65_535) == "65535-65535")
    }

    @Test func numbersAreReadWithADashADotOrAlone() {
        #expect(Self.numbers("7") == [7, 0])
        #expect(Self.numbers("4-11") == [4, 11])
        #expect(Self.numbers("13.1") == [13, 1])
        #expect(Self.numbers(" 256 ") == [256, 0])
        #expect(Self.numbers("4-0") == [4, 0])
    }

    /// `[major, minor]` of a Google number, or nil.
    static func numbers(_ text: String) -> [Int]? {
        Conversion.majorMinor(fromNumber: text).map { [$0.major, $0.minor] }
    }

    @Test(arguments: ["", "-", "4-", "-11", "4-11-2", "4.1.1", "abc", "4 11", "+4", "65536", "4-65536", "٣", "4..1"])
    func whatIsNoChannelNumberIsRefused(_ text: String) {
        #expect(Self.numbers(text) == nil)
    }

    /// Every Matter channel number survives the trip through Google's string.
    @Test func formatThenParseIsTheIdentity() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(65_536 * 65_536 - 1))) { seed in
            let (major, minor) = (seed / 65_536, seed % 65_536)
            let parsed = Conversion.majorMinor(fromNumber: Conversion.number(major: major, minor: minor))
            #expect(parsed?.major == major && parsed?.minor == minor)
            let key = Conversion.majorMinor(fromKey: Conversion.key(major: major, minor: minor))
            #expect(key?.major == major && key?.minor == minor)
        }
    }

    /// A number read back and written again is written the canonical way ("4.1" → "4-1", "5-0" → "5").
    @Test func parseThenFormatIsCanonical() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...(3 * 1000 * 100 - 1))) { seed in
            let (separator, major, minor) = (seed % 3, seed / 3 % 1000, seed / 3000)
            let text = ["\(major)-\(minor)", "\(major).\(minor)", "\(major)"][separator]
            let parsed = Conversion.majorMinor(fromNumber: text)
            let expectedMinor = separator == 2 ? 0 : minor
            #expect(
                parsed.map { Conversion.number(major: $0.major, minor: $0.minor) }
                    == Conversion.number(major: major, minor: expectedMinor)
            )
        }
    }

    @Test func keysAreOnlyChannelKeys() {
        #expect(Conversion.key(major: 4, minor: 11) == "ch-4-11")
        for key in ["4-11", "ch-4", "ch-4-11-1", "ch--1", "ch-a-1", "ch-65536-0"] {
            #expect(Conversion.majorMinor(fromKey: key) == nil)
        }
    }

    @Test func steppingWrapsRoundBothEnds() {
        #expect(Conversion.wrapped(2, by: 1, total: 3) == 0)
        #expect(Conversion.wrapped(0, by: -1, total: 3) == 2)
        #expect(Conversion.wrapped(1, by: 7, total: 3) == 2)
        #expect(Conversion.wrapped(1, by: -7, total: 3) == 0)
        #expect(Conversion.wrapped(0, by: 1, total: 0) == nil)
    }

    /// Whatever the step, the result is a position in the list, and stepping back undoes stepping forward.
    @Test func steppingStaysInTheListAndIsUndone() async {
        await propertyCheck(count: 1000, input: Gen.int(in: -40_000...40_000)) { seed in
            let total = abs(seed) % 40 + 1
            let position = abs(seed / 40) % total
            let step = seed
            let there = Conversion.wrapped(position, by: step, total: total)
            #expect(there.map { (0..<total).contains($0) } == true)
            #expect(there.flatMap { Conversion.wrapped($0, by: -step, total: total) } == position)
            #expect(Conversion.wrapped(position, by: step + total, total: total) == there)
        }
    }
}
