import Clocks
import HearthFakes
import Synchronization
import Testing

/// The manual clock: time moves only when told, and wakes sleepers and callbacks whose deadline has come, in order.
struct ManualClockTests {
    @Test func timeMovesOnlyWhenAdvanced() {
        let clock = ManualClock(unixMilliseconds: 1_000)
        let start = clock.now
        #expect(clock.now == start)
        #expect(clock.unixMilliseconds == 1_000)
        clock.advance(by: .milliseconds(1_500))
        #expect(clock.now - start == .milliseconds(1_500))
        #expect(clock.unixMilliseconds == 2_500)
    }

    @Test func aSleeperWakesWhenItsDeadlineHasCome() async throws {
        let clock = ManualClock()
        let woke = Mutex(false)
        let sleeper = Task {
            try await clock.sleep(for: .seconds(10))
            woke.withLock { $0 = true }
        }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(9))
        #expect(clock.sleepers == 1, "not yet due")
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(woke.withLock { $0 })
        #expect(clock.sleepers == 0)
    }

    @Test func callbacksRunInDeadlineOrderAndACancelledOneNever() {
        let clock = ManualClock()
        let order = Mutex<[String]>([])
        _ = clock.schedule(after: .seconds(3)) { order.withLock { $0.append("late") } }
        _ = clock.schedule(after: .seconds(1)) { order.withLock { $0.append("early") } }
        let cancelled = clock.schedule(after: .seconds(2)) { order.withLock { $0.append("cancelled") } }
        cancelled.cancel()
        #expect(clock.sleepers == 2)
        #expect(clock.advanceToNextDeadline() == .seconds(1))
        #expect(order.withLock { $0 } == ["early"])
        clock.advance(by: .seconds(5))
        #expect(order.withLock { $0 } == ["early", "late"])
        #expect(clock.advanceToNextDeadline() == nil)
    }

    @Test func aCancelledSleeperThrows() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(atLeast: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleepers == 0)
    }
}
