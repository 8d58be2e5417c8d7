import TextValidation

/// Why a text is not JSON, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Byte offset of the problem.
    public var offset: Int
    /// What is wrong.
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 JSON reader over UTF-8 bytes.
///
/// Nesting is limited (``maximumDepth``) so that hostile input cannot exhaust the stack; numbers without a
/// fraction or exponent that fit in `Int` become ``JSON/int(_:)``, all others ``JSON/double(_:)``. Text that is not
/// UTF-8 (RFC 8259 §8.1) is refused at the offset of its first bad byte, and so is an escaped lone surrogate
/// (`"\uD800"`, which no UTF-8 string can hold); nothing is replaced with U+FFFD. A byte order mark is refused too
/// (§8.1: senders "MUST NOT add" one). Duplicate member names are accepted, the last one winning; reading an object
/// is linear in its members (large ones get a key index while they are read).
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    /// Parses one JSON value that makes up the whole input (surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSON in
            var parser = Reader(buffer: buffer)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else {
                throw JSONParseError(offset: parser.index, reason: "unexpected data after the value")
            }
            return value
        }
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8))
    }
}

private struct Reader {
    let buffer: UnsafeBufferPointer<UInt8>
    var index = 0

    init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    func fail(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    mutating func skipWhitespace() {
        while index < buffer.count {
            switch buffer[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSON {
        guard index < buffer.count else { throw fail("unexpected end of input") }
        switch buffer[index] {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw fail("unexpected character")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= buffer.count else { throw fail("unexpected end of input") }
        let start = literal.utf8Start
        for offset in 0..<count where buffer[index + offset] != start[offset] {
            throw fail("invalid literal")
        }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
        guard depth <= JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1  // {
        var object = JSONObject()
        var positions: [String: Int]?
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
            index += 1
            return object
        }
        while true {
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else {
                throw fail("expected a member name")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            // Duplicate names: the last one wins, as in most parsers. Linear however many members there are.
            object.set(key, value, positions: &positions)
            skipWhitespace()
            guard index < buffer.count else { throw fail("unexpected end of input") }
            if buffer[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if buffer[index] == UInt8(ascii: "}") {
                index += 1
                return object
            }
            throw fail("expected ',' or '}'")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1  // [
        var elements: [JSON] = []
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < buffer.count else { throw fail("unexpected end of input") }
            if buffer[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if buffer[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                // Validated below, so `decoding` repairs nothing.
                let string = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("control character in string") }
            // ASCII costs one more comparison; anything else must be a well-formed sequence, never repaired.
            if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength()
            }
        }
        guard index < buffer.count else { throw fail("unterminated string") }
        var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < buffer.count else { throw fail("unterminated escape") }
                let escaped = buffer[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard index + 1 < buffer.count, buffer[index] == UInt8(ascii: "\\"),
                            buffer[index + 1] == UInt8(ascii: "u")
                        else { throw fail("unpaired surrogate") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("unpaired surrogate")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid unicode escape") }
                    bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw fail("invalid escape")
                }
            default:
                if byte < 0x20 { throw fail("control character in string") }
                if byte < 0x80 {
                    bytes.append(byte)
                    index += 1
                } else {
                    let length = try utf8SequenceLength()
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<index + length]))
                    index += length
                }
            }
        }
        throw fail("unterminated string")
    }

    /// The length of the well-formed UTF-8 sequence whose lead byte, not ASCII, is at `index` (Unicode 15, table
    /// 3-7: the second byte's range rules out overlong forms, surrogates and code points above U+10FFFF), or the
    /// error at `index`.
    func utf8SequenceLength() throws(JSONParseError) -> Int {
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch buffer[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: throw invalidUTF8()
        }
        guard index + length <= buffer.count, second.contains(buffer[index + 1]) else { throw invalidUTF8() }
        for offset in 2..<length where buffer[index + offset] & 0xC0 != 0x80 { throw invalidUTF8() }
        return length
    }

    /// The error for the invalid UTF-8 sequence at `index`, saying what is wrong with it.
    func invalidUTF8() -> JSONParseError {
        let rest = UnsafeBufferPointer(rebasing: buffer[index..<min(buffer.count, index + 4)])
        guard let (offset, reason) = UTF8Diagnosis.firstError(in: rest), offset == 0 else {
            return fail("invalid UTF-8")
        }
        return fail(reason)
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= buffer.count else { throw fail("short unicode escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = buffer[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = index
        var negative = false
        if buffer[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < buffer.count, isDigit(buffer[index]) else { throw fail("invalid number") }
        var integral = true
        var overflow = false
        var magnitude: Int = 0
        if buffer[index] == UInt8(ascii: "0") {
            index += 1
            if index < buffer.count, isDigit(buffer[index]) { throw fail("leading zero in number") }
        } else {
            while index < buffer.count, isDigit(buffer[index]) {
                let digit = Int(buffer[index] - UInt8(ascii: "0"))
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(digit)
                if o1 || o2 { overflow = true } else { magnitude = sum }
                index += 1
            }
        }
        if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < buffer.count, isDigit(buffer[index]) else { throw fail("invalid fraction") }
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < buffer.count, isDigit(buffer[index]) else { throw fail("invalid exponent") }
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        if integral && !overflow {
            return .int(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw fail("number out of range") }
        return .double(value)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
