import Cryptography
import HomeGraph
import JSON

/// Checks a service-account assertion as Google's token endpoint does: an RS256 signature by the expected key, the
/// right audience, the HomeGraph scope, not expired, and a lifetime of at most an hour.
public struct JWTVerifier: Sendable {
    /// The key whose signatures are accepted.
    public let publicKey: RSAPublicKey
    /// Seconds of clock difference tolerated for `iat` in the future and `exp` in the past.
    public let leewaySeconds: Int64

    /// Creates a verifier for `publicKey`.
    public init(publicKey: RSAPublicKey, leewaySeconds: Int64 = 60) {
        self.publicKey = publicKey
        self.leewaySeconds = leewaySeconds
    }

    /// The claims of `assertion` when it passes every check, or why it does not (Google's `error_description`
    /// style).
    ///
    /// - Parameters:
    ///   - assertion: `header.claims.signature`, each part base64url.
    ///   - audience: The `aud` the assertion must carry (the token endpoint's own URL).
    ///   - now: Unix seconds.
    public func verify(_ assertion: String, audience: String, now: Int64) -> Result<JSONObject, Rejection> {
        let parts = assertion.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(String(parts[0])),
            let claimsBytes = Base64URL.decode(String(parts[1])),
            let signature = Base64URL.decode(String(parts[2]))
        else {
            return .failure(Rejection("Invalid JWT: not three base64url parts"))
        }
        guard let header = (try? JSONParser.parse(headerBytes))?.objectValue,
            let claims = (try? JSONParser.parse(claimsBytes))?.objectValue
        else {
            return .failure(Rejection("Invalid JWT: header or claims are not JSON objects"))
        }
        guard header["alg"]?.stringValue == "RS256" else {
            return .failure(Rejection("Invalid JWT: alg must be RS256"))
        }
        let signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        guard publicKey.verifyRS256(message: signingInput, signature: signature) else {
            return .failure(Rejection("Invalid JWT Signature."))
        }
        guard let issuer = claims["iss"]?.stringValue, !issuer.isEmpty else {
            return .failure(Rejection("Invalid JWT: iss is missing"))
        }
        guard claims["aud"]?.stringValue == audience else {
            return .failure(Rejection("Invalid JWT: Failed audience check. The right audience is \(audience)"))
        }
        let scopes = (claims["scope"]?.stringValue ?? "").split(separator: " ")
        guard scopes.contains(Substring(JWTAssertion.homeGraphScope)) else {
            return .failure(Rejection("Invalid JWT: scope must include \(JWTAssertion.homeGraphScope)"))
        }
        guard let issuedAt = claims["iat"]?.intValue, let expiry = claims["exp"]?.intValue else {
            return .failure(Rejection("Invalid JWT: iat and exp must be numbers"))
        }
        guard Int64(issuedAt) <= now + leewaySeconds, Int64(expiry) > now - leewaySeconds else {
            return .failure(
                Rejection("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.")
            )
        }
        guard expiry > issuedAt, Int64(expiry - issuedAt) <= JWTAssertion.maximumLifetimeSeconds else {
            return .failure(Rejection("Invalid JWT: exp must be after iat and at most 3600 seconds later"))
        }
        return .success(claims)
    }

    /// Why an assertion was refused.
    public struct Rejection: Error, Hashable, Sendable {
        /// The reason, as the token endpoint's `error_description`.
        public var description: String

        /// Creates a rejection.
        public init(_ description: String) {
            self.description = description
        }
    }
}
