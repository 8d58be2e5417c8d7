import Dispatch
import Synchronization

/// A count of events that tests wait on instead of polling: code under test (a responder on the listener's
/// threads, a log handler) calls ``increment()``; the test blocks in ``wait(atLeast:timeout:)`` (or awaits
/// ``waitAsync(atLeast:)``) and is woken by the event itself.
public final class EventCount: Sendable {
    private struct State {
        var value = 0
        var blocked: [(count: Int, semaphore: DispatchSemaphore)] = []
        var suspended: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
        var nextTicket = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// The events counted so far.
    public var value: Int {
        state.withLock { $0.value }
    }

    /// Counts one event and wakes the waiters it satisfies.
    public func increment() {
        let (semaphores, continuations) = state.withLock { state in
            state.value += 1
            let value = state.value
            let semaphores = state.blocked.filter { $0.count <= value }.map(\.semaphore)
            let due = state.suspended.filter { $0.value.count <= value }
            for ticket in due.keys { state.suspended[ticket] = nil }
            let continuations = due.values.map(\.continuation)
            state.blocked.removeAll { $0.count <= value }
            return (semaphores, continuations)
        }
        for semaphore in semaphores { semaphore.signal() }
        for continuation in continuations { continuation.resume(returning: true) }
    }

    /// Blocks until at least `count` events were counted; false if they were not after `timeout` (a bound on a
    /// failing test, not a wait that makes a passing one pass).
    public func wait(atLeast count: Int, timeout: Duration = .seconds(20)) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let ready = state.withLock { state -> Bool in
            if state.value >= count { return true }
            state.blocked.append((count, semaphore))
            return false
        }
        if ready { return true }
        return semaphore.wait(timeout: Self.deadline(after: timeout)) == .success
    }

    /// Returns once at least `count` events were counted, without blocking a thread; false as
    /// ``wait(atLeast:timeout:)``.
    public func waitAsync(atLeast count: Int, timeout: Duration = .seconds(20)) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ticket = state.withLock { state -> Int? in
                if state.value >= count { return nil }
                state.nextTicket += 1
                state.suspended[state.nextTicket] = (count, continuation)
                return state.nextTicket
            }
            guard let ticket else { return continuation.resume(returning: true) }
            DispatchQueue.global().asyncAfter(deadline: Self.deadline(after: timeout)) { [self] in
                state.withLock { $0.suspended.removeValue(forKey: ticket) }?.continuation.resume(returning: false)
            }
        }
    }

    private static func deadline(after duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
