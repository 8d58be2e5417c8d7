internal import COpenSSL

/// HMAC (RFC 2104) with SHA-256, computed by OpenSSL.
public enum HMACSHA256 {
    /// The number of bytes in an HMAC-SHA256 authentication code.
    public static let byteCount = 32

    /// Returns the 32-byte HMAC-SHA256 of `message` under `key`.
    ///
    /// Any key length is allowed, including empty; keys longer than 64 bytes are hashed first, as RFC 2104 says.
    /// Compare codes with ``constantTimeEquals(_:_:)``, never with `==`.
    ///
    /// Traps if OpenSSL cannot compute the code (it cannot allocate memory or its default provider is missing) or if
    /// the key is longer than `Int32.max` bytes.
    public static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: byteCount)
        var codeLength: UInt32 = 0
        let result = key.withNonNullBytes { keyPointer, keyCount in
            message.withNonNullBytes { messagePointer, messageCount in
                code.withUnsafeMutableBufferPointer { output in
                    HMAC(
                        EVP_sha256(),
                        keyPointer,
                        Int32(keyCount),
                        messagePointer,
                        messageCount,
                        output.baseAddress,
                        &codeLength
                    )
                }
            }
        }
        guard result != nil, codeLength == byteCount else {
            preconditionFailure(CryptographyError.openSSL(.hashingFailed, "HMAC(SHA-256) failed").description)
        }
        return code
    }
}
