/// Seconds since 1970-01-01 UTC: wall time as accounts, tokens and PIN attempts store it. Read from a
/// ``HearthClock`` (``HearthClock/unixTime``), passed in so that tests control time.
public struct UnixTime: Sendable, Hashable, Comparable {
    public var seconds: Int64

    public init(seconds: Int64) {
        self.seconds = seconds
    }

    public static func < (lhs: UnixTime, rhs: UnixTime) -> Bool {
        lhs.seconds < rhs.seconds
    }

    /// `now + ttl` seconds, saturating at the end of time instead of overflowing.
    package static func expiry(from now: UnixTime, ttl: Int) -> Int64 {
        let (sum, overflow) = now.seconds.addingReportingOverflow(Int64(clamping: ttl))
        return overflow ? (ttl < 0 ? Int64.min : Int64.max) : sum
    }
}
