import HTTPTypes

/// A request's header lines, gathered in one pass over microhttpd's header list in the access handler's first call:
/// what decides the framing (``RequestFraming``), and the fields as swift-http-types holds them.
///
/// HTTP/1.1 maps onto `HTTPRequest` as swift-nio-extras' `NIOHTTPTypesHTTP1` maps it: `Host` becomes the
/// `authority` pseudo-field, every other line a field, in order. A line whose name is not a token (RFC 9110 §5.1;
/// microhttpd does not check) is left out: no name a responder asks for can match it. A value is decoded as UTF-8
/// (invalid sequences repaired) and legalized as swift-http-types does (RFC 9110 §5.5: a control character other
/// than HTAB becomes a space; microhttpd never passes NUL, CR or LF).
///
/// Each line goes in through `HTTPFields`' inlinable name subscripts, which the optimiser specialises here. Its
/// `append` and `append(contentsOf:)` are `RangeReplaceableCollection`'s, over a `replaceSubrange` that is not
/// inlinable: unspecialised generic code with runtime metadata lookups on every line (measured: 1–5 µs a request,
/// 4–10 % of a QUERY or SYNC). Fields with the same name keep their order; a later line of an earlier name joins
/// it there (the order between different names carries no meaning, RFC 9110 §5.3).
struct RequestHeaders {
    /// The framing facts; its pointers point into microhttpd's per-request memory, valid during that call only.
    var framing = RequestFraming()
    /// The fields, as swift-http-types holds them.
    var fields = HTTPFields()
    /// The first `Host` value (``RequestFraming`` refuses a request with two).
    var authority: String?

    /// Adds one header line; called for every line by `headerLineTrampoline`.
    mutating func record(name: UnsafePointer<CChar>, nameLength: Int, value: UnsafePointer<CChar>?, valueLength: Int) {
        framing.record(name: name, nameLength: nameLength, value: value, valueLength: valueLength)
        let nameBytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self),
            count: nameLength
        )
        let bytes = UnsafeBufferPointer(
            start: value.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) },
            count: value == nil ? 0 : valueLength
        )
        if RequestFraming.equalsIgnoringCase(nameBytes, "host") {
            if authority == nil {
                authority = String(decoding: bytes, as: UTF8.self)
            }
            return
        }
        guard let fieldName = Self.commonName(nameBytes) ?? HTTPField.Name(String(decoding: nameBytes, as: UTF8.self))
        else {
            return
        }
        let value = String(decoding: bytes, as: UTF8.self)
        if fields.contains(fieldName) {
            var same = fields[fields: fieldName]
            same.append(HTTPField(name: fieldName, value: value))
            fields[fields: fieldName] = same
        } else {
            fields[fieldName] = value
        }
    }

    /// The names (nearly) every request to Hearth carries, matched byte by byte: swift-http-types' constants, so no
    /// name string is built, validated and lower-cased for them. Their `rawName` is the constant's spelling.
    private static func commonName(_ name: UnsafeBufferPointer<UInt8>) -> HTTPField.Name? {
        switch name.count {
        case 6 where RequestFraming.equalsIgnoringCase(name, "accept"): .accept
        case 10 where RequestFraming.equalsIgnoringCase(name, "user-agent"): .userAgent
        case 12 where RequestFraming.equalsIgnoringCase(name, "content-type"): .contentType
        case 13 where RequestFraming.equalsIgnoringCase(name, "authorization"): .authorization
        case 14 where RequestFraming.equalsIgnoringCase(name, "content-length"): .contentLength
        case 15 where RequestFraming.equalsIgnoringCase(name, "accept-encoding"): .acceptEncoding
        default: nil
        }
    }
}
