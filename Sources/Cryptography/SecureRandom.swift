internal import COpenSSL

/// Cryptographically secure random bytes from OpenSSL's CSPRNG (`RAND_bytes`), for keys, salts and tokens.
public enum SecureRandom {
    /// Returns `count` random bytes.
    ///
    /// - Throws: ``CryptographyError/Code/invalidArgument`` if `count` is negative or above `Int32.max`;
    ///   ``CryptographyError/Code/randomFailed`` if OpenSSL's generator is not seeded or fails.
    public static func bytes(count: Int) throws(CryptographyError) -> [UInt8] {
        guard count >= 0, count <= Int(Int32.max) else {
            throw CryptographyError(code: .invalidArgument, message: "random byte count \(count) is out of range")
        }
        if count == 0 {
            return []
        }
        var bytes = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            RAND_bytes(buffer.baseAddress, Int32(count))
        }
        guard status == 1 else {
            throw CryptographyError.openSSL(.randomFailed, "RAND_bytes failed")
        }
        return bytes
    }

    /// Returns `byteCount` random bytes encoded as base64url without padding (RFC 4648 §5).
    ///
    /// The default, 32 bytes (256 bits), gives a 43-character token that is safe in URLs, headers and file names.
    ///
    /// - Throws: the errors of ``bytes(count:)``.
    public static func token(byteCount: Int = 32) throws(CryptographyError) -> String {
        Base64URL.encode(try bytes(count: byteCount))
    }
}
