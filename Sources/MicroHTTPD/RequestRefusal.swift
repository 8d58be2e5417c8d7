/// Why the listener answers a request itself, before its body is read and without calling the responder.
///
/// Each refusal is answered with a JSON error and `Connection: close`: after a framing error the server cannot tell
/// where the next request would start (RFC 9112 §6.3: "the server MUST respond with a 400 (Bad Request) status
/// code and then close the connection").
enum RequestRefusal: Int, CaseIterable {
    /// RFC 9112 §3.2: "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message
    /// that lacks a Host header field and to any request message that contains more than one Host header field
    /// line or a Host header field with an invalid field value."
    case missingHost
    /// RFC 9112 §3.2, as above: more than one `Host` field line.
    case repeatedHost
    /// RFC 9112 §6.1: "A server or client that receives an HTTP/1.0 message containing a Transfer-Encoding header
    /// field MUST treat the message as if the framing is faulty, even if a Content-Length is present, and close
    /// the connection after processing the message."
    case transferEncodingInHTTP10
    /// RFC 9112 §6.1: "A server MAY reject a request that contains both Content-Length and Transfer-Encoding or
    /// process such a request in accordance with the Transfer-Encoding alone. Regardless, the server MUST close
    /// the connection after responding to such a request to avoid the potential attacks." Hearth rejects it.
    case contentLengthWithTransferEncoding
    /// RFC 9112 §6.3 (5): a `Content-Length` that is not one valid decimal makes the framing invalid; RFC 9110 §8.6
    /// lets a recipient reject a repeated one. microhttpd would silently use the first.
    case repeatedContentLength
    /// More than one `Transfer-Encoding` field line: microhttpd reads only the first, so the codings the client
    /// meant cannot be known.
    case repeatedTransferEncoding
    /// RFC 9112 §6.3 (4): "If a Transfer-Encoding header field is present in a request and the chunked transfer
    /// coding is not the final encoding, the message body length cannot be determined reliably; the server MUST
    /// respond with the 400 (Bad Request) status code and then close the connection." Also a bare `chunked` with
    /// surrounding whitespace, which RFC 9110 §5.5 allows but libmicrohttpd 0.9.75 does not recognise (it compares
    /// the raw value to `chunked` and would wait for the connection to close instead).
    case transferEncodingNotChunked
    /// RFC 9112 §6.1: "A server that receives a request message with a transfer coding it does not understand
    /// SHOULD respond with 501 (Not Implemented)." — `gzip, chunked` and the like; microhttpd decodes only chunked.
    case unsupportedTransferCoding
    /// More query arguments than ``HTTPServer/maxQueryArguments``.
    case tooManyQueryArguments
    /// RFC 9110 §9.1: "method = token"; RFC 9112 §3: "Recipients of an invalid request-line SHOULD respond with
    /// either a 400 (Bad Request) error or a 301 (Moved Permanently) redirect". microhttpd takes any bytes up to the
    /// first space as the method.
    case invalidMethod
    /// RFC 9112 §3.2: the request-target is a URI reference, which holds no control character and no space (RFC 3986
    /// §2); "Recipients of an invalid request-line SHOULD respond with either a 400 (Bad Request) error or a 301 (Moved
    /// Permanently) redirect" (§3). A NUL byte is the dangerous one: microhttpd hands the target over as a C string,
    /// so everything after it would vanish, and Hearth would act on another resource than the one a proxy in front
    /// of it authorized (``RequestLine``).
    case invalidRequestTarget
    /// RFC 9110 §5.5: a field value is visible characters, spaces and tabs (`field-vchar = VCHAR / obs-text`); a NUL
    /// byte would cut microhttpd's C string of the value short, and legalizing another control byte into a space
    /// would change what the client sent (`5\x7F` read as `5`). RFC 9112 §5.2 lets a server refuse an obs-fold line
    /// with 400. See ``RequestHeaders``.
    case invalidHeaderField

    /// The status code sent.
    var status: UInt32 {
        switch self {
        case .missingHost, .repeatedHost, .transferEncodingInHTTP10, .contentLengthWithTransferEncoding,
            .repeatedContentLength, .repeatedTransferEncoding, .transferEncodingNotChunked, .invalidMethod,
            .invalidRequestTarget, .invalidHeaderField:
            400
        case .unsupportedTransferCoding: 501
        case .tooManyQueryArguments: 414
        }
    }

    /// The JSON body sent: `{"error": code, "message": text}`, the shape of every JSON refusal Hearth sends (the
    /// device API's error object): `error` a stable code (the case's name: `missingHost`, `tooManyQueryArguments`,
    /// …), `message` for people.
    var body: String {
        RequestRefusal.errorBody(code: "\(self)", message: message)
    }

    /// What went wrong, for people.
    var message: String {
        switch self {
        case .missingHost: "an HTTP/1.1 request needs a Host header"
        case .repeatedHost: "more than one Host header"
        case .transferEncodingInHTTP10: "Transfer-Encoding in an HTTP/1.0 request"
        case .contentLengthWithTransferEncoding: "both Content-Length and Transfer-Encoding"
        case .repeatedContentLength: "more than one Content-Length"
        case .repeatedTransferEncoding: "more than one Transfer-Encoding header"
        case .transferEncodingNotChunked: "Transfer-Encoding must be exactly chunked"
        case .unsupportedTransferCoding: "only the chunked transfer coding is supported"
        case .tooManyQueryArguments: "too many query arguments"
        case .invalidMethod: "the request method is not a token"
        case .invalidRequestTarget: "the request line holds a NUL byte, or its target a control character or a space"
        case .invalidHeaderField: "a header line holds a NUL byte or a control character, or is folded"
        }
    }

    /// `{"error": code, "message": message}`; neither may need escaping (both are this module's own text).
    static func errorBody(code: String, message: String) -> String {
        #"{"error":"\#(code)","message":"\#(message)"}"#
    }
}
