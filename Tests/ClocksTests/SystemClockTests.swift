import Clocks
import Foundation
import Synchronization
import Testing

/// The machine's clocks as a ``HearthClock``.
@Suite struct SystemClockTests {
    /// Whether a callback ran, shared with it.
    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    @Test func wallTimeIsTheSystemsRealTimeClock() {
        let before = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        let read = SystemClock().unixMilliseconds
        let after = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        #expect(before <= read)
        #expect(read <= after)
    }

    @Test func monotonicTimeMovesForwardAndSleepingWaitsAtLeastTheDelay() async throws {
        let clock = SystemClock()
        let start = clock.now
        try await clock.sleep(for: .milliseconds(20))
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test func aScheduledCallbackRunsOnceAfterItsDelay() async {
        let clock = SystemClock()
        let start = clock.now
        let elapsed: Duration = await withCheckedContinuation { continuation in
            _ = clock.schedule(after: .milliseconds(30)) { continuation.resume(returning: clock.now - start) }
        }
        #expect(elapsed >= .milliseconds(30))
    }

    @Test func aNegativeDelayRunsTheCallbackAtOnce() async {
        let clock = SystemClock()
        let start = clock.now
        let elapsed: Duration = await withCheckedContinuation { continuation in
            _ = clock.schedule(after: .seconds(-5)) { continuation.resume(returning: clock.now - start) }
        }
        #expect(elapsed < .seconds(2))
    }

    @Test func aCancelledCallbackNeverRunsAndALaterOneStillDoes() async {
        let clock = SystemClock()
        let cancelledRan = Flag()
        let cancelled = clock.schedule(after: .milliseconds(10)) { cancelledRan.value.store(true, ordering: .relaxed) }
        cancelled.cancel()
        // A callback scheduled well after the cancelled one's time: once it has run, the cancelled one would have too.
        await withCheckedContinuation { continuation in
            _ = clock.schedule(after: .milliseconds(200)) { continuation.resume() }
        }
        let ran = cancelledRan.value.load(ordering: .relaxed)
        #expect(!ran)
    }
}
