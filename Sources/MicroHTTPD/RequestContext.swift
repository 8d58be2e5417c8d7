import HTTPMessages
import HTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the listener knows about one request while microhttpd reads it.
///
/// Created in the URI-log callback (the first thing microhttpd reports for a request), retained once into
/// microhttpd's per-request pointer, and released once: in the request-completed callback, or, when microhttpd drops
/// the request without completing it, in the connection-closed notification (see ``ConnectionState``). Only the
/// connection's current microhttpd thread touches it.
final class RequestContext {
    /// The request target (`/path?query`), exactly as sent (not percent-decoded).
    let target: String
    /// Whether the target has a `?`.
    let hasQuery: Bool
    /// The number of `&`-separated fields in the query (0 without a query).
    let queryArgumentCount: Int
    /// Where microhttpd's target starts in its read buffer and how many bytes its C string had when the URI-log
    /// callback saw it; nil when the context was not made from microhttpd's target. Only compared with the access
    /// handler's pointers (``RequestLine``), never read through.
    let rawTarget: (start: UnsafeRawPointer, count: Int)?
    /// The body read so far.
    var body: [UInt8] = []
    /// The request method, read with the headers; nil until then, and when it is not a token.
    var method: HTTPRequest.Method?
    /// The header fields but `Host`, read in the access handler's first call (``RequestHeaders``).
    var headerFields = HTTPFields()
    /// The `Host` header, read with the other fields.
    var authority: String?
    /// Set once the access handler has seen the headers (its first call for this request).
    var headersSeen = false
    /// Set when the body outgrew the limit: the rest is discarded and the answer is 413.
    var bodyTooLarge = false
    /// Body bytes discarded after the body outgrew the limit.
    var discardedBytes = 0
    /// Set when the listener refuses the request itself, before reading its body.
    var refusal: RequestRefusal?
    /// Set once a response is queued; later calls only discard input.
    var responded = false
    /// A response held back by its ``Response/delay``, queued when the suspended connection resumes.
    var delayedResponse: Response?
    /// A responder's ``Response/deferred(_:ifAbandoned:)`` answer, while the connection waits for it.
    var deferredResponse: Response?

    init(
        target: String,
        hasQuery: Bool = false,
        queryArgumentCount: Int = 0,
        rawTarget: (start: UnsafeRawPointer, count: Int)? = nil,
        refusal: RequestRefusal? = nil
    ) {
        self.target = target
        self.hasQuery = hasQuery
        self.queryArgumentCount = queryArgumentCount
        self.rawTarget = rawTarget
        self.refusal = refusal
    }

    /// Copies a raw request target (`/path?query`), counts its query's fields, and refuses it when it holds a
    /// control byte or a space (``RequestRefusal/invalidRequestTarget``; a NUL byte ends the C string, and is found
    /// later by ``RequestLine``).
    convenience init(target: UnsafePointer<CChar>) {
        let length = strlen(target)
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(target).assumingMemoryBound(to: UInt8.self),
            count: length
        )
        let text = String(decoding: bytes, as: UTF8.self)
        let refusal: RequestRefusal? =
            bytes.contains(where: RequestLine.isForbiddenInTarget) ? .invalidRequestTarget : nil
        if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
            let query = UnsafeBufferPointer(rebasing: bytes[(mark + 1)...])
            var separators = 0
            for byte in query where byte == UInt8(ascii: "&") {
                separators += 1
            }
            self.init(
                target: text,
                hasQuery: true,
                queryArgumentCount: query.isEmpty ? 0 : separators + 1,
                rawTarget: (UnsafeRawPointer(target), length),
                refusal: refusal
            )
        } else {
            self.init(target: text, rawTarget: (UnsafeRawPointer(target), length), refusal: refusal)
        }
    }
}
