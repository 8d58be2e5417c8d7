import Clocks
import Synchronization

/// Wakes the drain at once when this process queued work; ``signal()`` is cheap and safe from any thread (the
/// listener's), ``wait(milliseconds:on:)`` returns on the first signal or after the timeout (measured on the drain's
/// clock). A signal with nobody
/// waiting is kept for the next wait.
final class Wakeup: Sendable {
    private struct State {
        var signaled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Wakes the waiter, or the next one.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.signaled = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after a signal (`true`), after `milliseconds` on `clock` or when the task is cancelled (`false`),
    /// whichever comes first.
    @discardableResult
    func wait(milliseconds: Int64, on clock: any HearthClock) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.waitForSignal()
                return !Task.isCancelled
            }
            group.addTask {
                try? await clock.sleep(for: .milliseconds(max(1, milliseconds)))
                return false
            }
            let signaled = await group.next() ?? false
            group.cancelAll()
            return signaled
        }
    }

    private func waitForSignal() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.signaled {
                        state.signaled = false
                        return true
                    }
                    if Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
