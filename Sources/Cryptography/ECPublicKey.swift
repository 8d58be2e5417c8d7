internal import COpenSSL

/// An elliptic-curve public key on P-256, P-384 or P-521, for verifying ECDSA signatures as JWS's ES256, ES384 and
/// ES512 make them (RFC 7518 §3.4).
///
/// Copies share one OpenSSL key, freed when the last copy goes away; verifying from several threads at once is safe.
public struct ECPublicKey: Sendable {
    /// The curves JWS uses (RFC 7518 §6.2.1.1), named as a JSON Web Key's `crv` names them.
    public enum Curve: String, Sendable, Hashable, CaseIterable {
        case p256 = "P-256"
        case p384 = "P-384"
        case p521 = "P-521"

        /// The length of one coordinate, and of each of a JWS signature's `R` and `S`, in bytes: 32, 48 or 66.
        public var coordinateByteCount: Int {
            switch self {
            case .p256: 32
            case .p384: 48
            case .p521: 66
            }
        }

        /// The hash JWS pairs with the curve: ES256 is P-256 with SHA-256, ES384 P-384 with SHA-384, ES512 P-521
        /// with SHA-512 (RFC 7518 §3.4).
        public var digest: SignatureDigest {
            switch self {
            case .p256: .sha256
            case .p384: .sha384
            case .p521: .sha512
            }
        }

        fileprivate var objectIdentifier: [UInt8] {
            switch self {
            case .p256: DER.ObjectIdentifier.secp256r1
            case .p384: DER.ObjectIdentifier.secp384r1
            case .p521: DER.ObjectIdentifier.secp521r1
            }
        }
    }

    private let storage: PublicKeyStorage

    /// The key's curve.
    public let curve: Curve

    /// Makes the key from its affine coordinates, unsigned big-endian, as a JSON Web Key's `x` and `y` hold them.
    ///
    /// Each coordinate must be exactly ``Curve/coordinateByteCount`` bytes (RFC 7518 §6.2.1.2: "The length of this
    /// octet string MUST be the full size of a coordinate for the curve specified in the "crv" parameter"), and the
    /// point must lie on the curve: OpenSSL refuses it otherwise, which stops invalid-curve attacks.
    ///
    /// - Throws: ``CryptographyError/Code/invalidKey`` for coordinates of the wrong length or a point not on the
    ///   curve.
    public init(curve: Curve, x: [UInt8], y: [UInt8]) throws(CryptographyError) {
        guard x.count == curve.coordinateByteCount, y.count == curve.coordinateByteCount else {
            throw CryptographyError(
                code: .invalidKey,
                message: "a \(curve.rawValue) coordinate must be \(curve.coordinateByteCount) bytes"
            )
        }
        // SubjectPublicKeyInfo with id-ecPublicKey, the named curve and the uncompressed point 04‖X‖Y (RFC 5480).
        let spki = DER.sequence(
            DER.sequence(DER.ObjectIdentifier.ecPublicKey, curve.objectIdentifier),
            DER.bitString([0x04] + x + y)
        )
        storage = try PublicKeyStorage(subjectPublicKeyInfo: spki, type: "EC")
        self.curve = curve
    }

    /// Whether `signature`, in JWS form (`R‖S`, each ``Curve/coordinateByteCount`` bytes, RFC 7518 §3.4), is a valid
    /// ECDSA signature over `message` with `digest` by the private half of this key.
    ///
    /// A signature of any other length is refused before OpenSSL sees it; it is converted to the DER `ECDSA-Sig-Value`
    /// OpenSSL verifies. Any failure answers `false`, without saying which check failed.
    public func verify(message: [UInt8], signature: [UInt8], digest: SignatureDigest) -> Bool {
        let half = curve.coordinateByteCount
        guard signature.count == 2 * half else {
            return false
        }
        let r = Array(signature[..<half])
        let s = Array(signature[half...])
        // R and S are integers in [1, n-1]; zero is never valid and OpenSSL would refuse it, but say so here.
        guard r.contains(where: { $0 != 0 }), s.contains(where: { $0 != 0 }) else {
            return false
        }
        let der = DER.sequence(DER.unsignedInteger(r), DER.unsignedInteger(s))
        return SignatureVerification.verify(
            key: storage.key,
            digest: digest,
            padding: nil,
            message: message,
            signature: der
        )
    }
}
