public import HTTPTypes
import Synchronization

/// A response body produced over time — Server-Sent Events — sent as it is written, while no listener thread
/// waits for the next bytes.
///
/// ```swift
/// let stream = ResponseStream(capacity: 256 << 10)
/// stream.onEnd { reason in subscribers.remove(stream) }
/// subscribers.add(stream)  // someone calls stream.write(…) later, from any thread
/// return .stream(stream, status: .ok, headerFields: [.contentType: "text/event-stream"])
/// ```
///
/// The listener sends the bytes written so far whenever the client can take them; when none are left it suspends
/// the connection and ``write(_:)`` resumes it. The buffer is bounded: a write that would hold more than
/// `capacity` unsent bytes (a consumer that stops reading) ends the stream instead (``EndReason/overflow``), drops
/// what it held and closes the connection, so memory per stream never exceeds `capacity` (or one write, when a
/// single write is larger: it is accepted when nothing else waits), plus what the listener and the kernel buffer
/// for one connection. The producer learns the end — overflow, the client leaving, the
/// server shutting down, or its own ``finish()`` — once, through ``onEnd(_:)``. The listener watches an idle
/// stream's socket, so a client that closes it is noticed at once, not at the next write.
///
/// The listener's side (``read(into:)``, ``suspended(resume:)``, ``end(_:)``) is `package`.
public final class ResponseStream: Sendable {
    /// Why a stream ended.
    public enum EndReason: Sendable, Hashable {
        /// The producer called ``finish()`` and every byte was handed to the listener.
        case finished
        /// A write would have held more than the capacity: the consumer was not reading.
        case overflow
        /// The client closed the connection (or it failed).
        case clientLeft
        /// The server is shutting down.
        case shutdown
    }

    /// What the listener gets from ``read(into:)``.
    package enum ReadResult: Equatable {
        /// This many bytes were copied.
        case bytes(Int)
        /// Nothing to send now: suspend the connection until a write.
        case empty
        /// The stream ended cleanly: close the body.
        case end
        /// The stream ended abnormally (overflow, or the client left): drop the connection.
        case abort
    }

    private struct State {
        var buffer: [UInt8] = []
        /// Bytes of `buffer` already handed to the listener.
        var sent = 0
        var finishing = false
        var ended: EndReason?
        var resume: (@Sendable () -> Void)?
        var onEnd: (@Sendable (EndReason) -> Void)?
    }

    /// The most unsent bytes the stream holds.
    public let capacity: Int
    private let state = Mutex(State())

    /// Creates a stream that holds at most `capacity` unsent bytes.
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Queues `bytes` for the client; `false` when the stream has ended (then nothing is queued), including when
    /// this write would have overflowed it.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var result = false
        var resume: (@Sendable () -> Void)?
        var ended: (@Sendable (EndReason) -> Void)?
        state.withLock { state in
            guard state.ended == nil, !state.finishing else { return }
            resume = state.resume
            state.resume = nil
            let pending = state.buffer.count - state.sent
            // One write larger than the capacity still goes out when nothing else waits (a big snapshot event).
            if pending > 0, pending + bytes.count > capacity {
                state.buffer = []
                state.sent = 0
                state.ended = .overflow
                ended = state.onEnd
                state.onEnd = nil
                return
            }
            if state.sent > 0, state.sent >= state.buffer.count / 2 {
                state.buffer.removeFirst(state.sent)
                state.sent = 0
            }
            state.buffer.append(contentsOf: bytes)
            result = true
        }
        ended?(.overflow)
        resume?()
        return result
    }

    /// Ends the stream once the bytes written so far are sent.
    public func finish() {
        let resume = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.ended == nil else { return nil }
            state.finishing = true
            defer { state.resume = nil }
            return state.resume
        }
        resume?()
    }

    /// Calls `handler` once when the stream ends (at once if it has).
    public func onEnd(_ handler: @escaping @Sendable (EndReason) -> Void) {
        let ended = state.withLock { state -> EndReason? in
            guard let ended = state.ended else {
                state.onEnd = handler
                return nil
            }
            return ended
        }
        if let ended { handler(ended) }
    }

    /// Whether the stream has ended.
    public var hasEnded: Bool {
        state.withLock { $0.ended != nil }
    }

    /// The bytes written and not yet handed to the listener.
    public var pendingByteCount: Int {
        state.withLock { $0.buffer.count - $0.sent }
    }

    // MARK: - The listener's side

    /// Copies up to `buffer.count` unsent bytes into `buffer`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        var ended: (@Sendable (EndReason) -> Void)?
        let result = state.withLock { state -> ReadResult in
            if let reason = state.ended {
                // Nobody reads the final chunk of a stream whose client left: drop the connection instead.
                return reason == .overflow || reason == .clientLeft ? .abort : .end
            }
            let available = state.buffer.count - state.sent
            if available == 0 {
                guard state.finishing else { return .empty }
                state.ended = .finished
                ended = state.onEnd
                state.onEnd = nil
                state.buffer = []
                state.sent = 0
                return .end
            }
            let count = min(available, buffer.count)
            state.buffer.withUnsafeBytes { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[state.sent..<state.sent + count]))
            }
            state.sent += count
            return .bytes(count)
        }
        ended?(.finished)
        return result
    }

    /// Called by the listener after suspending the connection, with what resumes it: `false` when bytes came (or
    /// the stream ended) meanwhile, and the listener must resume the connection itself.
    package func suspended(resume: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard state.ended == nil, !state.finishing, state.buffer.count == state.sent else { return false }
            state.resume = resume
            return true
        }
    }

    /// Ends the stream for `reason` (the client left, the server shuts down), resuming a suspended connection.
    package func end(_ reason: EndReason) {
        var resume: (@Sendable () -> Void)?
        let ended = state.withLock { state -> (@Sendable (EndReason) -> Void)? in
            guard state.ended == nil else { return nil }
            state.ended = reason
            state.buffer = []
            state.sent = 0
            resume = state.resume
            state.resume = nil
            defer { state.onEnd = nil }
            return state.onEnd
        }
        ended?(reason)
        resume?()
    }
}

extension Response {
    /// A response whose body is `stream` (see ``ResponseStream``), sent with chunked transfer coding as it is
    /// written.
    public static func stream(
        _ stream: ResponseStream,
        status: HTTPResponse.Status = .ok,
        headerFields: HTTPFields = [:]
    ) -> Response {
        var response = Response(status: status, headerFields: headerFields)
        response.stream = stream
        return response
    }
}
