import Synchronization

/// An answer that is produced later, on another thread, while the listener's threads go on serving others.
///
/// Use it for work that must not run on the listener's threads (a deliberately slow password hash, a call to
/// another service):
///
/// ```swift
/// let answer = DeferredResponse()
/// pool.run { answer.complete(slowWork()) }
/// return .deferred(answer, ifAbandoned: Response(status: .serviceUnavailable))
/// ```
///
/// The listener suspends the connection (as for ``Response/delay``) and resumes it when ``complete(_:)`` is called,
/// from any thread, then sends that response (its own ``Response/delay`` included). No listener thread waits
/// meanwhile. ``complete(_:)`` may come before the listener has suspended the connection; the first call wins and
/// later ones are ignored. If the server shuts down first, the connection is resumed at once and gets the
/// `ifAbandoned` response; a later ``complete(_:)`` is then ignored.
///
/// Whoever creates one must make sure ``complete(_:)`` is eventually called (or rely on the shutdown): until then
/// the connection stays open, counted against the listener's connection limit.
///
/// The listener's side (``suspended(resume:)``, ``abandon()``, ``take()``) is `package`: it knows how to resume a
/// connection, this type only when.
///
/// Whoever wants to know the final answer (the per-request log line, the metrics) registers with
/// ``whenFinished(_:)``: it is told once, with the response, or `nil` when the server abandoned the wait.
public final class DeferredResponse: Sendable {
    private enum State {
        /// Neither suspended nor answered yet.
        case waiting
        /// The listener suspended the connection; `resume` resumes it (from any thread, once).
        case suspended(resume: @Sendable () -> Void)
        /// Answered; the listener picks the response up when the connection resumes (or when it suspends it).
        case completed(Response)
        /// The server shut down before an answer came; the listener sends its fallback.
        case abandoned
        /// The listener has taken the answer.
        case delivered
    }

    private let state = Mutex(State.waiting)

    /// Who wants the final answer, and the answer once there is one (`.some(nil)`: abandoned).
    private struct Observation {
        var observers: [@Sendable (Response?) -> Void] = []
        var finished: Response??
    }

    private let observation = Mutex(Observation())

    /// Creates an answer to be completed later.
    public init() {}

    /// Delivers the answer and resumes the connection. The first call wins; later calls are ignored.
    public func complete(_ response: Response) {
        let (won, resume) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            switch state {
            case .waiting:
                state = .completed(response)
                return (true, nil)
            case .suspended(let resume):
                state = .completed(response)
                return (true, resume)
            case .completed, .abandoned, .delivered:
                return (false, nil)
            }
        }
        if won { finish(response) }
        resume?()
    }

    /// Calls `body` once with the final answer when ``complete(_:)`` delivers it (on that caller's thread), or with
    /// `nil` when the server abandons the wait at shutdown; at once (on this thread) if that already happened.
    public func whenFinished(_ body: @escaping @Sendable (Response?) -> Void) {
        let finished = observation.withLock { observation -> Response?? in
            if let finished = observation.finished { return .some(finished) }
            observation.observers.append(body)
            return nil
        }
        if let finished { body(finished) }
    }

    /// Records the final answer and tells every observer, outside the lock.
    private func finish(_ response: Response?) {
        let observers = observation.withLock { observation in
            observation.finished = .some(response)
            defer { observation.observers = [] }
            return observation.observers
        }
        for observer in observers { observer(response) }
    }

    /// Called by the listener after suspending the connection, with what resumes it: `false` when the answer is
    /// already there (or the wait was abandoned), and the listener must resume the connection itself.
    package func suspended(resume: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .suspended(resume: resume)
            return true
        }
    }

    /// Called at shutdown: resumes the connection with no answer, unless one just came.
    package func abandon() {
        let (won, resume) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            switch state {
            case .waiting:
                state = .abandoned
                return (true, nil)
            case .suspended(let resume):
                state = .abandoned
                return (true, resume)
            case .completed, .abandoned, .delivered:
                return (false, nil)
            }
        }
        if won { finish(nil) }
        resume?()
    }

    /// Called by the listener when the connection resumes: the answer, or `nil` when it was abandoned.
    package func take() -> Response? {
        state.withLock { state in
            guard case .completed(let response) = state else { return nil }
            state = .delivered
            return response
        }
    }
}

extension Response {
    /// A response that `deferred` delivers later (see ``DeferredResponse``); `ifAbandoned` goes out instead when
    /// the server shuts down before it comes.
    public static func deferred(_ deferred: DeferredResponse, ifAbandoned fallback: Response) -> Response {
        var response = fallback
        response.deferred = deferred
        return response
    }
}
