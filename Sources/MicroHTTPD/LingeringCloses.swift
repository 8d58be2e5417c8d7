import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sockets whose answer is sent while the client may still be sending its request: what arrives is read and
/// discarded for a bounded time and size, then the socket is closed (a "lingering close").
///
/// Why: a client without `Expect: 100-continue` sends its whole body before it reads anything. If the server
/// answers early (413 for a body over the limit, 400 for bad framing) and closes with that body still arriving,
/// the kernel answers the unread bytes with a reset, and the reset makes the client's kernel drop the answer it
/// had not read yet: the client sees a broken pipe instead of the 413. RFC 9112 §9.6 describes the remedy: "the
/// server [should] perform a staged disconnect … close the 'write' side of the connection … continue to read
/// from the connection until it receives a corresponding close by the client, or until the server is reasonably
/// certain that its own TCP stack has received the client's acknowledgement of the packet(s) containing the
/// server's last response."
///
/// libmicrohttpd 0.9.75 shuts the write side and closes at once. The listener therefore takes a duplicate of the
/// socket's descriptor when microhttpd reports the connection closed, so closing microhttpd's descriptor no longer
/// closes the socket, and drains the duplicate here on one serial queue until the client closes, goes quiet for
/// ``Limits/idleTimeout``, ``Limits/totalTimeout`` has passed, or ``Limits/maxBytes`` were discarded. At most
/// ``Limits/maxSockets`` linger at once; beyond that a socket is closed at once, as before.
final class LingeringCloses: Sendable {
    /// Bounds on the draining.
    struct Limits: Sendable {
        /// Closed when nothing arrives for this long.
        var idleTimeout: Duration
        /// Closed this long after lingering began, whatever arrives.
        var totalTimeout: Duration
        /// Closed once this many bytes were discarded.
        var maxBytes: Int
        /// The most sockets lingering at once.
        var maxSockets: Int

        /// nginx's `lingering_timeout` (5 s) and `lingering_time` (30 s), 16 MiB, 64 sockets.
        static let standard = Limits(
            idleTimeout: .seconds(5),
            totalTimeout: .seconds(30),
            maxBytes: 16 << 20,
            maxSockets: 64
        )
    }

    /// A read source that may cross threads: Dispatch sources are thread-safe (`cancel()` may be called anywhere).
    private struct ReadSource: @unchecked Sendable {
        let source: any DispatchSourceRead
    }

    private struct Socket {
        let descriptor: Int32
        let source: ReadSource
        let deadline: DispatchTime
        var idleDeadline: DispatchTime
        var discarded = 0
    }

    private struct State {
        var sockets: [UInt64: Socket] = [:]
        var nextTicket: UInt64 = 0
        var closed = false
    }

    /// The bounds this instance applies.
    let limits: Limits
    private let queue = DispatchQueue(label: "MicroHTTPD.LingeringCloses")
    private let state = Mutex(State())

    /// Called after each lingering socket is closed (tests await it).
    private let didClose: (@Sendable () -> Void)?

    init(limits: Limits = .standard, didClose: (@Sendable () -> Void)? = nil) {
        self.limits = limits
        self.didClose = didClose
    }

    /// The number of sockets lingering now.
    var count: Int {
        state.withLock { $0.sockets.count }
    }

    /// Takes ownership of `descriptor` (a socket whose answer was sent) and drains it until one of the limits ends
    /// it; closes it at once when too many sockets linger or after ``closeAll()``.
    func adopt(_ descriptor: Int32) {
        // Whatever microhttpd did, the client must see the end of the answer (for TLS microhttpd sends only a
        // close_notify and leaves the TCP write side open).
        shutdown(descriptor, Int32(SHUT_WR))
        let now = DispatchTime.now()
        let source = ReadSource(source: DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue))
        let ticket = state.withLock { state -> UInt64? in
            guard !state.closed, state.sockets.count < limits.maxSockets else {
                return nil
            }
            state.nextTicket += 1
            state.sockets[state.nextTicket] = Socket(
                descriptor: descriptor,
                source: source,
                deadline: now + Self.dispatchInterval(limits.totalTimeout),
                idleDeadline: now + Self.dispatchInterval(limits.idleTimeout)
            )
            return state.nextTicket
        }
        // Dispatch requires the descriptor to stay open until the source is cancelled, and a source to be resumed
        // before it is released, even one that is never used.
        source.source.setCancelHandler { [didClose] in
            close(descriptor)
            didClose?()
        }
        guard let ticket else {
            source.source.resume()
            source.source.cancel()
            return
        }
        source.source.setEventHandler { [self] in drain(ticket) }
        source.source.resume()
        queue.asyncAfter(deadline: now + Self.dispatchInterval(limits.idleTimeout)) { [self] in checkDeadlines(ticket) }
    }

    /// Closes every lingering socket now and closes later ones at once (the server is stopping).
    func closeAll() {
        let sockets = state.withLock { state in
            state.closed = true
            defer { state.sockets = [:] }
            return Array(state.sockets.values)
        }
        for socket in sockets {
            socket.source.source.cancel()
        }
    }

    /// Reads and discards what is there (at most 1 MiB per call, so a client that never stops sending cannot keep
    /// the queue from checking deadlines); ends the lingering at end of stream, on an error, past the byte limit
    /// or past the total deadline.
    private func drain(_ ticket: UInt64) {
        guard let descriptor = state.withLock({ $0.sockets[ticket]?.descriptor }) else {
            return
        }
        var discarded = 0
        var finished = false
        withUnsafeTemporaryAllocation(byteCount: 64 << 10, alignment: 16) { buffer in
            for _ in 0..<16 {
                let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 {
                    discarded += count
                    continue
                }
                if count < 0, errno == EINTR {
                    continue
                }
                // 0: the client closed; EAGAIN: all read for now; anything else: the connection is gone.
                finished = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
                break
            }
        }
        let now = DispatchTime.now()
        let done = state.withLock { state -> Bool in
            guard var socket = state.sockets[ticket] else {
                return false
            }
            socket.discarded += discarded
            socket.idleDeadline = now + Self.dispatchInterval(limits.idleTimeout)
            state.sockets[ticket] = socket
            return finished || socket.discarded >= limits.maxBytes || now >= socket.deadline
        }
        if done {
            finish(ticket)
        }
    }

    /// Ends the lingering once a deadline passed, or checks again at the next one.
    private func checkDeadlines(_ ticket: UInt64) {
        guard let socket = state.withLock({ $0.sockets[ticket] }) else {
            return
        }
        let next = min(socket.idleDeadline, socket.deadline)
        if DispatchTime.now() >= next {
            finish(ticket)
        } else {
            queue.asyncAfter(deadline: next) { [self] in checkDeadlines(ticket) }
        }
    }

    private func finish(_ ticket: UInt64) {
        state.withLock { $0.sockets.removeValue(forKey: ticket) }?.source.source.cancel()
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(clamping: max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000))
    }
}
