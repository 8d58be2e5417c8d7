/// `application/x-www-form-urlencoded` (the WHATWG URL standard's form encoding) and percent-encoding of URL
/// components: what the OAuth endpoints, the HomeGraph token request and the fake HomeGraph read and write. The
/// project's one form codec: OAuth's `FormFields` and HTTP Basic credentials decode through it.
public enum FormEncoding {
    /// Percent-encodes everything but `A–Z a–z 0–9 - . _ *`, spaces as `+` (a form field).
    public static func escape(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                output += "+"
            default:
                output +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xf, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters `A–Z a–z 0–9 - . _ ~` (a URL component).
    public static func escapeComponent(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xf, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// Splits a form body or query string into its fields, in order, decoded (a field without `=` has an empty
    /// value; empty fields between `&`s are skipped); `nil` for malformed percent escapes or invalid UTF-8.
    public static func decode(_ body: String) -> [(name: String, value: String)]? {
        decode(body[...])
    }

    /// Splits a form body or query string into its fields, in order, decoded; see the `String` overload.
    public static func decode(_ body: Substring) -> [(name: String, value: String)]? {
        var fields: [(name: String, value: String)] = []
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(parts[0]), let value = unescape(parts.count > 1 ? parts[1] : "") else {
                return nil
            }
            fields.append((name: name, value: value))
        }
        return fields
    }

    /// Decodes `%XX` escapes in a URL path (where `+` is itself); `nil` for malformed escapes or invalid UTF-8.
    public static func percentDecode(_ text: Substring) -> String? {
        unescape(text, plusIsSpace: false)
    }

    /// `%XX` decoded, and `+` as a space when `plusIsSpace`; `nil` for malformed escapes or invalid UTF-8.
    public static func unescape(_ text: Substring, plusIsSpace: Bool = true) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace:
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
