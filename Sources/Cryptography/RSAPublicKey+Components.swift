extension RSAPublicKey {
    /// The smallest modulus ``init(modulus:exponent:)`` accepts: 2048 bits (RFC 7518 §3.3: "A key of size 2048 bits
    /// or larger MUST be used with these algorithms").
    public static let minimumComponentsBitCount = 2048

    /// The largest modulus ``init(modulus:exponent:)`` accepts: 8192 bits, which bounds the work one verification
    /// costs.
    public static let maximumComponentsBitCount = 8192

    /// Makes the key from its modulus and public exponent, unsigned big-endian, as a JSON Web Key's `n` and `e`
    /// hold them (RFC 7518 §6.3.1).
    ///
    /// Leading zero bytes are ignored. The modulus must have 2048 to 8192 bits; the exponent must be odd, at least 3
    /// and at most 8 bytes (an exponent of 1 would make every message its own signature).
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` for a modulus or exponent outside those bounds or a key
    ///   OpenSSL refuses.
    public init(modulus: [UInt8], exponent: [UInt8]) throws(CryptographyError) {
        let n = Array(modulus.drop { $0 == 0 })
        let e = Array(exponent.drop { $0 == 0 })
        let bits = n.isEmpty ? 0 : (n.count - 1) * 8 + (8 - n[0].leadingZeroBitCount)
        guard bits >= Self.minimumComponentsBitCount else {
            throw CryptographyError(
                code: .invalidKey,
                message: "the RSA modulus has \(bits) bits, fewer than \(Self.minimumComponentsBitCount)"
            )
        }
        guard bits <= Self.maximumComponentsBitCount else {
            throw CryptographyError(
                code: .invalidKey,
                message: "the RSA modulus has \(bits) bits, more than \(Self.maximumComponentsBitCount)"
            )
        }
        guard !e.isEmpty, e.count <= 8, e.last! & 1 == 1, e.count > 1 || e[0] >= 3 else {
            throw CryptographyError(code: .invalidKey, message: "the RSA public exponent is not an odd number ≥ 3")
        }
        // SubjectPublicKeyInfo { rsaEncryption, NULL } with RSAPublicKey { n, e } (RFC 8017 Appendix A.1.1), read
        // through the same PEM path as every other public key.
        let spki = DER.sequence(
            DER.sequence(DER.ObjectIdentifier.rsaEncryption, DER.null),
            DER.bitString(DER.sequence(DER.unsignedInteger(n), DER.unsignedInteger(e)))
        )
        try self.init(pem: PEM.text(label: "PUBLIC KEY", der: spki))
    }

    /// Whether `signature` is a valid RSA signature over `message`, hashed with `digest` and padded with `padding`,
    /// by the private half of this key.
    ///
    /// The signature must be exactly as long as the modulus (RFC 8017 §8.1.2 and §8.2.2 step 1). Any failure answers
    /// `false`, without saying which check failed.
    public func verify(
        message: [UInt8],
        signature: [UInt8],
        digest: SignatureDigest,
        padding: RSASignaturePadding
    ) -> Bool {
        guard signature.count == (bitCount + 7) / 8 else {
            return false
        }
        return SignatureVerification.verify(
            key: storage.key,
            digest: digest,
            padding: padding,
            message: message,
            signature: signature
        )
    }
}
