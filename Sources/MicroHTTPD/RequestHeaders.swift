import HTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A request's header lines, gathered in one pass over microhttpd's header list in the access handler's first call:
/// what decides the framing (``RequestFraming``), and the fields as swift-http-types holds them.
///
/// HTTP/1.1 maps onto `HTTPRequest` as swift-nio-extras' `NIOHTTPTypesHTTP1` maps it: `Host` becomes the
/// `authority` pseudo-field, every other line a field, in order. A line whose name is not a token (RFC 9110 §5.1;
/// microhttpd does not check) is left out: no name a responder asks for can match it. A value is decoded as UTF-8
/// (invalid sequences repaired) and legalized as swift-http-types does (RFC 9110 §5.5: a control character other
/// than HTAB becomes a space; microhttpd never passes NUL, CR or LF).
///
/// Every line is also checked as the client sent it (``isIntact``): a value with a control byte other than HTAB
/// (RFC 9110 §5.5: `field-vchar = VCHAR / obs-text`) is refused rather than legalized, since legalizing turns
/// `Last-Event-ID: 5\x7F` into `5`; and a NUL byte, which ends microhttpd's C string of the value early
/// (libmicrohttpd 0.9.75 measures values with `strlen`), is found because the lines are pieces of one buffer: between
/// the end of one value and the next line's name, and after the last value up to the end of the header block, there
/// must be nothing but the NULs microhttpd wrote over the line breaks. An obs-fold line (RFC 9112 §5.2, which allows
/// refusing it) moves its value out of that buffer and is refused the same way.
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
    /// Where the previous line's text ended in microhttpd's buffer (the NUL over its line break); starts at the
    /// end of the request line.
    private var lineEnd: UnsafeRawPointer?
    /// False once a line held a byte no field value may hold, or a NUL byte cut it short.
    private(set) var isIntact = true

    /// Starts after the request line, whose version (8 bytes, `HTTP/d.d`, as microhttpd checked) ends it.
    init(version: UnsafePointer<CChar>?) {
        lineEnd = version.map { UnsafeRawPointer($0) + strlen($0) }
    }

    /// Whether the header block, `size` bytes from `start` (the request line's first byte), holds nothing after the
    /// last line but line breaks: no NUL byte hid the end of the last value.
    mutating func checkEnd(blockStart start: UnsafeRawPointer, size: Int) {
        if let lineEnd, size > 0, Self.onlyLineBreaks(from: lineEnd, to: start + size, atMost: 4) {
            return
        }
        isIntact = false
    }

    /// Whether `start..<end` is 1 to `atMost` bytes, all NUL: the line breaks microhttpd overwrote.
    private static func onlyLineBreaks(from start: UnsafeRawPointer, to end: UnsafeRawPointer, atMost: Int) -> Bool {
        guard start < end, end - start <= atMost else {
            return false
        }
        var byte = start
        while byte < end {
            guard byte.load(as: UInt8.self) == 0 else {
                return false
            }
            byte += 1
        }
        return true
    }

    /// Adds one header line; called for every line by `headerLineTrampoline`.
    mutating func record(name: UnsafePointer<CChar>, nameLength: Int, value: UnsafePointer<CChar>?, valueLength: Int) {
        framing.record(name: name, nameLength: nameLength, value: value, valueLength: valueLength)
        checkLine(name: UnsafeRawPointer(name), nameLength: nameLength, value: value.map { UnsafeRawPointer($0) })
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

    /// Checks one line where microhttpd left it: it starts right after the previous line's break, its name ends at
    /// the colon (microhttpd's NUL), only spaces and tabs come before the value, and the value holds no control
    /// byte but HTAB.
    private mutating func checkLine(name: UnsafeRawPointer, nameLength: Int, value: UnsafeRawPointer?) {
        guard isIntact else { return }
        guard let lineEnd, Self.onlyLineBreaks(from: lineEnd, to: name, atMost: 2), let value, name + nameLength < value
        else {
            isIntact = false
            return
        }
        var byte = name + nameLength + 1
        while byte < value {
            let space = byte.load(as: UInt8.self)
            guard space == UInt8(ascii: " ") || space == UInt8(ascii: "\t") else {
                isIntact = false
                return
            }
            byte += 1
        }
        while true {
            let character = byte.load(as: UInt8.self)
            if character == 0 { break }
            if (character < 0x20 && character != UInt8(ascii: "\t")) || character == 0x7F {
                isIntact = false
                return
            }
            byte += 1
        }
        self.lineEnd = byte
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
