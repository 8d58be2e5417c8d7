import JSON

/// Verifies a JWT signed with an asymmetric key (RFC 7515, RFC 7519), as ID tokens (OpenID Connect Core §3.1.3.7)
/// and JWT access tokens (RFC 9068 §4) are verified.
///
/// In this order: the token is split and decoded (bounded, ``CompactJWS``); `crit` is refused; `alg` must be one of
/// ``JWSAlgorithm`` — `none` and `HS*` never are; the key is chosen by `kid` from the set, and the `alg` must be one
/// the key allows (``JSONWebKey/allowedAlgorithms``: "alg" is pinned by the key, not chosen by the token); the
/// signature is verified; then `typ` and the claims are checked against ``JWTExpectations``. Claims are read only
/// from a token whose signature verified. A token without `kid` is tried against every key that allows its `alg`
/// (at most 64, ``JSONWebKeySet/Limits/maximumKeyCount``), and accepted if one verifies it.
public enum JWTVerifier {
    /// Verifies `token` with `keys` at `now` (seconds since the epoch).
    ///
    /// ``JWTRefusal/unknownKey(keyID:)`` tells the caller to fetch the key set again (the issuer may have rotated)
    /// and to retry once; every other refusal is final.
    public static func verify(
        _ token: String,
        keys: JSONWebKeySet,
        expecting: JWTExpectations,
        now: Int64
    ) -> Result<JWTClaims, JWTRefusal> {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token)
        } catch {
            return .failure(.malformed(error.message))
        }
        return verify(jws, keys: keys, expecting: expecting, now: now)
    }

    /// Verifies an already split token, as the `String` variant does after splitting it: a caller that read the header
    /// first (to see its `kid`) need not split the token twice.
    public static func verify(
        _ jws: CompactJWS,
        keys: JSONWebKeySet,
        expecting: JWTExpectations,
        now: Int64
    ) -> Result<JWTClaims, JWTRefusal> {
        let header = jws.header
        if let critical = header.critical {
            return .failure(.criticalExtension(critical))
        }
        guard let algorithm = JWSAlgorithm(rawValue: header.algorithm) else {
            return .failure(.unsupportedAlgorithm(header.algorithm))
        }
        let candidates = keys.candidates(keyID: header.keyID, algorithm: algorithm)
        if candidates.isEmpty {
            let sameKeyID = keys.keys.filter { header.keyID == nil || $0.keyID == header.keyID }
            if header.keyID != nil, !sameKeyID.isEmpty {
                return .failure(.algorithmNotAllowedForKey)
            }
            if header.keyID == nil, sameKeyID.contains(where: { $0.keyType == algorithm.keyType }) {
                return .failure(.algorithmNotAllowedForKey)
            }
            return .failure(.unknownKey(keyID: header.keyID))
        }
        let verified = candidates.contains { key in
            key.verify(algorithm: algorithm, signingInput: jws.signingInput, signature: jws.signature)
        }
        guard verified else {
            return .failure(.badSignature)
        }
        if let requiredType = expecting.requiredType {
            guard let type = header.type, mediaType(type) == mediaType(requiredType) else {
                return .failure(.wrongType)
            }
        }
        let claims: JWTClaims
        do {
            claims = try JWTClaims(json: jws.payload)
        } catch {
            return .failure(.malformed(error.message))
        }
        if let refusal = check(claims, expecting: expecting, now: now) {
            return .failure(refusal)
        }
        return .success(claims)
    }

    /// The claim checks, in the order OpenID Connect Core §3.1.3.7 lists them: issuer, audience, azp, expiry (and
    /// the other times), nonce; then the required claims.
    static func check(_ claims: JWTClaims, expecting: JWTExpectations, now: Int64) -> JWTRefusal? {
        guard let issuer = claims.issuer else {
            return .missingClaim("iss")
        }
        guard issuer == expecting.issuer else {
            return .wrongIssuer
        }
        guard !claims.audience.isEmpty else {
            return .missingClaim("aud")
        }
        guard claims.audience.contains(expecting.audience) else {
            return .wrongAudience
        }
        if let authorizedParty = expecting.authorizedParty {
            if let azp = claims.authorizedParty {
                guard azp == authorizedParty else {
                    return .wrongAuthorizedParty
                }
            } else if claims.audience.count > 1 {
                return .missingClaim("azp")
            }
        }
        let skew = Int64(min(max(expecting.clockSkew, 0), 600))
        if let expires = claims.expires {
            // RFC 7519 §4.1.4: "the current date/time MUST be before the expiration date/time".
            guard now - skew < expires else {
                return .expired
            }
        } else if expecting.requireExpiry {
            return .missingClaim("exp")
        }
        if let notBefore = claims.notBefore {
            // RFC 7519 §4.1.5: "the current date/time MUST be after or equal to the not-before date/time".
            guard now + skew >= notBefore else {
                return .notYetValid
            }
        }
        if let issuedAt = claims.issuedAt {
            guard issuedAt <= now + skew else {
                return .issuedInFuture
            }
        }
        if let maximumAge = expecting.maximumAge {
            guard let issuedAt = claims.issuedAt else {
                return .missingClaim("iat")
            }
            // Dates are bounded to ±2^53 (NumericDate), so the subtraction cannot overflow.
            guard now - issuedAt - skew <= maximumAge else {
                return .tooOld
            }
        }
        if let nonce = expecting.nonce {
            guard let actual = claims.nonce else {
                return .missingClaim("nonce")
            }
            guard actual == nonce else {
                return .wrongNonce
            }
        }
        for name in expecting.requiredClaims {
            switch claims.members[name] {
            case nil, .null?:
                return .missingClaim(name)
            default:
                continue
            }
        }
        return nil
    }

    /// A `typ` value as RFC 7515 §4.1.9 compares it: lowercased, without an `application/` prefix.
    private static func mediaType(_ value: String) -> String {
        let lowered = value.lowercased()
        return lowered.hasPrefix("application/") ? String(lowered.dropFirst("application/".count)) : lowered
    }
}
