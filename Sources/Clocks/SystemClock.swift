import Dispatch
import Foundation

/// The machine's clocks: `ContinuousClock` for monotonic time and sleeping, the system's real-time clock for
/// wall time.
public struct SystemClock: HearthClock {
    private let continuous = ContinuousClock()

    public init() {}

    public var now: ContinuousClock.Instant {
        continuous.now
    }

    public var minimumResolution: Duration {
        continuous.minimumResolution
    }

    public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try await continuous.sleep(until: deadline, tolerance: tolerance)
    }

    public var unixMilliseconds: Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// Runs `body` on a Dispatch global queue after `delay` (a negative delay: at once).
    public func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> any ScheduledCallback {
        let item = DispatchWorkItem(block: body)
        let (seconds, attoseconds) = delay.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)), execute: item)
        return DispatchCallback(item: item)
    }
}

/// A Dispatch work item as a ``ScheduledCallback``.
private struct DispatchCallback: ScheduledCallback, @unchecked Sendable {
    // `DispatchWorkItem` is thread-safe (cancel may be called from any thread) but not declared `Sendable`.
    let item: DispatchWorkItem

    func cancel() {
        item.cancel()
    }
}
