internal import COpenSSL

/// The hash a signature is computed over: SHA-256, SHA-384 or SHA-512, as the JWS algorithms RS/PS/ES 256, 384 and
/// 512 use them (RFC 7518 §3.1).
public enum SignatureDigest: Sendable, Hashable, CaseIterable {
    case sha256
    case sha384
    case sha512

    /// The digest's length in bytes: 32, 48 or 64.
    public var byteCount: Int {
        switch self {
        case .sha256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }

    /// OpenSSL's description of the digest (a static object, never freed).
    var evpMD: OpaquePointer? {
        switch self {
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        case .sha512: EVP_sha512()
        }
    }
}
