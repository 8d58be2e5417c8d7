import Foundation

extension HearthConfiguration {
    /// The shortest sign-in form key accepted from `oauth.formKeyFile`: the HMAC-SHA256 key length RFC 2104 §3
    /// recommends at least (the hash's output length).
    public static let minimumFormKeyBytes = 32

    /// The sign-in forms' CSRF key from `oauth.formKeyFile` (its bytes, surrounding whitespace dropped), or `nil`
    /// when no file is configured (the OAuth server then draws a random key per process).
    ///
    /// - Throws: ``ConfigurationError`` when the file cannot be read or holds fewer than ``minimumFormKeyBytes``
    ///   bytes; the message names the key and the file, never the content.
    public func formKey() throws(ConfigurationError) -> [UInt8]? {
        guard let path = oauthFormKeyFile else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("oauth.formKeyFile: cannot read \(path)")
        }
        let key = Array(data).trimmingWhitespace()
        guard key.count >= Self.minimumFormKeyBytes else {
            throw ConfigurationError(
                "oauth.formKeyFile: \(path) holds \(key.count) bytes; the key must be at least "
                    + "\(Self.minimumFormKeyBytes) (make one with: openssl rand -hex 32 > \(path))"
            )
        }
        return key
    }
}

extension Array where Element == UInt8 {
    /// The bytes without leading and trailing ASCII whitespace (a key file's final newline).
    fileprivate func trimmingWhitespace() -> [UInt8] {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return Array(self[first...last])
    }
}
