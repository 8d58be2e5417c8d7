internal import COpenSSL

/// Owns an RSA `EVP_PKEY` read from PEM text and frees it once; shared by ``RSAPrivateKey`` and ``RSAPublicKey``.
///
/// `@unchecked Sendable`: the pointer is set once in `init` and never changed; OpenSSL 3 documents `EVP_PKEY` as
/// safe to use from several threads for operations that do not modify it, and signing and verifying create a
/// separate `EVP_MD_CTX` per call. Nothing here mutates the key after it is read.
final class RSAKeyStorage: @unchecked Sendable {
    let key: OpaquePointer

    /// Reads one RSA key from `pem` with `read` (`PEM_read_bio_PrivateKey` or `PEM_read_bio_PUBKEY` on a memory
    /// BIO); `kind` ("private", "public") names it in errors.
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` when the text is too large, holds no key `read` accepts, or
    ///   holds a key of another algorithm.
    init(pem: String, kind: String, read: (OpaquePointer) -> OpaquePointer?) throws(CryptographyError) {
        // BIO_new_mem_buf does not copy: the bytes must stay alive until `read` returns, so the whole read happens
        // inside withNonNullBytes over an array owned by this frame.
        let bytes = Array(pem.utf8)
        guard bytes.count <= Int(Int32.max) else {
            throw CryptographyError(code: .invalidKey, message: "the \(kind) key PEM is too large")
        }
        let key: OpaquePointer? = bytes.withNonNullBytes { pointer, count in
            guard let bio = BIO_new_mem_buf(pointer, Int32(count)) else {
                return nil
            }
            defer { BIO_free(bio) }
            return read(bio)
        }
        guard let key else {
            throw CryptographyError.openSSL(.invalidKey, "cannot read a \(kind) key from the PEM text")
        }
        // Own the key first, so it is freed on the error path too.
        self.key = key
        // A successful read may still leave entries on the error queue (OpenSSL 3's decoders try several formats);
        // clear them so they are not blamed on a later failure.
        _ = CryptographyError.drainOpenSSLErrors()
        guard EVP_PKEY_is_a(key, "RSA") == 1 else {
            throw CryptographyError(code: .invalidKey, message: "the \(kind) key is not an RSA key")
        }
    }

    /// The size of the key's modulus in bits.
    var bitCount: Int {
        Int(EVP_PKEY_get_bits(key))
    }

    deinit {
        EVP_PKEY_free(key)
    }
}
