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
/// ``whenFinished(_:)``: it is told once, with the response, or `nil` when the server abandoned the wait, and
/// before the listener sends that answer, so a client that has read the answer finds its log line written.
public final class DeferredResponse: Sendable {
    private enum State {
        /// Neither suspended nor answered yet.
        case waiting
        /// The listener suspended the connection; `resume` resumes it (from any thread, once).
        case suspended(resume: @Sendable () -> Void)
        /// Answered (`nil`: abandoned), and the observers are being told; the connection stays suspended until they
        /// have been, so that whoever reads the answer finds its log line written. `resume` is there once the
        /// listener has suspended the connection.
        case finishing(Response?, resume: (@Sendable () -> Void)?)
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

    /// Delivers the answer and resumes the connection, once every ``whenFinished(_:)`` observer has been told. The
    /// first call wins; later calls are ignored.
    public func complete(_ response: Response) {
        settle(response)
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

    /// Settles the answer (`nil`: abandoned) unless it is settled already: tells every observer, outside the lock,
    /// and only then lets the listener have it, resuming the connection if the listener had suspended it.
    private func settle(_ response: Response?) {
        let won = state.withLock { state -> Bool in
            switch state {
            case .waiting:
                state = .finishing(response, resume: nil)
                return true
            case .suspended(let resume):
                state = .finishing(response, resume: resume)
                return true
            case .finishing, .completed, .abandoned, .delivered:
                return false
            }
        }
        guard won else { return }
        let observers = observation.withLock { observation in
            observation.finished = .some(response)
            defer { observation.observers = [] }
            return observation.observers
        }
        for observer in observers { observer(response) }
        let resume = state.withLock { state -> (@Sendable () -> Void)? in
            guard case .finishing(_, let resume) = state else { return nil }
            state = response.map(State.completed) ?? .abandoned
            return resume
        }
        resume?()
    }

    /// Called by the listener after suspending the connection, with what resumes it: `false` when the answer is
    /// already there and its observers told (or the wait was abandoned), and the listener must resume the
    /// connection itself.
    package func suspended(resume: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            switch state {
            case .waiting:
                state = .suspended(resume: resume)
                return true
            case .finishing(let response, resume: nil):
                state = .finishing(response, resume: resume)
                return true
            case .suspended, .finishing, .completed, .abandoned, .delivered:
                return false
            }
        }
    }

    /// Called at shutdown: resumes the connection with no answer, unless one just came.
    package func abandon() {
        settle(nil)
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
