import Clocks
import Foundation
import Testing

/// What every ``HearthClock`` derives from its wall time: whole seconds and a Foundation `Date`.
@Suite struct HearthClockTests {
    /// A clock whose wall time is whatever the test sets; only the wall time is used here.
    struct WallClock: HearthClock {
        let unixMilliseconds: Int64
        var now: ContinuousClock.Instant { ContinuousClock().now }
        var minimumResolution: Duration { .zero }

        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
        }

        func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> any ScheduledCallback {
            SystemClock().schedule(after: delay, body)
        }
    }

    @Test(arguments: [
        (Int64(1_700_000_000_999), Int64(1_700_000_000)),
        (1_700_000_000_000, 1_700_000_000),
        (0, 0),
        (999, 0),
        (-1, -1),
        (-1_000, -1),
        (-1_001, -2),
    ])
    func unixTimeRoundsTheMillisecondsDown(_ milliseconds: Int64, _ seconds: Int64) {
        #expect(WallClock(unixMilliseconds: milliseconds).unixTime == UnixTime(seconds: seconds))
    }

    @Test func theDateIsTheWallTime() {
        let date = WallClock(unixMilliseconds: 1_700_000_000_250).date
        #expect(date.timeIntervalSince1970 == 1_700_000_000.25)
        #expect(WallClock(unixMilliseconds: 0).date == Date(timeIntervalSince1970: 0))
    }
}
