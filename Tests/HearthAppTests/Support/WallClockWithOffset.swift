import Clocks
import Synchronization

/// The system's clock, moved forward by what a test adds: real time keeps passing (a provider on the same machine
/// dates its tokens by it, however slowly a loaded machine runs the test), and the test can still jump past an
/// interval without waiting for it.
final class WallClockWithOffset: HearthClock {
    private let system = SystemClock()
    private let offset = Mutex(Duration.zero)

    var now: ContinuousClock.Instant { system.now + offset.withLock { $0 } }

    var minimumResolution: Duration { system.minimumResolution }

    var unixMilliseconds: Int64 {
        let (seconds, attoseconds) = offset.withLock { $0 }.components
        return system.unixMilliseconds + seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try await system.sleep(until: deadline - offset.withLock { $0 }, tolerance: tolerance)
    }

    func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> any ScheduledCallback {
        system.schedule(after: delay, body)
    }

    /// Moves this clock (monotonic and wall time) forward by `duration`.
    func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}
