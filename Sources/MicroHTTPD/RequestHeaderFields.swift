import HTTPTypes

/// A request's header lines as swift-http-types holds them, gathered in one pass over microhttpd's header list.
///
/// As HTTP/1.1 maps onto `HTTPRequest` (swift-nio-extras' `NIOHTTPTypesHTTP1` does the same): `Host` becomes the
/// `authority` pseudo-field, every other line a field in order. A line whose name is not a token (RFC 9110 §5.1;
/// microhttpd does not check) is left out: no name a responder asks for can match it. Values keep every byte but
/// NUL, CR and LF (which microhttpd never passes); invalid UTF-8 is repaired when a value is read as a `String`.
struct RequestHeaderFields {
    var fields = HTTPFields()
    /// The first `Host` value (``RequestFraming`` has refused a request with two).
    var authority: String?

    /// Adds one header line; called for every line by `headerFieldTrampoline`.
    mutating func record(name: String, value: UnsafeBufferPointer<UInt8>) {
        guard let name = HTTPField.Name(name) else {
            return
        }
        if name.canonicalName == "host" {
            if authority == nil {
                authority = String(decoding: value, as: UTF8.self)
            }
            return
        }
        fields.append(HTTPField(name: name, lenientValue: value))
    }
}
