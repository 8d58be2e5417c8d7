/// Where and why bytes are not UTF-8, for a JSON reader's error once it has refused a sequence (RFC 8259 §8.1:
/// "JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8").
/// Only ``JSONParser``'s error path runs it: the parser's scan finds the bad byte, this names the problem.
///
/// The scan uses the standard library's own UTF-8 parser, so it refuses exactly what `String(validating:)` refuses:
/// overlong forms, UTF-16 surrogates encoded in UTF-8, code points above U+10FFFF, truncated sequences, stray
/// continuation bytes and the bytes C0, C1 and F5–FF.
enum UTF8Diagnosis {
    /// The offset of the first byte of the first invalid sequence in `bytes` and what is wrong with it, or `nil`
    /// when `bytes` are valid UTF-8.
    static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: String)? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return (offset, reason(bytes, at: offset))
            case .emptyInput: return nil
            }
        }
    }

    /// Names the problem of the invalid sequence starting at `offset`.
    private static func reason(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        let lead = bytes[offset]
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : nil
        let problem: String
        switch lead {
        case 0x80...0xBF: problem = "a continuation byte without a lead byte"
        case 0xC0, 0xC1: problem = "an overlong encoding"
        case 0xF5...0xFF: problem = "a byte that never occurs in UTF-8"
        case 0xE0 where next.map { (0x80...0x9F).contains($0) } ?? false,
            0xF0 where next.map { (0x80...0x8F).contains($0) } ?? false:
            problem = "an overlong encoding"
        case 0xED where next.map { (0xA0...0xBF).contains($0) } ?? false:
            problem = "a UTF-16 surrogate encoded in UTF-8"
        case 0xF4 where next.map { (0x90...0xBF).contains($0) } ?? false:
            problem = "a code point above U+10FFFF"
        default: problem = "a truncated sequence"
        }
        return "invalid UTF-8 (byte 0x\(hex(lead)): \(problem))"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }
}
