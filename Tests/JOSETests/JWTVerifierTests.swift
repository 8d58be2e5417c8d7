import Cryptography
import JOSE
import JSON
import Testing

/// Tokens made with openssl-generated keys (``TestKey``), each refusal provoked on purpose.
struct JWTVerifierTests {
    static let now: Int64 = 1_800_000_000
    static let issuer = "https://idp.example"

    static let rsa = Result { try TestKey.make(.rsa(bits: 2048)) }
    static let p256 = Result { try TestKey.make(.ec(.p256)) }
    static let p384 = Result { try TestKey.make(.ec(.p384)) }
    static let p521 = Result { try TestKey.make(.ec(.p521)) }

    static let expectations = JWTExpectations(
        issuer: issuer,
        audience: "hearth",
        authorizedParty: "hearth",
        nonce: "n-1"
    )

    /// A claims set that satisfies ``expectations`` at ``now``, with `changes` applied (a `nil` value removes).
    static func claims(_ changes: [String: JSONValue?] = [:]) -> String {
        var object = JSONObject([
            ("iss", .string(issuer)), ("sub", "user-1"), ("aud", "hearth"), ("exp", .int(Int(now) + 300)),
            ("iat", .int(Int(now))), ("nonce", "n-1"),
        ])
        var result = JSONObject()
        for (key, value) in object where changes.index(forKey: key) == nil {
            result.append(key, value)
        }
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let value { result.append(key, value) }
        }
        object = result
        return JSONValue.object(object).description
    }

    static func verify(
        _ token: String,
        keys: JSONWebKeySet,
        expecting: JWTExpectations = expectations
    ) -> Result<
        JWTClaims, JWTRefusal
    > {
        JWTVerifier.verify(token, keys: keys, expecting: expecting, now: now)
    }

    // MARK: - Accepted

    @Test(arguments: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512"])
    func rsaAlgorithmsVerify(algorithm: String) throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        let token = try key.token(
            header: "{\"alg\":\"\(algorithm)\",\"kid\":\"k1\"}",
            claims: Self.claims(),
            algorithm: algorithm
        )
        let claims = try #require(Self.verify(token, keys: keys).claims)
        #expect(claims.subject == "user-1")
        #expect(claims.audience == ["hearth"])
        #expect(claims.expires == Self.now + 300)
        #expect(claims[claim: "sub"] == "user-1")
    }

    @Test(arguments: [("ES256", 256), ("ES384", 384), ("ES512", 521)])
    func ecAlgorithmsVerify(algorithm: String, curveBits: Int) throws {
        let key = try (curveBits == 256 ? Self.p256 : curveBits == 384 ? Self.p384 : Self.p521).get()
        let keys = try TestKey.keySet(key.jwk(keyID: "e1", algorithm: algorithm, use: "sig"))
        let token = try key.token(
            header: "{\"alg\":\"\(algorithm)\",\"kid\":\"e1\"}",
            claims: Self.claims(),
            algorithm: algorithm
        )
        #expect(Self.verify(token, keys: keys).claims?.nonce == "n-1")
    }

    @Test func withoutKidEveryKeyAllowingTheAlgorithmIsTried() throws {
        let key = try Self.rsa.get()
        let other = try Self.p256.get()
        let keys = try TestKey.keySet(other.jwk(keyID: "e1"), key.jwk(keyID: "k1"))
        let token = try key.token(header: "{\"alg\":\"RS256\"}", claims: Self.claims(), algorithm: "RS256")
        #expect(Self.verify(token, keys: keys).claims != nil)
    }

    @Test func typAtJWTIsAcceptedInBothSpellingsWhenRequired() throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        var expecting = Self.expectations
        expecting.requiredType = "at+jwt"
        for type in ["at+jwt", "application/at+jwt", "AT+JWT"] {
            let token = try key.token(
                header: "{\"alg\":\"RS256\",\"kid\":\"k1\",\"typ\":\"\(type)\"}",
                claims: Self.claims(),
                algorithm: "RS256"
            )
            #expect(Self.verify(token, keys: keys, expecting: expecting).claims != nil, "typ \(type)")
        }
        for header in ["{\"alg\":\"RS256\",\"kid\":\"k1\",\"typ\":\"JWT\"}", "{\"alg\":\"RS256\",\"kid\":\"k1\"}"] {
            let token = try key.token(header: header, claims: Self.claims(), algorithm: "RS256")
            #expect(Self.verify(token, keys: keys, expecting: expecting).refusal == .wrongType)
        }
    }

    // MARK: - Refused before the signature

    @Test func algNoneIsRefused() throws {
        let keys = try TestKey.keySet(try Self.rsa.get().jwk(keyID: "k1"))
        let token =
            Base64URL.encode(Array("{\"alg\":\"none\",\"kid\":\"k1\"}".utf8)) + "."
            + Base64URL.encode(Array(Self.claims().utf8)) + "."
        let refusal = Self.verify(token, keys: keys).refusal
        #expect(refusal == .unsupportedAlgorithm("none"))
        #expect(refusal?.reason == "alg_none")
    }

    /// The algorithm-confusion forgery: HS256 keyed with the RSA public key's bytes (its PEM text, and its JWK
    /// modulus). A verifier that took the token's word for the algorithm would accept it; this one never computes
    /// the HMAC at all.
    @Test func hs256KeyedWithThePublicKeyIsRefused() throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        let publicPEM = try RSAPrivateKey(pem: key.privatePEM).publicKeyPEM()
        let modulus = key.publicMembers.first { $0.0 == "n" }!.1
        for secret in [Array(publicPEM.utf8), Array(modulus.utf8), Array(key.jwk(keyID: "k1").utf8)] {
            let signingInput =
                Base64URL.encode(Array("{\"alg\":\"HS256\",\"kid\":\"k1\"}".utf8)) + "."
                + Base64URL.encode(Array(Self.claims().utf8))
            let mac = HMACSHA256.authenticationCode(for: Array(signingInput.utf8), key: secret)
            let refusal = Self.verify(signingInput + "." + Base64URL.encode(mac), keys: keys).refusal
            #expect(refusal == .unsupportedAlgorithm("HS256"))
            #expect(refusal?.reason == "alg_hmac")
        }
    }

    @Test func unknownAlgorithmsAreRefused() throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        for name in ["EdDSA", "rs256", "RSA-OAEP", ""] {
            let token = try key.token(
                header: "{\"alg\":\"\(name)\",\"kid\":\"k1\"}",
                claims: Self.claims(),
                algorithm: "RS256"
            )
            let refusal = Self.verify(token, keys: keys).refusal
            #expect(refusal == .unsupportedAlgorithm(name))
            #expect(refusal?.reason == "alg_unsupported")
        }
    }

    @Test func critIsRefused() throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        let token = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\",\"crit\":[\"exp\"],\"exp\":1}",
            claims: Self.claims(),
            algorithm: "RS256"
        )
        let refusal = Self.verify(token, keys: keys).refusal
        #expect(refusal == .criticalExtension(["exp"]))
        #expect(refusal?.reason == "crit_unsupported")
    }

    @Test func aKidNotInTheSetIsAnUnknownKey() throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        let token = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k2\"}",
            claims: Self.claims(),
            algorithm: "RS256"
        )
        let refusal = Self.verify(token, keys: keys).refusal
        #expect(refusal == .unknownKey(keyID: "k2"))
        #expect(refusal?.reason == "unknown_key")
        // Without a kid, and no key of the algorithm's type: unknown too (the set may have rotated to one).
        let ecToken = try Self.p256.get().token(
            header: "{\"alg\":\"ES256\"}",
            claims: Self.claims(),
            algorithm: "ES256"
        )
        #expect(Self.verify(ecToken, keys: keys).refusal == .unknownKey(keyID: nil))
        #expect(Self.verify(ecToken, keys: JSONWebKeySet(keys: [])).refusal == .unknownKey(keyID: nil))
    }

    @Test func theKeysAlgPinsTheAlgorithm() throws {
        let key = try Self.rsa.get()
        // The key says RS256; a PS256 token signed by the very same private key is still refused.
        let keys = try TestKey.keySet(key.jwk(keyID: "k1", algorithm: "RS256"))
        let token = try key.token(
            header: "{\"alg\":\"PS256\",\"kid\":\"k1\"}",
            claims: Self.claims(),
            algorithm: "PS256"
        )
        let refusal = Self.verify(token, keys: keys).refusal
        #expect(refusal == .algorithmNotAllowedForKey)
        #expect(refusal?.reason == "alg_not_allowed_for_key")
        let unpinned = try key.token(header: "{\"alg\":\"PS256\"}", claims: Self.claims(), algorithm: "PS256")
        #expect(Self.verify(unpinned, keys: keys).refusal == .algorithmNotAllowedForKey)
    }

    /// An EC key on P-256 never verifies ES384 or ES512, whatever the token says (RFC 7518 §3.4 ties each to its
    /// curve).
    @Test func anECKeyOnAnotherCurveThanTheAlgorithmsIsRefused() throws {
        let p256 = try Self.p256.get()
        let keys = try TestKey.keySet(p256.jwk(keyID: "e1"))
        let p384Token = try Self.p384.get().token(
            header: "{\"alg\":\"ES384\",\"kid\":\"e1\"}",
            claims: Self.claims(),
            algorithm: "ES384"
        )
        #expect(Self.verify(p384Token, keys: keys).refusal == .algorithmNotAllowedForKey)
        // A key whose `alg` contradicts its curve is not taken into the set at all.
        let contradictory = try TestKey.keySet(p256.jwk(keyID: "e1", algorithm: "ES384"))
        #expect(contradictory.keys.isEmpty)
        #expect(contradictory.skipped.count == 1)
    }

    // MARK: - Refused at the signature

    @Test func aTamperedPayloadIsABadSignature() throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        let token = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\"}",
            claims: Self.claims(),
            algorithm: "RS256"
        )
        var parts = token.split(separator: ".").map(String.init)
        parts[1] = Base64URL.encode(Array(Self.claims(["sub": "user-2"]).utf8))
        let refusal = Self.verify(parts.joined(separator: "."), keys: keys).refusal
        #expect(refusal == .badSignature)
        #expect(refusal?.reason == "bad_signature")
    }

    @Test func signaturesOfTheWrongLengthAreBadSignatures() throws {
        for (key, algorithm) in [(try Self.rsa.get(), "RS256"), (try Self.p256.get(), "ES256")] {
            let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
            let token = try key.token(
                header: "{\"alg\":\"\(algorithm)\",\"kid\":\"k1\"}",
                claims: Self.claims(),
                algorithm: algorithm
            )
            let parts = token.split(separator: ".").map(String.init)
            let signature = try #require(Base64URL.decode(parts[2]))
            for wrong in [Array(signature.dropLast()), signature + [0], [0] + signature, []] {
                let forged = parts[0] + "." + parts[1] + "." + Base64URL.encode(wrong)
                #expect(Self.verify(forged, keys: keys).refusal == .badSignature, "\(algorithm), \(wrong.count) bytes")
            }
        }
    }

    @Test func anECDSASignatureInDERFormIsRefused() throws {
        let key = try Self.p256.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "e1"))
        let signingInput =
            Base64URL.encode(Array("{\"alg\":\"ES256\",\"kid\":\"e1\"}".utf8)) + "."
            + Base64URL.encode(Array(Self.claims().utf8))
        let raw = try key.sign(Array(signingInput.utf8), algorithm: "ES256")
        #expect(Self.verify(signingInput + "." + Base64URL.encode(raw), keys: keys).claims != nil)
        // The same signature as OpenSSL writes it (DER): JWS does not allow it (RFC 7518 §3.4).
        let der = Array(raw[..<32]).derInteger + Array(raw[32...]).derInteger
        let sequence = [0x30, UInt8(der.count)] + der
        #expect(Self.verify(signingInput + "." + Base64URL.encode(sequence), keys: keys).refusal == .badSignature)
    }

    @Test func anotherKeysSignatureIsABadSignature() throws {
        let keys = try TestKey.keySet(try Self.rsa.get().jwk(keyID: "k1"))
        let other = try TestKey.make(.rsa(bits: 2048))
        let token = try other.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\"}",
            claims: Self.claims(),
            algorithm: "RS256"
        )
        #expect(Self.verify(token, keys: keys).refusal == .badSignature)
    }

    // MARK: - Refused at the claims

    /// Claim changes, each with the refusal it must cause.
    static let refusedClaims: [ClaimCase] = [
        ClaimCase(["iss": .string("https://evil.example")], .wrongIssuer, "wrong_issuer"),
        ClaimCase(["iss": .none], .missingClaim("iss"), "missing_claim"),
        ClaimCase(["aud": .string("someone-else")], .wrongAudience, "wrong_audience"),
        ClaimCase(["aud": .array(["someone-else", "another"])], .wrongAudience, "wrong_audience"),
        ClaimCase(["aud": .none], .missingClaim("aud"), "missing_claim"),
        ClaimCase(["aud": .array(["hearth", "another"])], .missingClaim("azp"), "missing_claim"),
        ClaimCase(
            ["aud": .array(["hearth", "another"]), "azp": .string("another")],
            .wrongAuthorizedParty,
            "wrong_azp"
        ),
        ClaimCase(["azp": .string("another")], .wrongAuthorizedParty, "wrong_azp"),
        ClaimCase(["exp": .int(Int(now) - 60)], .expired, "expired"),
        ClaimCase(["exp": .none], .missingClaim("exp"), "missing_claim"),
        ClaimCase(["nbf": .int(Int(now) + 61)], .notYetValid, "not_yet_valid"),
        ClaimCase(["iat": .int(Int(now) + 61)], .issuedInFuture, "issued_in_future"),
        ClaimCase(["nonce": .string("n-2")], .wrongNonce, "wrong_nonce"),
        ClaimCase(["nonce": .none], .missingClaim("nonce"), "missing_claim"),
        ClaimCase(["exp": .string("1800000300")], .malformed("the claim \"exp\" is not a number"), "malformed"),
        ClaimCase(["aud": .int(1)], .malformed("the claim \"aud\" is not a string or an array"), "malformed"),
    ]

    @Test(arguments: refusedClaims)
    func claimRefusals(_ row: ClaimCase) throws {
        let (changes, refusal, reason) = (row.changes, row.refusal, row.reason)
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        let token = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\"}",
            claims: Self.claims(changes),
            algorithm: "RS256"
        )
        let actual = Self.verify(token, keys: keys).refusal
        #expect(actual == refusal)
        #expect(actual?.reason == reason)
    }

    /// Claim changes that stay within the rules (the skew of 60 seconds, `azp` as OpenID Connect wants it).
    static let acceptedClaims: [ClaimCase] = [
        ClaimCase(["exp": .int(Int(now) - 59)]),
        ClaimCase(["nbf": .int(Int(now) + 60)]),
        ClaimCase(["iat": .int(Int(now) + 60)]),
        ClaimCase(["aud": .array(["another", "hearth"]), "azp": .string("hearth")]),
        ClaimCase(["exp": .number("1800000300.75")]),
        ClaimCase(["azp": .none]),
    ]

    @Test(arguments: acceptedClaims)
    func claimsWithinTheRulesAreAccepted(_ row: ClaimCase) throws {
        let changes = row.changes
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        let token = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\"}",
            claims: Self.claims(changes),
            algorithm: "RS256"
        )
        #expect(Self.verify(token, keys: keys).claims != nil)
    }

    @Test func maximumAgeAndRequiredClaims() throws {
        let key = try Self.rsa.get()
        let keys = try TestKey.keySet(key.jwk(keyID: "k1"))
        var expecting = Self.expectations
        expecting.maximumAge = 600
        expecting.requiredClaims = ["email"]
        let old = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\"}",
            claims: Self.claims(["iat": .int(Int(Self.now) - 700), "email": "a@b.example"]),
            algorithm: "RS256"
        )
        #expect(Self.verify(old, keys: keys, expecting: expecting).refusal == .tooOld)
        let noEmail = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\"}",
            claims: Self.claims(),
            algorithm: "RS256"
        )
        #expect(Self.verify(noEmail, keys: keys, expecting: expecting).refusal == .missingClaim("email"))
        let good = try key.token(
            header: "{\"alg\":\"RS256\",\"kid\":\"k1\"}",
            claims: Self.claims(["email": "a@b.example"]),
            algorithm: "RS256"
        )
        #expect(Self.verify(good, keys: keys, expecting: expecting).claims?[claim: "email"] == "a@b.example")
    }

    @Test func everyReasonIsListed() {
        let refusals: [JWTRefusal] = [
            .malformed(""), .unsupportedAlgorithm("none"), .unsupportedAlgorithm("HS512"), .unsupportedAlgorithm("X"),
            .criticalExtension([]), .unknownKey(keyID: nil), .algorithmNotAllowedForKey, .badSignature, .wrongType,
            .wrongIssuer, .wrongAudience, .wrongAuthorizedParty, .expired, .notYetValid, .issuedInFuture, .tooOld,
            .wrongNonce, .missingClaim(""),
        ]
        #expect(refusals.map(\.reason) == JWTRefusal.allReasons)
    }
}

extension Array where Element == UInt8 {
    /// A DER INTEGER of these unsigned big-endian bytes (for building a DER ECDSA signature in a test).
    fileprivate var derInteger: [UInt8] {
        var magnitude = Array(drop { $0 == 0 })
        if magnitude.first.map({ $0 & 0x80 != 0 }) ?? true {
            magnitude.insert(0, at: 0)
        }
        return [0x02, UInt8(magnitude.count)] + magnitude
    }
}

/// A change to the standard claims set (`.none`: the claim removed) and the refusal it causes, if any.
struct ClaimCase: Sendable, CustomTestStringConvertible {
    let changes: [String: JSONValue?]
    let refusal: JWTRefusal?
    let reason: String?

    init(_ changes: [String: JSONValue?], _ refusal: JWTRefusal? = nil, _ reason: String? = nil) {
        self.changes = changes
        self.refusal = refusal
        self.reason = reason
    }

    var testDescription: String {
        changes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.map(\.description) ?? "absent")" }
            .joined(separator: " ")
    }
}
