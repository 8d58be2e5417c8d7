/// Exponential backoff with jitter: attempt `n` (from 1) waits a random time in `[d/2, d]`, where
/// `d = min(initial · 2^(n-1), max)` ("equal jitter": never less than half, so a busy Google is not hammered, and
/// spread so that many users do not retry in lockstep). A server's `Retry-After` is a floor.
public struct Backoff: Sendable, Hashable {
    /// The first delay, in milliseconds.
    public var initialMilliseconds: Int64
    /// The longest delay, in milliseconds.
    public var maxMilliseconds: Int64

    /// Creates a backoff.
    public init(initialMilliseconds: Int64, maxMilliseconds: Int64) {
        self.initialMilliseconds = max(1, initialMilliseconds)
        self.maxMilliseconds = max(self.initialMilliseconds, maxMilliseconds)
    }

    /// The delay before retry number `attempt` (1 for the first retry); `random` in `0…1` picks the jitter;
    /// `retryAfterMilliseconds` (the server's `Retry-After`) is honoured as a minimum.
    public func delay(attempt: Int, random: Double, retryAfterMilliseconds: Int64? = nil) -> Int64 {
        let exponent = min(max(attempt, 1) - 1, 40)
        let (scaled, overflow) = initialMilliseconds.multipliedReportingOverflow(by: Int64(1) << exponent)
        let ceiling = overflow ? maxMilliseconds : min(scaled, maxMilliseconds)
        let jitter = min(max(random, 0), 1)
        let jittered = ceiling / 2 + Int64((Double(ceiling - ceiling / 2) * jitter).rounded(.down))
        return max(jittered, retryAfterMilliseconds ?? 0)
    }
}
