import CMicroHTTPD
import Synchronization

/// An answer that is produced later, on another thread, while the listener's threads go on serving others.
///
/// Use it for work that must not run on the listener's threads (a deliberately slow password hash, a call to
/// another service):
///
/// ```swift
/// let answer = DeferredResponse()
/// pool.run { answer.complete(slowWork()) }
/// return .deferred(answer, ifAbandoned: HTTPResponse(status: 503))
/// ```
///
/// The listener suspends the connection (`MHD_suspend_connection`, as for ``HTTPResponse/delay``) and resumes it
/// when ``complete(_:)`` is called, from any thread, then sends that response (its own ``HTTPResponse/delay``
/// included). No listener thread waits meanwhile. ``complete(_:)`` may come before the listener has suspended the
/// connection; the first call wins and later ones are ignored. If the server shuts down first, the connection is
/// resumed at once and gets the `ifAbandoned` response; a later ``complete(_:)`` is then ignored.
///
/// Whoever creates one must make sure ``complete(_:)`` is eventually called (or rely on the shutdown): until then
/// the connection stays open, counted against ``HTTPServerConfiguration/connectionLimit``.
public final class DeferredResponse: Sendable {
    /// A connection pointer that may cross threads: microhttpd's resume is thread-safe.
    fileprivate struct Connection: @unchecked Sendable {
        let raw: OpaquePointer
    }

    private enum State {
        /// Neither suspended nor answered yet.
        case waiting
        /// The listener suspended the connection; `ticket` is its entry in ``DeferredResponses``.
        case suspended(Connection, registry: DeferredResponses, ticket: UInt64)
        /// Answered; the listener picks the response up when the connection resumes (or when it suspends it).
        case completed(HTTPResponse)
        /// The server shut down before an answer came; the listener sends its fallback.
        case abandoned
        /// The listener has taken the answer.
        case delivered
    }

    private let state = Mutex(State.waiting)

    /// Creates an answer to be completed later.
    public init() {}

    /// Delivers the answer and resumes the connection. The first call wins; later calls are ignored.
    public func complete(_ response: HTTPResponse) {
        let resume = state.withLock { state -> (Connection, DeferredResponses, UInt64)? in
            switch state {
            case .waiting:
                state = .completed(response)
                return nil
            case .suspended(let connection, let registry, let ticket):
                state = .completed(response)
                return (connection, registry, ticket)
            case .completed, .abandoned, .delivered:
                return nil
            }
        }
        if let (connection, registry, ticket) = resume {
            registry.forget(ticket)
            MHD_resume_connection(connection.raw)
        }
    }

    /// Called by the listener after suspending `connection`: resumes it at once if the answer is already there.
    fileprivate func suspended(_ connection: Connection, registry: DeferredResponses, ticket: UInt64) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .suspended(connection, registry: registry, ticket: ticket)
            return true
        }
    }

    /// Called at shutdown: resumes the connection with no answer, unless one just came.
    fileprivate func abandon() {
        let connection = state.withLock { state -> Connection? in
            switch state {
            case .waiting:
                state = .abandoned
                return nil
            case .suspended(let connection, _, _):
                state = .abandoned
                return connection
            case .completed, .abandoned, .delivered:
                return nil
            }
        }
        if let connection {
            MHD_resume_connection(connection.raw)
        }
    }

    /// Called by the listener when the connection resumes: the answer, or `nil` when it was abandoned.
    fileprivate func take() -> HTTPResponse? {
        state.withLock { state in
            guard case .completed(let response) = state else { return nil }
            state = .delivered
            return response
        }
    }
}

extension HTTPResponse {
    /// A response that `deferred` delivers later (see ``DeferredResponse``); `ifAbandoned` goes out instead when
    /// the server shuts down before it comes.
    public static func deferred(_ deferred: DeferredResponse, ifAbandoned fallback: HTTPResponse) -> HTTPResponse {
        var response = fallback
        response.deferred = deferred
        return response
    }
}

/// The connections suspended while their ``DeferredResponse`` is produced; the shutdown resumes them all.
final class DeferredResponses: Sendable {
    private struct State {
        var pending: [UInt64: DeferredResponse] = [:]
        var nextTicket: UInt64 = 0
        var closed = false
    }

    private let state = Mutex(State())

    /// The number of connections waiting for their answer now.
    var count: Int {
        state.withLock { $0.pending.count }
    }

    /// Suspends `connection` (called from its access handler) until `deferred` is completed. If it already was,
    /// or the server is shutting down, the connection is resumed at once.
    func suspend(_ connection: OpaquePointer, until deferred: DeferredResponse) {
        MHD_suspend_connection(connection)
        let ticket = state.withLock { state -> UInt64? in
            guard !state.closed else { return nil }
            state.nextTicket += 1
            state.pending[state.nextTicket] = deferred
            return state.nextTicket
        }
        guard let ticket else {
            deferred.abandon()
            MHD_resume_connection(connection)
            return
        }
        if !deferred.suspended(DeferredResponse.Connection(raw: connection), registry: self, ticket: ticket) {
            // Completed before the suspension was registered: nobody else will resume it.
            forget(ticket)
            MHD_resume_connection(connection)
        }
    }

    fileprivate func forget(_ ticket: UInt64) {
        state.withLock { _ = $0.pending.removeValue(forKey: ticket) }
    }

    /// Resumes every waiting connection now (each gets its fallback) and suspends none later.
    func abandonAll() {
        let pending = state.withLock { state in
            state.closed = true
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for deferred in pending {
            deferred.abandon()
        }
    }

    /// The answer for a resumed connection whose responder returned `waiting` (a ``HTTPResponse/deferred(_:ifAbandoned:)``):
    /// the completed response, or the fallback when it was abandoned.
    func answer(for waiting: HTTPResponse) -> HTTPResponse {
        var response = waiting.deferred?.take() ?? waiting
        response.deferred = nil
        return response
    }
}
