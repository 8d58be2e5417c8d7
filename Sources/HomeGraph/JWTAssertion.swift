import Cryptography
import Foundation
import JSON

/// The signed JWT a service account trades for an access token (RFC 7523 §2.1; Google's "Using OAuth 2.0 for
/// server to server applications").
///
/// Header `{"alg":"RS256","typ":"JWT","kid":<private_key_id>}`, claims `{"iss":<client_email>,"scope":…,
/// "aud":<token_uri>,"iat":now,"exp":now+lifetime}`, signed with RSASSA-PKCS1-v1_5 SHA-256.
public enum JWTAssertion {
    /// The OAuth scope HomeGraph calls need.
    public static let homeGraphScope = "https://www.googleapis.com/auth/homegraph"

    /// The longest lifetime Google accepts for an assertion.
    public static let maximumLifetimeSeconds: Int64 = 3600

    /// The assertion's header as JSON.
    public static func header(keyID: String?) -> JSONValue {
        var object = JSONObject([("alg", "RS256"), ("typ", "JWT")])
        if let keyID { object.append("kid", .string(keyID)) }
        return .object(object)
    }

    /// The assertion's claims as JSON, `exp` at most ``maximumLifetimeSeconds`` after `iat`.
    public static func claims(
        issuer: String,
        audience: String,
        scope: String = homeGraphScope,
        issuedAt: Int64,
        lifetimeSeconds: Int64 = maximumLifetimeSeconds
    ) -> JSONValue {
        let lifetime = min(max(lifetimeSeconds, 1), maximumLifetimeSeconds)
        return .object(
            JSONObject([
                ("iss", .string(issuer)),
                ("scope", .string(scope)),
                ("aud", .string(audience)),
                ("iat", .int(Int(issuedAt))),
                ("exp", .int(Int(issuedAt + lifetime))),
            ])
        )
    }

    /// Returns `base64url(header).base64url(claims).base64url(signature)` for `key`, issued at `issuedAt` (Unix
    /// seconds) for `scope`, addressed to the key's `token_uri`.
    ///
    /// - Throws: ``CryptographyError`` if OpenSSL cannot sign.
    public static func signed(
        by key: ServiceAccountKey,
        issuedAt: Int64,
        scope: String = homeGraphScope,
        lifetimeSeconds: Int64 = maximumLifetimeSeconds
    ) throws(CryptographyError) -> String {
        let headerPart = Base64URL.encode(JSONWriter.bytes(header(keyID: key.privateKeyID)))
        let claimsPart = Base64URL.encode(
            JSONWriter.bytes(
                claims(
                    issuer: key.clientEmail,
                    audience: key.tokenURI.absoluteString,
                    scope: scope,
                    issuedAt: issuedAt,
                    lifetimeSeconds: lifetimeSeconds
                )
            )
        )
        let signingInput = headerPart + "." + claimsPart
        let signature = try key.privateKey.signRS256(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
