/// The one source of time in Hearth: monotonic time for deadlines, throttles and waits (the `Clock` it is), and
/// wall time (``unixMilliseconds``) for timestamps that are stored, compared with stored ones, or sent.
///
/// Built on the standard library's `Clock` so that deadlines and sleeps read as everywhere else in Swift
/// (`clock.now`, `clock.sleep(for:)`, `now - earlier`). The instant is pinned to `ContinuousClock.Instant` rather
/// than left open as in `any Clock<Duration>`: an instant of an opaque clock can be neither stored in a struct
/// nor compared with an earlier one without opening the existential, and a throttle or cache has to do both. The
/// wall time sits in the same type because a test that moves time moves both at once (a token's expiry and the
/// drain's wait are the same minute passing).
///
/// Beside sleeping, a clock runs callbacks after a delay (``schedule(after:_:)``) on a thread of its own: code that
/// lives on C threads (the listener's held-back answers) must not depend on Swift's cooperative pool, which
/// blocking work elsewhere in the process can keep busy.
///
/// Production code uses ``SystemClock``; tests drive `ManualClock` (HearthTestSupport), whose sleepers and
/// callbacks run when the test advances it.
public protocol HearthClock: Clock where Instant == ContinuousClock.Instant, Duration == Swift.Duration {
    /// Wall time: milliseconds since 1970-01-01 UTC.
    var unixMilliseconds: Int64 { get }

    /// Calls `body` once `delay` has passed on this clock, on a thread that is not Swift's cooperative pool; the
    /// returned handle cancels it if it has not run yet.
    func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> any ScheduledCallback
}

/// A callback ``HearthClock/schedule(after:_:)`` will run.
public protocol ScheduledCallback: Sendable {
    /// Drops the callback if it has not run yet; nothing if it has.
    func cancel()
}

extension HearthClock {
    /// Wall time in whole seconds, rounded down: what accounts, tokens and PIN attempts store.
    public var unixTime: UnixTime {
        UnixTime(seconds: unixMilliseconds.dividedRoundingDown(by: 1000))
    }
}

extension Int64 {
    /// `self / divisor` rounded towards minus infinity (a time before 1970 stays in its second).
    fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
