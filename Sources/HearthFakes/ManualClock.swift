import Clocks
import Dispatch
import Synchronization

/// A ``HearthClock`` that only moves when the test says so: ``advance(by:)`` moves monotonic and wall time
/// together and wakes every sleeper (a task in `sleep`, or a callback from `schedule(after:_:)`) whose deadline
/// has come, in deadline order.
///
/// Sleepers are counted (``sleepers``) so that a test can wait until the code under test has started its wait
/// (``waitForSleepers(atLeast:)``) before advancing: advancing first would let the wait begin after the moment it
/// was meant to end.
public final class ManualClock: HearthClock, Sendable {
    private enum Wakeup {
        case task(CheckedContinuation<Void, any Error>)
        case callback(@Sendable () -> Void)
    }

    private struct Sleeper {
        var id: Int
        var deadline: ContinuousClock.Instant
        var wakeup: Wakeup
    }

    /// A callback from ``schedule(after:_:)``, cancelled by removing it.
    private struct Callback: ScheduledCallback {
        let clock: ManualClock
        let id: Int

        func cancel() {
            clock.state.withLock { state in state.sleepers.removeAll { $0.id == id } }
        }
    }

    private struct State {
        var offset: Duration = .zero
        var unixMilliseconds: Int64
        var sleepers: [Sleeper] = []
        var nextId = 0
        /// Tests waiting for a number of sleepers.
        var sleeperWatchers: [(count: Int, wake: @Sendable () -> Void)] = []
    }

    private let origin = ContinuousClock.now
    private let state: Mutex<State>

    /// A clock whose wall time starts at `unixMilliseconds` (default 2026-01-01T00:00:00Z).
    public init(unixMilliseconds: Int64 = 1_767_225_600_000) {
        state = Mutex(State(unixMilliseconds: unixMilliseconds))
    }

    public var now: ContinuousClock.Instant {
        origin + state.withLock { $0.offset }
    }

    public var minimumResolution: Duration {
        .nanoseconds(1)
    }

    public var unixMilliseconds: Int64 {
        state.withLock { $0.unixMilliseconds }
    }

    /// The number of tasks sleeping on this clock now.
    public var sleepers: Int {
        state.withLock { $0.sleepers.count }
    }

    public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> Int in
            defer { state.nextId += 1 }
            return state.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (due, watchers) = state.withLock { state -> (Bool, [@Sendable () -> Void]) in
                    if Task.isCancelled || origin + state.offset >= deadline { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, wakeup: .task(continuation)))
                    return (false, Self.satisfiedWatchers(&state))
                }
                for watcher in watchers { watcher() }
                if due {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            if case .task(let continuation) = sleeper?.wakeup {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Runs `body` when the clock is advanced past `delay` from now (on the advancing thread); at once if `delay`
    /// is not positive.
    public func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> any ScheduledCallback {
        let (id, due, watchers) = state.withLock { state -> (Int, Bool, [@Sendable () -> Void]) in
            let id = state.nextId
            state.nextId += 1
            guard delay > .zero else { return (id, true, []) }
            let deadline = origin + state.offset + delay
            state.sleepers.append(Sleeper(id: id, deadline: deadline, wakeup: .callback(body)))
            return (id, false, Self.satisfiedWatchers(&state))
        }
        for watcher in watchers { watcher() }
        if due { body() }
        return Callback(clock: self, id: id)
    }

    /// Moves time forward by `duration` (monotonic and wall) and wakes the sleepers whose deadline has come.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.offset += duration
            let (seconds, attoseconds) = duration.components
            state.unixMilliseconds += seconds * 1000 + attoseconds / 1_000_000_000_000_000
            let now = origin + state.offset
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken {
            switch sleeper.wakeup {
            case .task(let continuation): continuation.resume()
            case .callback(let body): body()
            }
        }
    }

    /// Moves time forward to the earliest sleeper's deadline and wakes it (and any other sleeper due then); the
    /// time it moved, or `nil` (time stands still) when nobody sleeps.
    @discardableResult
    public func advanceToNextDeadline() -> Duration? {
        let next = state.withLock { state in
            state.sleepers.map(\.deadline).min().map { max(.zero, $0 - (origin + state.offset)) }
        }
        guard let next else { return nil }
        advance(by: next)
        return next
    }

    /// Returns once at least `count` tasks sleep on this clock.
    public func waitForSleepers(atLeast count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.sleeperWatchers.append((count, { continuation.resume() }))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Blocks the calling thread until at least `count` tasks or callbacks sleep on this clock; false if they do
    /// not within `timeout` (a bound on a failing test). For synchronous tests, which must not wait on Swift's
    /// cooperative pool.
    public func blockUntilSleepers(atLeast count: Int = 1, timeout: Duration = .seconds(20)) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let ready = state.withLock { state -> Bool in
            if state.sleepers.count >= count { return true }
            state.sleeperWatchers.append((count, { semaphore.signal() }))
            return false
        }
        if ready { return true }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        return semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    private static func satisfiedWatchers(_ state: inout State) -> [@Sendable () -> Void] {
        let count = state.sleepers.count
        let ready = state.sleeperWatchers.filter { $0.count <= count }.map(\.wake)
        state.sleeperWatchers.removeAll { $0.count <= count }
        return ready
    }
}
