import Clocks
import Testing

/// Wall time in whole seconds, as accounts and tokens store it.
@Suite struct UnixTimeTests {
    @Test func unixTimesOrderByTheirSeconds() {
        #expect(UnixTime(seconds: 1) < UnixTime(seconds: 2))
        #expect(!(UnixTime(seconds: 2) < UnixTime(seconds: 2)))
        #expect(UnixTime(seconds: -5) < UnixTime(seconds: 0))
        #expect(UnixTime(seconds: 7) == UnixTime(seconds: 7))
    }

    @Test func anExpiryIsNowPlusTheTimeToLive() {
        #expect(UnixTime.expiry(from: UnixTime(seconds: 1_000), ttl: 60) == 1_060)
        #expect(UnixTime.expiry(from: UnixTime(seconds: 1_000), ttl: -60) == 940)
    }

    @Test func anExpiryPastTheEndOfTimeSaturatesInsteadOfOverflowing() {
        #expect(UnixTime.expiry(from: UnixTime(seconds: .max - 10), ttl: 60) == .max)
        #expect(UnixTime.expiry(from: UnixTime(seconds: .min + 10), ttl: -60) == .min)
        #expect(UnixTime.expiry(from: UnixTime(seconds: 0), ttl: .max) == Int64(Int.max))
    }
}
