/// The few DER (ITU-T X.690) encodings Hearth writes itself: a SubjectPublicKeyInfo for a key given by its
/// components (a JSON Web Key's `n`/`e` or `crv`/`x`/`y`), and an `ECDSA-Sig-Value` from a JWS's raw `R‖S`.
///
/// Writing DER ourselves, then handing it to `d2i_PUBKEY` or to the verifier, keeps every key on OpenSSL's one
/// decoding path (and its checks) instead of the parameter-building calls, and needs no new C declarations.
enum DER {
    /// A tag, a definite length (short or long form) and the contents.
    static func element(tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        var encoded = [tag]
        let count = contents.count
        if count < 0x80 {
            encoded.append(UInt8(count))
        } else {
            var lengthBytes: [UInt8] = []
            var remaining = count
            while remaining > 0 {
                lengthBytes.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
                remaining >>= 8
            }
            encoded.append(0x80 | UInt8(lengthBytes.count))
            encoded += lengthBytes
        }
        return encoded + contents
    }

    /// A `SEQUENCE` of already encoded elements.
    static func sequence(_ elements: [UInt8]...) -> [UInt8] {
        element(tag: 0x30, elements.flatMap { $0 })
    }

    /// A non-negative `INTEGER` from unsigned big-endian bytes: leading zero bytes removed, one `0x00` added back
    /// when the high bit is set (DER integers are two's complement and minimal).
    static func unsignedInteger(_ bigEndian: [UInt8]) -> [UInt8] {
        var magnitude = Array(bigEndian.drop { $0 == 0 })
        if magnitude.isEmpty {
            magnitude = [0]
        } else if magnitude[0] & 0x80 != 0 {
            magnitude.insert(0, at: 0)
        }
        return element(tag: 0x02, magnitude)
    }

    /// A `BIT STRING` holding whole bytes (no unused bits).
    static func bitString(_ bytes: [UInt8]) -> [UInt8] {
        element(tag: 0x03, [0] + bytes)
    }

    /// `NULL`.
    static let null: [UInt8] = [0x05, 0x00]

    /// Object identifiers, already encoded (tag, length, contents).
    enum ObjectIdentifier {
        /// rsaEncryption, 1.2.840.113549.1.1.1 (RFC 8017 Appendix C).
        static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]
        /// id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480 §2.1.1).
        static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]
        /// secp256r1 (P-256), 1.2.840.10045.3.1.7 (RFC 5480 §2.1.1.1).
        static let secp256r1: [UInt8] = [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]
        /// secp384r1 (P-384), 1.3.132.0.34.
        static let secp384r1: [UInt8] = [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22]
        /// secp521r1 (P-521), 1.3.132.0.35.
        static let secp521r1: [UInt8] = [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23]
    }
}
