import Dispatch
import Synchronization

/// Runs jobs on at most `workers` threads at once, with at most `queueLimit` more waiting; a job beyond that is
/// refused at once (``submit(_:)`` returns `false`) rather than queued without bound.
///
/// Sign-in uses it to keep PBKDF2 off the listener's threads and bounded in CPU: however many sign-ins arrive, at
/// most `workers` cores hash, and a full queue answers "busy, try again" instead of growing a backlog. Jobs run on
/// Dispatch's global threads; a worker that finishes a job takes the next one waiting.
final class BoundedWorkQueue: Sendable {
    private struct State {
        var running = 0
        var waiting: [@Sendable () -> Void] = []
        /// Index of the next job in ``waiting`` (the array is compacted when it has been drained).
        var head = 0
    }

    private let workers: Int
    private let queueLimit: Int
    private let state = Mutex(State())

    /// - Parameters:
    ///   - workers: jobs that may run at once (at least 1).
    ///   - queueLimit: jobs that may wait for a worker (0: refuse whenever all workers are busy).
    init(workers: Int, queueLimit: Int) {
        self.workers = max(1, workers)
        self.queueLimit = max(0, queueLimit)
    }

    /// Jobs running or waiting now.
    var load: Int {
        state.withLock { $0.running + $0.waiting.count - $0.head }
    }

    /// Runs `job` on a worker, now or after the jobs already waiting; `false` (and `job` is dropped) when the queue
    /// is full.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let startNow = state.withLock { state -> Bool? in
            if state.running < workers {
                state.running += 1
                return true
            }
            guard state.waiting.count - state.head < queueLimit else { return nil }
            state.waiting.append(job)
            return false
        }
        switch startNow {
        case nil: return false
        case true?: DispatchQueue.global().async { self.work(first: job) }
        case false?: break
        }
        return true
    }

    /// A worker: runs `first`, then whatever is waiting, then retires.
    private func work(first: @escaping @Sendable () -> Void) {
        var job: (@Sendable () -> Void)? = first
        while let current = job {
            current()
            job = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.head < state.waiting.count else {
                    state.waiting = []
                    state.head = 0
                    state.running -= 1
                    return nil
                }
                let next = state.waiting[state.head]
                state.head += 1
                return next
            }
        }
    }
}
