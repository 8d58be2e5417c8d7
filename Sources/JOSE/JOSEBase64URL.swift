import Cryptography

/// Base64url as JOSE writes it: RFC 7515 §2 "with all trailing '=' characters omitted", so padding is refused.
enum JOSEBase64URL {
    /// The bytes, or `nil` for padding, characters outside the alphabet, or a non-canonical encoding.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard !text.utf8.contains(UInt8(ascii: "=")) else {
            return nil
        }
        return Base64URL.decode(String(text))
    }
}
