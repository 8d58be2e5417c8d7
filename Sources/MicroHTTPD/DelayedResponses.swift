internal import CMicroHTTPD
import Dispatch
import Synchronization

/// Connections suspended while a delayed response waits (``Response/delay``), and the timers that resume them.
///
/// The access handler queues nothing, suspends the connection (`MHD_suspend_connection`) and registers it here; a
/// Dispatch timer resumes it after the delay, and microhttpd then calls the access handler again, which queues the
/// stored response. No listener thread waits meanwhile, and a suspended connection costs only its memory (it is
/// still bounded by ``HTTPServerConfiguration/connectionLimit``).
///
/// Every suspension is resumed exactly once: by its timer, or by ``resumeAll()`` when the server shuts down
/// (microhttpd must not be stopped with suspended connections). After ``resumeAll()`` no connection is suspended
/// any more: ``suspend(_:for:)`` resumes it again at once. Only delayed responses take this lock.
final class DelayedResponses: Sendable {
    /// A connection pointer that may cross to the timer's thread: microhttpd's resume is thread-safe.
    private struct Connection: @unchecked Sendable {
        let raw: OpaquePointer
    }

    private struct State {
        var pending: [UInt64: Connection] = [:]
        var nextTicket: UInt64 = 0
        var closed = false
    }

    private let state = Mutex(State())

    /// The number of connections suspended now.
    var count: Int {
        state.withLock { $0.pending.count }
    }

    /// Suspends `connection` (called from its access handler) and resumes it after `delay`.
    func suspend(_ connection: OpaquePointer, for delay: Duration) {
        MHD_suspend_connection(connection)
        let handle = Connection(raw: connection)
        let ticket = state.withLock { state -> UInt64? in
            guard !state.closed else {
                return nil
            }
            state.nextTicket += 1
            state.pending[state.nextTicket] = handle
            return state.nextTicket
        }
        guard let ticket else {
            MHD_resume_connection(connection)
            return
        }
        let (seconds, attoseconds) = delay.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) {
            self.resume(ticket: ticket)
        }
    }

    /// Resumes every suspended connection now and suspends none later.
    func resumeAll() {
        let connections = state.withLock { state in
            state.closed = true
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for connection in connections {
            MHD_resume_connection(connection.raw)
        }
    }

    private func resume(ticket: UInt64) {
        guard let connection = state.withLock({ $0.pending.removeValue(forKey: ticket) }) else {
            return
        }
        MHD_resume_connection(connection.raw)
    }
}
