/// Why a JWT was not accepted. A value, not a thrown error: refusing a token is an ordinary outcome.
///
/// Each case has a stable snake_case ``reason`` for metrics and logs (never the token or its claims' values):
///
/// | reason | case |
/// |---|---|
/// | `malformed` | ``malformed(_:)``: not a compact JWS, bad base64url or JSON, a registered claim of the wrong type, over a size bound |
/// | `alg_none` | ``unsupportedAlgorithm(_:)`` with `none` (an unsigned token) |
/// | `alg_hmac` | ``unsupportedAlgorithm(_:)`` with `HS256`/`HS384`/`HS512` (never verified with a public key) |
/// | `alg_unsupported` | ``unsupportedAlgorithm(_:)`` with anything else not in ``JWSAlgorithm`` |
/// | `crit_unsupported` | ``criticalExtension(_:)``: the header has `crit` |
/// | `unknown_key` | ``unknownKey(keyID:)``: no key in the set has the token's `kid` (or, without `kid`, no key of the algorithm's type) — refetch the key set and retry once |
/// | `alg_not_allowed_for_key` | ``algorithmNotAllowedForKey``: the key exists, but its `alg` or type does not allow the token's `alg` |
/// | `bad_signature` | ``badSignature``: no candidate key verifies the signature (tampered, wrong length, another key) |
/// | `wrong_type` | ``wrongType``: `typ` is not the required one |
/// | `wrong_issuer` | ``wrongIssuer`` |
/// | `wrong_audience` | ``wrongAudience`` |
/// | `wrong_azp` | ``wrongAuthorizedParty`` |
/// | `expired` | ``expired`` |
/// | `not_yet_valid` | ``notYetValid`` |
/// | `issued_in_future` | ``issuedInFuture`` |
/// | `too_old` | ``tooOld``: `iat` older than ``JWTExpectations/maximumAge`` |
/// | `wrong_nonce` | ``wrongNonce`` |
/// | `missing_claim` | ``missingClaim(_:)``: `iss`, `aud`, `exp`, `azp`, `iat`, `nonce` or a required claim is absent |
public enum JWTRefusal: Error, Sendable, Hashable {
    /// The token is not a well-formed JWT; the string says why (no token content).
    case malformed(String)
    /// The header's `alg`, as written, is not one this verifier accepts.
    case unsupportedAlgorithm(String)
    /// The header has `crit`, naming extensions this verifier does not understand (RFC 7515 §4.1.11: "If any of the
    /// listed extension Header Parameters are not understood and supported by the recipient, then the JWS is
    /// invalid").
    case criticalExtension([String])
    /// No key for the token: its `kid` (or `nil` when it has none) is not in the set.
    case unknownKey(keyID: String?)
    /// The token's key does not allow its `alg`.
    case algorithmNotAllowedForKey
    /// The signature does not verify.
    case badSignature
    /// `typ` is not the required one.
    case wrongType
    /// `iss` is not the expected issuer.
    case wrongIssuer
    /// `aud` does not contain the expected audience.
    case wrongAudience
    /// `azp` is not the expected client.
    case wrongAuthorizedParty
    /// `exp` has passed (beyond the clock skew).
    case expired
    /// `nbf` has not come yet (beyond the clock skew).
    case notYetValid
    /// `iat` is in the future (beyond the clock skew).
    case issuedInFuture
    /// `iat` is older than the expected maximum age.
    case tooOld
    /// `nonce` is not the expected one.
    case wrongNonce
    /// A claim that must be present is absent; the string names it.
    case missingClaim(String)

    /// The stable snake_case label of the refusal (see the table above).
    public var reason: String {
        switch self {
        case .malformed: "malformed"
        case .unsupportedAlgorithm(let name):
            if name.lowercased() == "none" {
                "alg_none"
            } else if name.uppercased().hasPrefix("HS") {
                "alg_hmac"
            } else {
                "alg_unsupported"
            }
        case .criticalExtension: "crit_unsupported"
        case .unknownKey: "unknown_key"
        case .algorithmNotAllowedForKey: "alg_not_allowed_for_key"
        case .badSignature: "bad_signature"
        case .wrongType: "wrong_type"
        case .wrongIssuer: "wrong_issuer"
        case .wrongAudience: "wrong_audience"
        case .wrongAuthorizedParty: "wrong_azp"
        case .expired: "expired"
        case .notYetValid: "not_yet_valid"
        case .issuedInFuture: "issued_in_future"
        case .tooOld: "too_old"
        case .wrongNonce: "wrong_nonce"
        case .missingClaim: "missing_claim"
        }
    }

    /// Every reason label, for pre-registering metrics.
    public static let allReasons: [String] = [
        "malformed", "alg_none", "alg_hmac", "alg_unsupported", "crit_unsupported", "unknown_key",
        "alg_not_allowed_for_key", "bad_signature", "wrong_type", "wrong_issuer", "wrong_audience", "wrong_azp",
        "expired", "not_yet_valid", "issued_in_future", "too_old", "wrong_nonce", "missing_claim",
    ]
}
