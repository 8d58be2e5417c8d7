internal import COpenSSL

/// Password hashing with PBKDF2-HMAC-SHA256 (RFC 8018 §5.2), a random salt per password, and a self-describing
/// encoded form.
///
/// The encoded form is `pbkdf2-sha256$<iterations>$<salt>$<hash>`, salt and hash in base64url without padding: a
/// 16-byte salt and a 32-byte hash. Storing the iteration count in each string lets the default grow over time while
/// old hashes keep verifying.
public enum PasswordHasher {
    /// The identifier at the start of every encoded hash.
    public static let scheme = "pbkdf2-sha256"

    /// The default iteration count, as OWASP's Password Storage Cheat Sheet recommends for PBKDF2-HMAC-SHA256 (2023).
    public static let defaultIterations = 210_000

    /// The largest iteration count ``verify(password:encoded:)`` accepts, so that a forged encoded string cannot make
    /// verification take minutes.
    public static let maximumIterations = 10_000_000

    private static let saltByteCount = 16
    private static let hashByteCount = 32

    /// Hashes `password` (its UTF-8 bytes, not normalized) with a fresh random salt.
    ///
    /// - Parameter iterations: 1 through ``maximumIterations``; the default is ``defaultIterations``.
    /// - Returns: the encoded hash, for example `pbkdf2-sha256$210000$<22 characters>$<43 characters>`.
    /// - Throws: ``CryptographyError/Code/invalidArgument`` for an iteration count out of range,
    ///   ``CryptographyError/Code/randomFailed`` if no salt can be drawn, ``CryptographyError/Code/hashingFailed``
    ///   if OpenSSL fails.
    public static func hash(password: String, iterations: Int = defaultIterations) throws(CryptographyError) -> String {
        guard (1...maximumIterations).contains(iterations) else {
            throw CryptographyError(
                code: .invalidArgument,
                message: "PBKDF2 iteration count \(iterations) is outside 1...\(maximumIterations)"
            )
        }
        let salt = try SecureRandom.bytes(count: saltByteCount)
        let derived = try deriveKey(
            password: Array(password.utf8),
            salt: salt,
            iterations: iterations,
            byteCount: hashByteCount
        )
        return "\(scheme)$\(iterations)$\(Base64URL.encode(salt))$\(Base64URL.encode(derived))"
    }

    /// Returns whether `password` matches `encoded`, a string made by ``hash(password:iterations:)``.
    ///
    /// Returns `false`, never throws, for anything malformed: another scheme, an iteration count that is not a
    /// number in 1...``maximumIterations``, an empty salt, a hash that is not 32 bytes, or invalid base64url.
    /// The final comparison takes constant time.
    public static func verify(password: String, encoded: String) -> Bool {
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == scheme,
            fields[1].allSatisfy({ $0.isASCII && $0.isNumber }),
            let iterations = Int(fields[1]), (1...maximumIterations).contains(iterations),
            let salt = Base64URL.decode(String(fields[2])), !salt.isEmpty,
            let expected = Base64URL.decode(String(fields[3])), expected.count == hashByteCount
        else {
            return false
        }
        guard
            let derived = try? deriveKey(
                password: Array(password.utf8),
                salt: salt,
                iterations: iterations,
                byteCount: expected.count
            )
        else {
            return false
        }
        return constantTimeEquals(derived, expected)
    }

    private static func deriveKey(
        password: [UInt8],
        salt: [UInt8],
        iterations: Int,
        byteCount: Int
    ) throws(CryptographyError) -> [UInt8] {
        guard password.count <= Int(Int32.max), salt.count <= Int(Int32.max) else {
            throw CryptographyError(code: .invalidArgument, message: "password or salt too long for PBKDF2")
        }
        var output = [UInt8](repeating: 0, count: byteCount)
        let status = password.withNonNullBytes { passwordPointer, passwordCount in
            salt.withNonNullBytes { saltPointer, saltCount in
                output.withUnsafeMutableBufferPointer { buffer in
                    // PKCS5_PBKDF2_HMAC takes the password as `const char *`; the bytes are UTF-8 either way.
                    UnsafeRawPointer(passwordPointer).withMemoryRebound(to: CChar.self, capacity: passwordCount) {
                        PKCS5_PBKDF2_HMAC(
                            $0,
                            Int32(passwordCount),
                            saltPointer,
                            Int32(saltCount),
                            Int32(iterations),
                            EVP_sha256(),
                            Int32(byteCount),
                            buffer.baseAddress
                        )
                    }
                }
            }
        }
        guard status == 1 else {
            throw CryptographyError.openSSL(.hashingFailed, "PKCS5_PBKDF2_HMAC failed")
        }
        return output
    }
}
