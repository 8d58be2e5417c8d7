internal import COpenSSL

/// An RSA public key, for verifying RS256 signatures (RSASSA-PKCS1-v1_5 with SHA-256), as a JWT's recipient does.
///
/// Copies share one OpenSSL key, which is freed when the last copy goes away. Verifying from several threads at once
/// is safe: each verification uses its own digest context.
public struct RSAPublicKey: Sendable {
    let storage: RSAKeyStorage

    /// Reads an RSA public key in SubjectPublicKeyInfo PEM form (`-----BEGIN PUBLIC KEY-----`, what
    /// `openssl pkey -pubout` and ``RSAPrivateKey/publicKeyPEM()`` write).
    ///
    /// PKCS #1 (`-----BEGIN RSA PUBLIC KEY-----`) is not read: OpenSSL 3 reaches it only through deprecated calls.
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` for text that holds no readable public key and for a key of
    ///   another algorithm.
    public init(pem: String) throws(CryptographyError) {
        storage = try RSAKeyStorage(pem: pem, kind: "public") { bio in
            PEM_read_bio_PUBKEY(bio, nil, { _, _, _, _ in -1 }, nil)
        }
    }

    /// The size of the key's modulus in bits, for example 2048.
    public var bitCount: Int {
        storage.bitCount
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
