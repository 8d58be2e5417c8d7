internal import CMicroHTTPD
import HTTPMessages
import Synchronization

/// The connections suspended while their ``DeferredResponse`` is produced; the shutdown resumes them all.
///
/// The access handler suspends the connection (`MHD_suspend_connection`) and hands the ``DeferredResponse`` a
/// closure that resumes it (`MHD_resume_connection`, which microhttpd allows from any thread); the answer's
/// ``DeferredResponse/complete(_:)`` calls it.
final class DeferredResponses: Sendable {
    /// A connection pointer that may cross threads: microhttpd's resume is thread-safe.
    private struct Connection: @unchecked Sendable {
        let raw: OpaquePointer
    }

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
        let handle = Connection(raw: connection)
        let resume: @Sendable () -> Void = { [self] in
            forget(ticket)
            MHD_resume_connection(handle.raw)
        }
        if !deferred.suspended(resume: resume) {
            // Completed before the suspension was registered: nobody else will resume it.
            forget(ticket)
            MHD_resume_connection(connection)
        }
    }

    private func forget(_ ticket: UInt64) {
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

    /// The answer for a resumed connection whose responder returned `waiting` (a
    /// ``Response/deferred(_:ifAbandoned:)``): the completed response, or the fallback when it was abandoned.
    func answer(for waiting: Response) -> Response {
        var response = waiting.deferred?.take() ?? waiting
        response.deferred = nil
        return response
    }
}
