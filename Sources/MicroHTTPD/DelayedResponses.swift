internal import CMicroHTTPD
import Clocks
import Dispatch
import Synchronization

/// Connections suspended while a delayed response waits (``Response/delay``), and the timers that resume them.
///
/// The access handler queues nothing, suspends the connection (`MHD_suspend_connection`) and registers it here; a
/// callback scheduled on the server's clock (a Dispatch timer on the system's; never Swift's cooperative pool)
/// resumes it after the delay, and microhttpd then calls the access handler again, which queues the stored
/// response. No listener thread waits meanwhile, and a suspended connection costs only its memory (it is
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

    private struct Pending {
        var connection: Connection
        /// The timer waiting out the delay; cancelled when ``resumeAll()`` answers early.
        var timer: (any ScheduledCallback)?
    }

    private struct State {
        var pending: [UInt64: Pending] = [:]
        var nextTicket: UInt64 = 0
        var closed = false
    }

    private let state = Mutex(State())
    private let clock: any HearthClock

    init(clock: any HearthClock) {
        self.clock = clock
    }

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
            state.pending[state.nextTicket] = Pending(connection: handle)
            return state.nextTicket
        }
        guard let ticket else {
            MHD_resume_connection(connection)
            return
        }
        let timer = clock.schedule(after: delay) {
            self.resume(ticket: ticket)
        }
        state.withLock { state in
            // Resumed meanwhile (a shutdown): the timer is not needed any more.
            guard state.pending[ticket] != nil else { return timer.cancel() }
            state.pending[ticket]?.timer = timer
        }
    }

    /// Resumes every suspended connection now and suspends none later.
    func resumeAll() {
        let connections = state.withLock { state in
            state.closed = true
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for pending in connections {
            pending.timer?.cancel()
            MHD_resume_connection(pending.connection.raw)
        }
    }

    private func resume(ticket: UInt64) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: ticket) }) else {
            return
        }
        MHD_resume_connection(pending.connection.raw)
    }
}
