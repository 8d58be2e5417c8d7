/// A tiny JSON codec for the one JSON shape the registry stores: an array of strings (`["a","b"]`).
///
/// The device columns `nicknames`, `deviceTypes`, `otherDeviceIds` and `clusters` hold such arrays. They stay
/// JSON so that `sqlite3` and SQLite's JSON functions can read them, but they are decoded on every SYNC and
/// QUERY, where Foundation's `JSONDecoder` would cost more than the query itself; this codec decodes straight
/// from UTF-8 and encodes what any JSON parser reads back.
enum StringArrayJSON {
    /// The JSON text of an array of strings.
    static func encode(_ strings: [String]) -> String {
        var out = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { out.append(",") }
            out.append("\"")
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": out.append("\\\"")
                case "\\": out.append("\\\\")
                case "\n": out.append("\\n")
                case "\r": out.append("\\r")
                case "\t": out.append("\\t")
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: out.unicodeScalars.append(scalar)
                }
            }
            out.append("\"")
        }
        out.append("]")
        return out
    }

    /// The strings of a JSON array of strings, or `nil` when `json` is anything else.
    static func decode(_ json: String) -> [String]? {
        var json = json
        return json.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.parseArray()
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func parseArray() -> [String]? {
            skipWhitespace()
            guard consume(UInt8(ascii: "[")) else { return nil }
            var result: [String] = []
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return atEnd() ? result : nil }
            while true {
                skipWhitespace()
                guard let string = parseString() else { return nil }
                result.append(string)
                skipWhitespace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "]")) else { return nil }
                return atEnd() ? result : nil
            }
        }

        private mutating func atEnd() -> Bool {
            skipWhitespace()
            return index == bytes.count
        }

        private mutating func skipWhitespace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            {
                index += 1
            }
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func parseString() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = index
            // Fast path: no escapes, the bytes are the string.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            var out = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var code = parseHex4() else { return nil }
                        if (0xD800..<0xDC00).contains(code) {
                            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = parseHex4(),
                                (0xDC00..<0xE000).contains(low)
                            else { return nil }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { return nil }
                        out.append(contentsOf: String(scalar).utf8)
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    out.append(byte)
                }
            }
            return nil
        }

        private mutating func parseHex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                index += 1
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
