import Fulfillment
import PropertyBased
import Testing

/// Positions between Matter's sampled playback position and Google's millisecond seeks.
struct MediaPositionConversionTests {
    typealias C = MediaPositionConversion

    static let hour = 0...3_600_000

    @Test func examples() {
        let sampledAt = 1_700_000_000_000_000
        // One minute in, ten seconds later at normal speed: 70 s; at double speed 80 s; rewinding at 2×: 40 s.
        #expect(
            C.position(
                atMicroseconds: sampledAt + 10_000_000,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: 60_000,
                speed: 1,
                range: Self.hour
            ) == 70_000
        )
        #expect(
            C.position(
                atMicroseconds: sampledAt + 10_000_000,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: 60_000,
                speed: 2,
                range: Self.hour
            ) == 80_000
        )
        #expect(
            C.position(
                atMicroseconds: sampledAt + 10_000_000,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: 60_000,
                speed: -2,
                range: Self.hour
            ) == 40_000
        )
        // Paused (speed 0), a clock behind the sample, a non-finite speed: the sampled position.
        #expect(
            C.position(
                atMicroseconds: sampledAt + 10_000_000,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: 60_000,
                speed: 0,
                range: Self.hour
            ) == 60_000
        )
        #expect(
            C.position(
                atMicroseconds: sampledAt - 10_000_000,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: 60_000,
                speed: 1,
                range: Self.hour
            ) == 60_000
        )
        #expect(
            C.position(
                atMicroseconds: sampledAt + 1,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: 60_000,
                speed: .nan,
                range: Self.hour
            ) == 60_000
        )
        // Past the end, before the start.
        #expect(
            C.position(
                atMicroseconds: Int.max,
                sampledAtMicroseconds: 0,
                positionMilliseconds: 0,
                speed: 64,
                range: Self.hour
            ) == 3_600_000
        )
        #expect(C.relativeTarget(fromMilliseconds: 60_000, deltaMilliseconds: 30_000, range: Self.hour) == 90_000)
        #expect(C.relativeTarget(fromMilliseconds: 60_000, deltaMilliseconds: -90_000, range: Self.hour) == 0)
        #expect(C.relativeTarget(fromMilliseconds: Int.max, deltaMilliseconds: Int.max, range: 0...Int.max) == Int.max)
    }

    @Test func seekRanges() {
        #expect(C.seekRange(startMilliseconds: 1000, endMilliseconds: 5000, durationMilliseconds: 9000) == 1000...5000)
        #expect(C.seekRange(startMilliseconds: nil, endMilliseconds: nil, durationMilliseconds: 9000) == 0...9000)
        #expect(C.seekRange(startMilliseconds: nil, endMilliseconds: nil, durationMilliseconds: nil) == 0...Int.max)
        #expect(C.seekRange(startMilliseconds: 5000, endMilliseconds: 1000, durationMilliseconds: nil) == 5000...5000)
        #expect(C.seekRange(startMilliseconds: -5, endMilliseconds: 10, durationMilliseconds: nil) == 0...10)
    }

    /// The position at any time and speed stays in the range; at the sample's time it is the sampled position.
    @Test func positionsStayInRange() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(in: 0...Int.max),
            Gen.int(in: 0...Int.max),
            Gen.int(in: 0...10_000_000),
            Gen.double(in: -64...64),
            Gen.int(in: 0...10_000_000)
        ) { now, sampledAt, position, speed, end in
            let range = C.seekRange(startMilliseconds: 0, endMilliseconds: end, durationMilliseconds: nil)
            let result = C.position(
                atMicroseconds: now,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: position,
                speed: speed,
                range: range
            )
            #expect(range.contains(result))
            #expect(
                C.position(
                    atMicroseconds: sampledAt,
                    sampledAtMicroseconds: sampledAt,
                    positionMilliseconds: position,
                    speed: speed,
                    range: range
                ) == C.clamped(position, to: range)
            )
        }
    }

    /// At normal speed the position advances one millisecond per millisecond, until the end.
    @Test func normalSpeedIsRealTime() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(in: 0...3_600_000),
            Gen.int(in: 0...7_200_000)
        ) { position, elapsedMilliseconds in
            let sampledAt = 1_700_000_000_000_000
            let result = C.position(
                atMicroseconds: sampledAt + elapsedMilliseconds * 1000,
                sampledAtMicroseconds: sampledAt,
                positionMilliseconds: position,
                speed: 1,
                range: Self.hour
            )
            #expect(result == min(position + elapsedMilliseconds, 3_600_000))
        }
    }

    /// A skip forward then the same skip back returns to the start when neither reached an end; every target is
    /// in the range and moves in the skip's direction.
    @Test func relativeSeeksRoundTrip() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(in: 0...3_600_000),
            Gen.int(in: -4_000_000...4_000_000)
        ) { position, delta in
            let target = C.relativeTarget(fromMilliseconds: position, deltaMilliseconds: delta, range: Self.hour)
            #expect(Self.hour.contains(target))
            #expect(delta >= 0 ? target >= position : target <= position)
            if Self.hour.contains(position + delta) {
                #expect(
                    C.relativeTarget(fromMilliseconds: target, deltaMilliseconds: -delta, range: Self.hour)
                        == position
                )
            }
        }
    }

    /// Extreme values never trap.
    @Test func extremesDoNotOverflow() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(),
            Gen.int(),
            Gen.int()
        ) { current, delta, now in
            let range = 0...Int.max
            #expect(range.contains(C.relativeTarget(fromMilliseconds: current, deltaMilliseconds: delta, range: range)))
            #expect(
                range.contains(
                    C.position(
                        atMicroseconds: now,
                        sampledAtMicroseconds: Int.min,
                        positionMilliseconds: current,
                        speed: 64,
                        range: range
                    )
                )
            )
        }
    }
}
