import Cryptography

/// The JWS signature algorithms Hearth verifies (RFC 7518 §3.1): RSA PKCS#1 v1.5, RSA-PSS and ECDSA, each with
/// SHA-256, SHA-384 or SHA-512.
///
/// Not here, on purpose: `none` (no signature) and the HMAC algorithms `HS256`/`HS384`/`HS512`, which a verifier
/// holding only public keys must never accept — "HS256 with the RSA public key as the secret" is the classic
/// algorithm-confusion forgery. A token naming them is refused as ``JWTRefusal/unsupportedAlgorithm(_:)``.
public enum JWSAlgorithm: String, Sendable, CaseIterable {
    case rs256 = "RS256"
    case rs384 = "RS384"
    case rs512 = "RS512"
    case ps256 = "PS256"
    case ps384 = "PS384"
    case ps512 = "PS512"
    case es256 = "ES256"
    case es384 = "ES384"
    case es512 = "ES512"

    /// The JSON Web Key type (`kty`) that verifies this algorithm: `RSA` or `EC`.
    public var keyType: String {
        switch self {
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512: "RSA"
        case .es256, .es384, .es512: "EC"
        }
    }

    /// The hash the signature is computed over.
    public var digest: SignatureDigest {
        switch self {
        case .rs256, .ps256, .es256: .sha256
        case .rs384, .ps384, .es384: .sha384
        case .rs512, .ps512, .es512: .sha512
        }
    }

    /// For an ECDSA algorithm, the one curve it is defined on (RFC 7518 §3.4); `nil` for RSA.
    public var curve: ECPublicKey.Curve? {
        switch self {
        case .es256: .p256
        case .es384: .p384
        case .es512: .p521
        default: nil
        }
    }

    /// For an RSA algorithm, its padding; `nil` for ECDSA.
    public var rsaPadding: RSASignaturePadding? {
        switch self {
        case .rs256, .rs384, .rs512: .pkcs1v15
        case .ps256, .ps384, .ps512: .pss
        default: nil
        }
    }
}
