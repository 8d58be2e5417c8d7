/// The header fields that decide how a request is framed, gathered in one pass over microhttpd's header list.
///
/// libmicrohttpd 0.9.75 looks at the first `Content-Length` or `Transfer-Encoding` only, frames the body by it, and
/// does not require `Host`. The listener checks the rest here, in the access handler's first call (the headers are
/// parsed, the body is not read yet), and refuses what RFC 9112 calls invalid framing before microhttpd acts on it.
/// The value pointers point into microhttpd's per-request memory; use them only during that call.
struct RequestFraming {
    private(set) var hostCount = 0
    private(set) var contentLengthCount = 0
    /// The first `Content-Length` value, NUL-terminated.
    private(set) var contentLength: UnsafePointer<CChar>?
    private(set) var transferEncodingCount = 0
    /// The first `Transfer-Encoding` value and its length.
    private(set) var transferEncoding: UnsafeBufferPointer<UInt8>?

    /// Counts one header field; called for every field by ``RequestHeaders``.
    mutating func record(name: UnsafePointer<CChar>, nameLength: Int, value: UnsafePointer<CChar>?, valueLength: Int) {
        // The length decides first, so most fields cost one comparison.
        switch nameLength {
        case 4 where Self.equalsIgnoringCase(name, "host"):
            hostCount += 1
        case 14 where Self.equalsIgnoringCase(name, "content-length"):
            contentLengthCount += 1
            if contentLengthCount == 1 {
                contentLength = value
            }
        case 17 where Self.equalsIgnoringCase(name, "transfer-encoding"):
            transferEncodingCount += 1
            if transferEncodingCount == 1, let value {
                transferEncoding = UnsafeBufferPointer(
                    start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                    count: valueLength
                )
            }
        default:
            break
        }
    }

    /// Why the request must be refused before its body is read, or nil when microhttpd can frame it.
    ///
    /// - Parameter isHTTP10: Whether the request line said `HTTP/1.0` (microhttpd accepts only 1.0 and 1.1+).
    func refusal(isHTTP10: Bool) -> RequestRefusal? {
        if hostCount == 0, !isHTTP10 {
            return .missingHost
        }
        if hostCount > 1 {
            return .repeatedHost
        }
        if transferEncodingCount > 0 {
            if isHTTP10 {
                return .transferEncodingInHTTP10
            }
            if contentLengthCount > 0 {
                return .contentLengthWithTransferEncoding
            }
            if transferEncodingCount > 1 {
                return .repeatedTransferEncoding
            }
            guard let transferEncoding else {
                return .transferEncodingNotChunked
            }
            return Self.refusal(transferEncoding: transferEncoding)
        }
        if contentLengthCount > 1 {
            return .repeatedContentLength
        }
        return nil
    }

    /// microhttpd de-chunks a body only when the whole value is `chunked` (any case); anything else it would read
    /// until the connection closes.
    private static func refusal(transferEncoding value: UnsafeBufferPointer<UInt8>) -> RequestRefusal? {
        if equalsIgnoringCase(value, "chunked") {
            return nil
        }
        // RFC 9112 §6.1: Transfer-Encoding = #transfer-coding; the codings are listed in the order applied.
        let codings = value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(trimmed)
        guard let last = codings.last, equalsIgnoringCase(last, "chunked") else {
            return .transferEncodingNotChunked
        }
        return codings.count == 1 ? .transferEncodingNotChunked : .unsupportedTransferCoding
    }

    /// The bytes without leading and trailing optional whitespace (SP, HTAB; RFC 9110 §5.6.3).
    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }

    private static func equalsIgnoringCase(_ text: UnsafePointer<CChar>, _ lowercase: StaticString) -> Bool {
        equalsIgnoringCase(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                count: lowercase.utf8CodeUnitCount
            ),
            lowercase
        )
    }

    /// ASCII case-insensitive comparison with a lowercase literal.
    static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else {
            return false
        }
        return lowercase.withUTF8Buffer { expected in
            zip(bytes, expected).allSatisfy { byte, wanted in
                ((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte) == wanted
            }
        }
    }
}
