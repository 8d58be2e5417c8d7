internal import COpenSSL

/// Owns a public `EVP_PKEY` decoded from a DER SubjectPublicKeyInfo and frees it once; what ``ECPublicKey`` holds.
///
/// `@unchecked Sendable` for the reason ``RSAKeyStorage`` gives: the pointer is set once and the key never changes;
/// OpenSSL 3 allows concurrent read-only use, and each verification has its own digest context.
final class PublicKeyStorage: @unchecked Sendable {
    let key: OpaquePointer

    /// Decodes `der` with `d2i_PUBKEY_bio`, checks that the key is of OpenSSL type `type` ("EC", "RSA") and runs
    /// OpenSSL's full public-key check (`EVP_PKEY_public_check`: for an EC key, that the point is on the curve, is not
    /// the point at infinity and has the group's order).
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` when the bytes hold no such key or the key fails the check.
    init(subjectPublicKeyInfo der: [UInt8], type: String) throws(CryptographyError) {
        guard der.count <= 16_384 else {
            throw CryptographyError(code: .invalidKey, message: "the public key is too large")
        }
        let key: OpaquePointer? = der.withNonNullBytes { pointer, count in
            guard let bio = BIO_new_mem_buf(pointer, Int32(count)) else {
                return nil
            }
            defer { BIO_free(bio) }
            return d2i_PUBKEY_bio(bio, nil)
        }
        guard let key else {
            throw CryptographyError.openSSL(.invalidKey, "cannot read the \(type) public key")
        }
        self.key = key
        _ = CryptographyError.drainOpenSSLErrors()
        guard EVP_PKEY_is_a(key, type) == 1 else {
            throw CryptographyError(code: .invalidKey, message: "the public key is not an \(type) key")
        }
        guard let checkContext = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            throw CryptographyError.openSSL(.invalidKey, "cannot check the \(type) public key")
        }
        defer { EVP_PKEY_CTX_free(checkContext) }
        guard EVP_PKEY_public_check(checkContext) == 1 else {
            throw CryptographyError.openSSL(.invalidKey, "the \(type) public key fails OpenSSL's check")
        }
    }

    /// The key's size in bits (the modulus for RSA, the field for EC).
    var bitCount: Int {
        Int(EVP_PKEY_get_bits(key))
    }

    deinit {
        EVP_PKEY_free(key)
    }
}
