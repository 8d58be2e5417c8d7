internal import COpenSSL

/// An RSA private key, for RS256 signatures (RSASSA-PKCS1-v1_5 with SHA-256, as JWTs for Google's APIs need).
///
/// Copies share one OpenSSL key, which is freed when the last copy goes away. Signing from several threads at once is
/// safe: each signature uses its own digest context, and OpenSSL 3 does not modify an `EVP_PKEY` while signing.
public struct RSAPrivateKey: Sendable {
    private let storage: RSAKeyStorage

    /// Reads an unencrypted RSA private key in PEM form.
    ///
    /// Accepts PKCS#8 (`-----BEGIN PRIVATE KEY-----`) and PKCS#1 (`-----BEGIN RSA PRIVATE KEY-----`). If the text
    /// holds several PEM blocks, the first private key is used.
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` for text that holds no readable private key, for an encrypted
    ///   key (there is no way to supply a passphrase, and OpenSSL is never allowed to prompt for one), and for a key
    ///   of another algorithm (EC, Ed25519, RSA-PSS-only).
    public init(pem: String) throws(CryptographyError) {
        storage = try RSAKeyStorage(pem: pem, kind: "private") { bio in
            // Never prompt: without a callback OpenSSL would read a passphrase from the terminal.
            PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in -1 }, nil)
        }
    }

    /// The size of the key's modulus in bits, for example 2048.
    public var bitCount: Int {
        storage.bitCount
    }

    /// The public half of the key as SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`), as
    /// `openssl pkey -pubout` writes it: what a verifier of this key's signatures needs.
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` if OpenSSL cannot write it.
    public func publicKeyPEM() throws(CryptographyError) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw CryptographyError.openSSL(.invalidKey, "BIO_new failed")
        }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PUBKEY(bio, storage.key) == 1 else {
            throw CryptographyError.openSSL(.invalidKey, "PEM_write_bio_PUBKEY failed")
        }
        let pending = Int(BIO_ctrl_pending(bio))
        var output = [UInt8](repeating: 0, count: pending)
        let read = output.withUnsafeMutableBytes { buffer in
            BIO_read(bio, buffer.baseAddress, Int32(buffer.count))
        }
        guard read == pending else {
            throw CryptographyError.openSSL(.invalidKey, "reading the public key PEM failed")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Signs `message` with RS256: RSASSA-PKCS1-v1_5 over its SHA-256 digest (RFC 8017 §8.2, RFC 7518 §3.3).
    ///
    /// The signature is as long as the modulus (256 bytes for a 2048-bit key) and, this scheme being deterministic,
    /// the same for the same message.
    ///
    /// - Throws: ``CryptographyError/Code/signingFailed`` if OpenSSL fails.
    public func signRS256(_ message: [UInt8]) throws(CryptographyError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else {
            throw CryptographyError.openSSL(.signingFailed, "EVP_MD_CTX_new failed")
        }
        defer { EVP_MD_CTX_free(context) }
        // RSA's default padding for EVP_DigestSign is PKCS #1 v1.5, which is what RS256 means.
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, storage.key) == 1 else {
            throw CryptographyError.openSSL(.signingFailed, "EVP_DigestSignInit failed")
        }
        let signature: [UInt8]? = message.withNonNullBytes { messagePointer, messageCount in
            var length = 0
            guard EVP_DigestSign(context, nil, &length, messagePointer, messageCount) == 1, length > 0 else {
                return nil
            }
            var output = [UInt8](repeating: 0, count: length)
            let status = output.withUnsafeMutableBufferPointer { buffer in
                EVP_DigestSign(context, buffer.baseAddress, &length, messagePointer, messageCount)
            }
            guard status == 1, length <= output.count else {
                return nil
            }
            output.removeLast(output.count - length)
            return output
        }
        guard let signature else {
            throw CryptographyError.openSSL(.signingFailed, "EVP_DigestSign(RS256) failed")
        }
        return signature
    }
}
