/// The credential of an `Authorization: Bearer …` header (RFC 6750), shared by `/fulfillment` (OAuth tokens) and
/// `/v1` (API keys).
public enum BearerCredential {
    /// The token of a `Bearer` credential: the scheme is case-insensitive (RFC 7235), spaces and tabs around the
    /// token are ignored, and the token must be one RFC 6750 `b64token` of at most `maxLength` characters (512 by
    /// default: Hearth's own tokens and API keys are far shorter); else `nil`.
    public static func token(_ header: String, maxLength: Int = 512) -> String? {
        let bytes = Array(header.utf8)
        let scheme: [UInt8] = Array("bearer".utf8)
        guard bytes.count > scheme.count + 1 else { return nil }
        for index in 0..<scheme.count where bytes[index] | 0x20 != scheme[index] { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard isSpace(bytes[scheme.count]) else { return nil }
        var start = scheme.count
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > start, end - start <= maxLength else { return nil }
        for byte in bytes[start..<end] {
            // b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                continue
            default:
                return nil
            }
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
