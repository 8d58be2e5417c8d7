internal import COpenSSL

/// An RSA public key, for verifying RS256 signatures (RSASSA-PKCS1-v1_5 with SHA-256), as a JWT's recipient does.
///
/// Copies share one OpenSSL key, which is freed when the last copy goes away. Verifying from several threads at once
/// is safe: each verification uses its own digest context.
public struct RSAPublicKey: Sendable {
    private let storage: Storage

    /// Reads an RSA public key in SubjectPublicKeyInfo PEM form (`-----BEGIN PUBLIC KEY-----`, what
    /// `openssl pkey -pubout` and ``RSAPrivateKey/publicKeyPEM()`` write).
    ///
    /// PKCS #1 (`-----BEGIN RSA PUBLIC KEY-----`) is not read: OpenSSL 3 reaches it only through deprecated calls.
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` for text that holds no readable public key and for a key of
    ///   another algorithm.
    public init(pem: String) throws(CryptographyError) {
        let bytes = Array(pem.utf8)
        guard bytes.count <= Int(Int32.max) else {
            throw CryptographyError(code: .invalidKey, message: "the public key PEM is too large")
        }
        // BIO_new_mem_buf does not copy: read inside the closure, while the bytes are alive.
        let key: OpaquePointer? = bytes.withNonNullBytes { pointer, count in
            guard let bio = BIO_new_mem_buf(pointer, Int32(count)) else {
                return nil
            }
            defer { BIO_free(bio) }
            return PEM_read_bio_PUBKEY(bio, nil, { _, _, _, _ in -1 }, nil)
        }
        guard let key else {
            throw CryptographyError.openSSL(.invalidKey, "cannot read a public key from the PEM text")
        }
        let storage = Storage(key: key)
        // OpenSSL 3's decoders leave entries behind after trying several formats; they belong to no failure.
        _ = CryptographyError.drainOpenSSLErrors()
        guard EVP_PKEY_is_a(key, "RSA") == 1 else {
            throw CryptographyError(code: .invalidKey, message: "the public key is not an RSA key")
        }
        self.storage = storage
    }

    /// The size of the key's modulus in bits, for example 2048.
    public var bitCount: Int {
        Int(EVP_PKEY_get_bits(storage.key))
    }

    /// Whether `signature` is a valid RS256 signature over `message` by the private half of this key.
    ///
    /// Any failure — a signature of the wrong length, a tampered message, another key, an OpenSSL error — answers
    /// `false`; the reason is not reported, as a verifier should not tell a forger which check failed.
    public func verifyRS256(message: [UInt8], signature: [UInt8]) -> Bool {
        guard let context = EVP_MD_CTX_new() else {
            _ = CryptographyError.drainOpenSSLErrors()
            return false
        }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, storage.key) == 1 else {
            _ = CryptographyError.drainOpenSSLErrors()
            return false
        }
        let status = message.withNonNullBytes { messagePointer, messageCount in
            signature.withNonNullBytes { signaturePointer, signatureCount in
                EVP_DigestVerify(context, signaturePointer, signatureCount, messagePointer, messageCount)
            }
        }
        // A failed verification queues an error ("bad signature"); leave nothing behind for the next caller.
        _ = CryptographyError.drainOpenSSLErrors()
        return status == 1
    }
}

extension RSAPublicKey {
    /// Owns the `EVP_PKEY` and frees it once.
    ///
    /// `@unchecked Sendable`: the pointer is set once in `init` and never changed; verification creates a separate
    /// `EVP_MD_CTX` per call and does not modify the key.
    private final class Storage: @unchecked Sendable {
        let key: OpaquePointer

        init(key: OpaquePointer) {
            self.key = key
        }

        deinit {
            EVP_PKEY_free(key)
        }
    }
}
