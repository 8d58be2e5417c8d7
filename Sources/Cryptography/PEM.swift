/// PEM text (RFC 7468) around DER bytes, for handing a key Hearth built to OpenSSL's PEM readers.
enum PEM {
    /// `-----BEGIN label-----`, the standard base64 of `der` in lines of 64 characters, `-----END label-----`.
    static func text(label: String, der: [UInt8]) -> String {
        var base64 = Array(Base64URL.encode(der).utf8).map { character -> UInt8 in
            switch character {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: character
            }
        }
        while base64.count % 4 != 0 {
            base64.append(UInt8(ascii: "="))
        }
        var lines = ["-----BEGIN \(label)-----"]
        var start = 0
        while start < base64.count {
            let end = min(start + 64, base64.count)
            lines.append(String(decoding: base64[start..<end], as: UTF8.self))
            start = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }
}
