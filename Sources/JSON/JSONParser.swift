/// The one JSON reader: strict RFC 8259 over UTF-8 bytes, with what the RFC leaves to readers as ``Options``.
///
/// Nesting is limited (``maximumDepth``) so that hostile input cannot exhaust the stack. Numbers without a fraction or
/// exponent that fit in `Int` become ``JSONValue/int(_:)``, others ``JSONValue/double(_:)`` or, with
/// ``Options/Numbers/lossless``, ``JSONValue/number(_:)``. Text that is not UTF-8 (RFC 8259 §8.1) is refused at the
/// offset of its first bad byte, and so is an escaped lone surrogate (`"\uD800"`, which no UTF-8 string can hold);
/// nothing is replaced with U+FFFD. No comments, no trailing commas. Reading an object is linear in its members
/// (large ones get a key index while they are read), duplicates or not. Every refusal is a ``JSONParseError`` with
/// its byte offset, line and column.
///
/// It reads the bytes in one pass through an `UnsafeBufferPointer`: it is on the request path, where JSON is where
/// the time goes (`Tests/Benchmarks/json-parse.sh`).
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    /// Parses one JSON value that makes up the whole input (surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8], options: Options = Options()) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var reader = Reader(buffer: buffer, options: options)
            try reader.byteOrderMark()
            reader.skipWhitespace()
            let value = try reader.parseValue(depth: 0)
            reader.skipWhitespace()
            guard reader.index == buffer.count else {
                throw reader.unexpected(after: "the document")
            }
            return value
        }
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String, options: Options = Options()) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), options: options)
    }
}

private struct Reader {
    let buffer: UnsafeBufferPointer<UInt8>
    let options: JSONParser.Options
    var index = 0

    init(buffer: UnsafeBufferPointer<UInt8>, options: JSONParser.Options) {
        self.buffer = buffer
        self.options = options
    }

    // MARK: - Values

    mutating func byteOrderMark() throws(JSONParseError) {
        guard buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF else { return }
        switch options.byteOrderMark {
        case .skip: index = 3
        case .refuse: throw fail("a byte order mark is not allowed before JSON text", code: .byteOrderMark)
        }
    }

    mutating func skipWhitespace() {
        while index < buffer.count {
            switch buffer[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < buffer.count else { throw unexpected(expected: "a value") }
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
            throw unexpected(expected: "a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard index + count <= buffer.count else { throw unexpected(expected: "a value") }
        for offset in 0..<count where buffer[index + offset] != start[offset] {
            throw unexpected(expected: "a value")
        }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
        try checkDepth(depth)
        index += 1  // {
        var object = JSONObject()
        var positions: [String: Int]?
        let refuseDuplicates = options.duplicateKeys == .refuse
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
            index += 1
            return object
        }
        // Google's objects have a few members: room for four up front saves the array's first two regrowths
        // (about -13 % instructions per parse of a recorded EXECUTE body, json-parse.sh), at the cost of at most 120
        // bytes more for a one-member object while the value lives.
        object.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else {
                throw unexpected(expected: "a key")
            }
            let keyStart = index
            let key = try parseString()
            if refuseDuplicates, object.contains(key, positions: &positions) {
                throw duplicate(key, at: keyStart)
            }
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else {
                throw missingColon(after: key)
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            // Duplicate names (when accepted): the last one wins. Linear however many members there are.
            object.set(key, value, positions: &positions)
            skipWhitespace()
            guard index < buffer.count else { throw unexpected(expected: "',' or '}'") }
            if buffer[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if buffer[index] == UInt8(ascii: "}") {
                index += 1
                return object
            }
            throw unexpected(expected: "',' or '}'")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        elements.reserveCapacity(4)  // as for objects: most of Google's arrays are short, few are empty
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < buffer.count else { throw unexpected(expected: "',' or ']'") }
            if buffer[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if buffer[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw unexpected(expected: "',' or ']'")
        }
    }

    func checkDepth(_ depth: Int) throws(JSONParseError) {
        guard depth <= JSONParser.maximumDepth else {
            throw tooDeep()
        }
    }

    // MARK: - Strings

    mutating func parseString() throws(JSONParseError) -> String {
        let quote = index
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
            if byte < 0x20 { throw controlCharacter(byte) }
            // ASCII costs one more comparison; anything else must be a well-formed sequence, never repaired.
            if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength()
            }
        }
        guard index < buffer.count else { throw unterminated(quote) }
        var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &bytes)
            default:
                if byte < 0x20 { throw controlCharacter(byte) }
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
        throw unterminated(quote)
    }

    /// Decodes the escape after a backslash (at `index`) and appends its UTF-8.
    mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONParseError) {
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
                else { throw fail("lone high surrogate \\u\(hex(scalar))", code: .loneSurrogate) }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("invalid low surrogate \\u\(hex(low))", code: .loneSurrogate)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("lone low surrogate \\u\(hex(scalar))", code: .loneSurrogate)
            }
            // Not a surrogate and at most 0x10FFFF: always a scalar.
            bytes.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            index -= 1
            throw fail("invalid escape \\\(describeCurrent())")
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < buffer.count else { throw fail("expected four hexadecimal digits after \\u") }
            let byte = buffer[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
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
    @inline(never)
    func invalidUTF8() -> JSONParseError {
        let rest = UnsafeBufferPointer(rebasing: buffer[index..<min(buffer.count, index + 4)])
        guard let (offset, reason) = UTF8Diagnosis.firstError(in: rest), offset == 0 else {
            return fail("invalid UTF-8", code: .invalidUTF8)
        }
        return fail(reason, code: .invalidUTF8)
    }

    @inline(never)
    func controlCharacter(_ byte: UInt8) -> JSONParseError {
        fail("control character U+\(hex(UInt32(byte))) in a string must be escaped")
    }

    /// The error for a string whose closing quote never comes, at its opening quote.
    @inline(never)
    mutating func unterminated(_ quote: Int) -> JSONParseError {
        index = quote
        return fail("unterminated string")
    }

    // MARK: - Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var negative = false
        if buffer[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < buffer.count, isDigit(buffer[index]) else { throw fail("expected a digit") }
        var integral = true
        var overflow = false
        // Accumulated negated, so that Int.min fits.
        var negated: Int = 0
        if buffer[index] == UInt8(ascii: "0") {
            index += 1
            if index < buffer.count, isDigit(buffer[index]) { throw fail("leading zeros are not allowed") }
        } else {
            while index < buffer.count, isDigit(buffer[index]) {
                let digit = Int(buffer[index] &- UInt8(ascii: "0"))
                let (times10, o1) = negated.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.subtractingReportingOverflow(digit)
                if o1 || o2 { overflow = true } else { negated = sum }
                index += 1
            }
        }
        if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < buffer.count, isDigit(buffer[index]) else { throw fail("expected a digit after '.'") }
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < buffer.count, isDigit(buffer[index]) else {
                throw fail("expected a digit in the exponent")
            }
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        if integral && !overflow {
            if negative { return .int(negated) }
            if negated != .min { return .int(-negated) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        if options.numbers == .lossless { return .number(text) }
        guard let value = Double(text), value.isFinite else { throw outOfRange(text, at: start) }
        return .double(value)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Errors
    // Built out of line: the parsing loops stay small, and only a refusal pays for its message.

    /// `unexpected 'x', expected a value`, or `unexpected end of input, …`, at the cursor.
    @inline(never)
    func unexpected(expected what: String) -> JSONParseError {
        fail("unexpected \(describeCurrent()), expected \(what)")
    }

    /// `unexpected 'x' after the document`.
    @inline(never)
    func unexpected(after what: String) -> JSONParseError {
        fail("unexpected \(describeCurrent()) after \(what)")
    }

    @inline(never)
    func missingColon(after key: String) -> JSONParseError {
        fail("unexpected \(describeCurrent()), expected ':' after key \"\(key)\"")
    }

    @inline(never)
    func tooDeep() -> JSONParseError {
        fail("nesting deeper than \(JSONParser.maximumDepth) levels", code: .nestingTooDeep)
    }

    @inline(never)
    mutating func outOfRange(_ number: String, at start: Int) -> JSONParseError {
        index = start
        return fail("number \(number) out of range", code: .numberOutOfRange)
    }

    /// The error for a member name given twice, at the second one's opening quote.
    @inline(never)
    mutating func duplicate(_ key: String, at start: Int) -> JSONParseError {
        index = start
        return fail("duplicate key \"\(key)\"", code: .duplicateKey)
    }

    /// The byte at the cursor as an error message shows it: `'x'`, `byte 0xC3` or `end of input`.
    func describeCurrent() -> String {
        guard index < buffer.count else { return "end of input" }
        let byte = buffer[index]
        if (0x21..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// An error at the cursor, with its line and column (counted only here, on the error path).
    @inline(never)
    func fail(_ reason: String, code: JSONParseError.Code = .syntax) -> JSONParseError {
        var line = 1
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: buffer[..<min(index, buffer.count)]) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(code: code, offset: index, line: line, column: column, reason: reason)
    }
}
