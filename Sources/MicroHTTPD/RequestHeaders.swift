import HTTPTypes

/// A request's header lines, gathered in one pass over microhttpd's header list in the access handler's first call:
/// what decides the framing (``RequestFraming``), and the fields as swift-http-types holds them.
///
/// HTTP/1.1 maps onto `HTTPRequest` as swift-nio-extras' `NIOHTTPTypesHTTP1` maps it: `Host` becomes the
/// `authority` pseudo-field, every other line a field, in order. A line whose name is not a token (RFC 9110 §5.1;
/// microhttpd does not check) is left out: no name a responder asks for can match it. Values keep every byte but
/// NUL, CR and LF (which microhttpd never passes); invalid UTF-8 is repaired when a value is read as a `String`.
struct RequestHeaders {
    /// The framing facts; its pointers point into microhttpd's per-request memory, valid during that call only.
    var framing = RequestFraming()
    var fields = HTTPFields()
    /// The first `Host` value (``RequestFraming`` refuses a request with two).
    var authority: String?

    /// Adds one header line; called for every line by `headerLineTrampoline`.
    mutating func record(name: UnsafePointer<CChar>, nameLength: Int, value: UnsafePointer<CChar>?, valueLength: Int) {
        framing.record(name: name, nameLength: nameLength, value: value, valueLength: valueLength)
        let text = name.withMemoryRebound(to: UInt8.self, capacity: nameLength) {
            String(decoding: UnsafeBufferPointer(start: $0, count: nameLength), as: UTF8.self)
        }
        guard let fieldName = HTTPField.Name(text) else {
            return
        }
        let bytes = UnsafeBufferPointer(
            start: value.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) },
            count: value == nil ? 0 : valueLength
        )
        if fieldName.canonicalName == "host" {
            if authority == nil {
                authority = String(decoding: bytes, as: UTF8.self)
            }
            return
        }
        fields.append(HTTPField(name: fieldName, lenientValue: bytes))
    }
}
