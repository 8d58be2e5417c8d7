import TextValidation

/// A JSON syntax error at a place in the text.
struct JSONSyntaxError: Error, Sendable, Hashable {
    /// 1-based line.
    var line: Int
    /// 1-based column, in Unicode scalars.
    var column: Int
    /// What is wrong.
    var message: String
}

/// A strict RFC 8259 reader over UTF-8 bytes: no comments, no trailing commas, no duplicate keys, strings
/// valid UTF-8 (anything else is refused at its line, column and byte offset; nothing is replaced with U+FFFD), no
/// escaped lone surrogates (`"\uD800"`). An optional byte order mark is skipped (RFC 8259 §8.1 allows a reader to).
/// Integers stay apart from other numbers and from booleans, which Foundation's `NSNumber` bridging does not
/// guarantee on Linux. Reading an object is linear in its members (a `Set` catches duplicate keys).
struct JSONReader {
    /// Deeper nesting is refused, so a hostile file cannot exhaust the stack.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document (an optional UTF-8 byte order mark, one value, whitespace).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the document")
        }
        return value
    }

    // MARK: - Values

    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func readObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var object = JSONObject()
        var keys = Set<String>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("unexpected \(describeCurrent()), expected a key") }
            let keyStart = index
            let key = try readString()
            guard keys.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw error("unexpected \(describeCurrent()), expected ':' after key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            object.members.append(JSONObject.Member(key: key, value: try readValue()))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                return .object(object)
            } else {
                throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }
    }

    private mutating func readArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw error("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func readLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += expected.count
        return value
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        return .number(text)
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else {
                index = start
                throw error("unterminated string")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: utf8, as: UTF8.self) else { throw invalidUTF8(start + 1..<index) }
                index += 1
                return string
            case UInt8(ascii: "\\"):
                index += 1
                try readEscape(into: &utf8)
            case 0..<0x20:
                throw error("control character U+\(hex(Int(byte))) in a string must be escaped")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw error("lone high surrogate \\u\(hex(scalar))")
                }
                index += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate \\u\(hex(low))") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("lone low surrogate \\u\(hex(scalar))")
            }
            utf8.append(contentsOf: Array(String(Character(Unicode.Scalar(UInt32(scalar))!)).utf8))
        default:
            index -= 1
            throw error("invalid escape \\\(describeCurrent())")
        }
    }

    /// The error for a string whose bytes in `range` are not valid UTF-8, at the first byte of the first bad
    /// sequence. Escapes decode to whole scalars, so the raw bytes hold the fault.
    private mutating func invalidUTF8(_ range: Range<Int>) -> JSONSyntaxError {
        let diagnosis = bytes[range].withUnsafeBufferPointer { UTF8Diagnosis.firstError(in: $0) }
        let offset = range.lowerBound + (diagnosis?.offset ?? 0)
        index = offset
        return error("\(diagnosis?.reason ?? "invalid UTF-8") at byte offset \(offset)")
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> Int {
        var value = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: - Bytes

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The byte at the cursor as an error message shows it.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if (0x21..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An error at the cursor, with its line and column.
    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
