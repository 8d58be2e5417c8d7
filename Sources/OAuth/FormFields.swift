/// The fields of an `application/x-www-form-urlencoded` body or a query string, decoded.
///
/// RFC 6749 §3.1: a parameter sent without a value is treated as omitted, and no parameter may be sent twice;
/// names sent twice are kept in ``duplicated`` and have no value.
struct FormFields: Sendable {
    private var values: [String: String] = [:]
    /// Names that appeared more than once.
    private(set) var duplicated: Set<String> = []

    /// Decodes `text`; `nil` for a malformed percent escape or invalid UTF-8.
    init?(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.unescape(parts[0]), let value = Self.unescape(parts.count > 1 ? parts[1] : "") else {
                return nil
            }
            if values[name] != nil || duplicated.contains(name) {
                values[name] = nil
                duplicated.insert(name)
            } else {
                values[name] = value
            }
        }
    }

    /// The value of a field sent once with a non-empty value.
    subscript(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether the field was sent (possibly empty or more than once).
    func contains(_ name: String) -> Bool {
        values[name] != nil || duplicated.contains(name)
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func escape(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte >> 4, radix: 16, uppercase: true)
                output += String(byte & 0xf, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// `%XX` decoded and `+` as a space; `nil` for malformed escapes or invalid UTF-8.
    static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
