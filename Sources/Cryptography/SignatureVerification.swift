internal import COpenSSL

/// The one place a signature is checked with OpenSSL (`EVP_DigestVerify`), for RSA and EC keys alike.
enum SignatureVerification {
    /// Whether `signature` over `message` verifies with `key` (an `EVP_PKEY`), hashing with `digest`; `padding`
    /// applies to RSA keys only. `signature` is what OpenSSL expects: the RSA signature, or a DER `ECDSA-Sig-Value`.
    ///
    /// Any failure answers `false` and leaves OpenSSL's error queue empty, so that a stale entry is never blamed on
    /// a later, unrelated failure on the same thread.
    static func verify(
        key: OpaquePointer,
        digest: SignatureDigest,
        padding: RSASignaturePadding?,
        message: [UInt8],
        signature: [UInt8]
    ) -> Bool {
        defer { _ = CryptographyError.drainOpenSSLErrors() }
        guard let context = EVP_MD_CTX_new() else {
            return false
        }
        defer { EVP_MD_CTX_free(context) }
        // The key context belongs to `context` and is freed with it.
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit(context, &keyContext, digest.evpMD, nil, key) == 1 else {
            return false
        }
        if padding == .pss {
            guard let keyContext,
                EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
                EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) == 1,
                EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, digest.evpMD) == 1
            else {
                return false
            }
        }
        let status = message.withNonNullBytes { messagePointer, messageCount in
            signature.withNonNullBytes { signaturePointer, signatureCount in
                EVP_DigestVerify(context, signaturePointer, signatureCount, messagePointer, messageCount)
            }
        }
        return status == 1
    }
}
