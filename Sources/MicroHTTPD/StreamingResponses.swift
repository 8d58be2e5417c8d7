internal import CMicroHTTPD
import HTTPMessages
import Synchronization

/// The responses whose body is a ``ResponseStream``; the shutdown ends them all.
///
/// Each becomes a microhttpd response read through a callback (`MHD_create_response_from_callback`, unknown size:
/// chunked). When the stream has no bytes to send, the callback suspends the connection (`MHD_suspend_connection`,
/// which microhttpd allows there) and returns 0; the stream's next write resumes it (`MHD_resume_connection`, from
/// any thread). No listener thread waits meanwhile and microhttpd does not poll the connection, so the socket is
/// watched for the client's close meanwhile (``PeerCloses``): a client that closes ends its stream at once. When
/// microhttpd is done with the response (the body ended, the client left, the connection failed) it calls the free
/// callback, which ends the stream for its producer.
final class StreamingResponses: Sendable {
    /// A connection pointer that may cross threads: microhttpd's suspend and resume are thread-safe.
    struct Connection: @unchecked Sendable {
        let raw: OpaquePointer
    }

    /// What the C callbacks get as their closure: retained once when the response is created, released once in
    /// the free callback.
    final class Context: Sendable {
        let stream: ResponseStream
        let connection: Connection
        let ticket: UInt64
        let owner: StreamingResponses

        init(stream: ResponseStream, connection: Connection, ticket: UInt64, owner: StreamingResponses) {
            self.stream = stream
            self.connection = connection
            self.ticket = ticket
            self.owner = owner
        }
    }

    private struct State {
        var open: [UInt64: ResponseStream] = [:]
        var nextTicket: UInt64 = 0
        var closed = false
    }

    private let state = Mutex(State())
    /// Watches each stream's socket for its client's close while microhttpd does not.
    private let peerCloses = PeerCloses()

    /// The bytes microhttpd asks for at most per callback.
    static let blockSize = 16 << 10

    /// The number of streams open now.
    var count: Int {
        state.withLock { $0.open.count }
    }

    /// A microhttpd response reading `stream` for `connection`, or nil if microhttpd cannot allocate one. During
    /// a shutdown the stream is ended at once (the response is then an empty body).
    func makeResponse(_ stream: ResponseStream, connection: OpaquePointer) -> OpaquePointer? {
        let ticket = state.withLock { state -> UInt64? in
            guard !state.closed else { return nil }
            state.nextTicket += 1
            state.open[state.nextTicket] = stream
            return state.nextTicket
        }
        guard let ticket else {
            stream.end(.shutdown)
            return nil
        }
        let context = Context(stream: stream, connection: Connection(raw: connection), ticket: ticket, owner: self)
        let opaque = Unmanaged.passRetained(context).toOpaque()
        guard
            let response = MHD_create_response_from_callback(
                UInt64.max,  // MHD_SIZE_UNKNOWN: chunked
                Self.blockSize,
                streamReaderTrampoline,
                opaque,
                streamFreedTrampoline
            )
        else {
            Unmanaged<Context>.fromOpaque(opaque).release()
            forget(ticket)
            stream.end(.clientLeft)
            return nil
        }
        peerCloses.watch(connection, ticket: ticket) { stream.end(.clientLeft) }
        return response
    }

    /// The content reader: bytes, or suspend until the next write, or the end.
    static func read(_ context: Context, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch context.stream.read(into: buffer) {
        case .bytes(let count):
            return count
        case .end:
            return -1  // MHD_CONTENT_READER_END_OF_STREAM
        case .abort:
            return -2  // MHD_CONTENT_READER_END_WITH_ERROR: drops the connection
        case .empty:
            let connection = context.connection
            MHD_suspend_connection(connection.raw)
            let resume: @Sendable () -> Void = { MHD_resume_connection(connection.raw) }
            if !context.stream.suspended(resume: resume) {
                // Bytes came (or the stream ended) before the suspension was registered: nobody else resumes it.
                MHD_resume_connection(connection.raw)
            }
            return 0
        }
    }

    /// microhttpd is done with the response: the producer learns the client left (unless it ended before).
    static func freed(_ context: Context) {
        context.stream.end(.clientLeft)
        context.owner.forget(context.ticket)
    }

    private func forget(_ ticket: UInt64) {
        state.withLock { _ = $0.open.removeValue(forKey: ticket) }
        peerCloses.forget(ticket)
    }

    /// Ends every open stream now (their connections resume and close their bodies) and opens none later.
    func endAll() {
        let open = state.withLock { state in
            state.closed = true
            return Array(state.open.values)
        }
        for stream in open {
            stream.end(.shutdown)
        }
    }
}
