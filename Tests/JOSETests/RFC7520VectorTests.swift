import JOSE
import Testing

/// The JWS examples of RFC 7520 §4 (the JOSE cookbook), verified with its §3 keys (copied from the RFC: test data).
struct RFC7520VectorTests {
    /// RFC 7520 Figure 3: the RSA 2048-bit public key.
    static let rsaKey = """
        {"kty":"RSA","kid":"bilbo.baggins@hobbiton.example","use":"sig",
         "n":"n4EPtAOCc9AlkeQHPzHStgAbgs7bTZLwUBZdR8_KuKPEHLd4rHVTeT-O-XV2jRojdNhxJWTDvNd7nqQ0VEiZQHz_AJmSCpMaJMRBSFKrKb2wqVwGU_NsYOYL-QtiWN2lbzcEe6XC0dApr5ydQLrHqkHHig3RBordaZ6Aj-oBHqFEHYpPe7Tpe-OfVfHd1E6cS6M1FZcD1NNLYD5lFHpPI9bTwJlsde3uhGqC0ZCuEHg8lhzwOHrtIQbS0FVbb9k3-tVTU4fg_3L_vniUFAKwuCLqKnS2BYwdq_mzSnbLY7h_qixoR7jig3__kRhuaxwUkRz5iaiQkqgc5gHdrNP5zw",
         "e":"AQAB"}
        """

    /// RFC 7520 Figure 1: the P-521 public key.
    static let ecKey = """
        {"kty":"EC","kid":"bilbo.baggins@hobbiton.example","use":"sig","crv":"P-521",
         "x":"AHKZLLOsCOzz5cY97ewNUajB957y-C-U88c3v13nmGZx6sYl_oJXu9A5RkTKqjqvjyekWF-7ytDyRXYgCF5cj0Kt",
         "y":"AdymlHvOiLxXkEhayXQnNCvDX4h9htZaCJN34kfmC6pV5OhQHiraVySsUdaQkAgDPrwQrJmbnX9cwlGfP-HqHZR1"}
        """

    /// RFC 7520 Figure 5: the HMAC key, which a verifier of asymmetric signatures skips.
    static let hmacKey = """
        {"kty":"oct","kid":"018c0ae5-4d9b-471b-bfd6-eef314bc7037","use":"sig","alg":"HS256",
         "k":"hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"}
        """

    /// RFC 7520 Figure 8: the payload, base64url.
    static let payload =
        "SXTigJlzIGEgZGFuZ2Vyb3VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5k"
        + "IGlmIHlvdSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0by4"

    /// RFC 7520 Figures 13, 20, 27 and 34: the compact serializations of §4.1 to §4.4.
    static let rs256Token =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9." + payload
        + ".MRjdkly7_-oTPTS3AXP41iQIGKa80A0ZmTuV5MEaHoxnW2e5CZ5NlKtainoFmKZopdHM1O2U4mwzJdQx996ivp83xuglII7PNDi84wnB-BDk"
        + "oBwA78185hX-Es4JIwmDLJK3lfWRa-XtL0RnltuYv746iYTh_qHRD68BNt1uSNCrUCTJDt5aAE6x8wW1Kt9eRo4QPocSadnHXFxnt8Is9Uzp"
        + "ERV0ePPQdLuW3IS_de3xyIrDaLGdjluPxUAhb6L2aXic1U12podGU0KLUQSE_oI-ZnmKJ3F4uOZDnd6QZWJushZ41Axf_fcIe8u9ipH84ogo"
        + "ree7vjbU5y18kDquDg"
    static let ps384Token =
        "eyJhbGciOiJQUzM4NCIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9." + payload
        + ".cu22eBqkYDKgIlTpzDXGvaFfz6WGoz7fUDcfT0kkOy42miAh2qyBzk1xEsnk2IpN6-tPid6VrklHkqsGqDqHCdP6O8TTB5dDDItllVo6_1O"
        + "LPpcbUrhiUSMxbbXUvdvWXzg-UD8biiReQFlfz28zGWVsdiNAUf8ZnyPEgVFn442ZdNqiVJRmBqrYRXe8P_ijQ7p8Vdz0TTrxUeT3lm8d9sh"
        + "nr2lfJT8ImUjvAA2Xez2Mlp8cBE5awDzT0qI0n6uiP1aCN_2_jLAeQTlqRHtfa64QQSUmFAAjVKPbByi7xho0uTOcbH510a6GYmJUAfmWjwZ"
        + "6oD4ifKo8DYM-X72Eaw"
    static let es512Token =
        "eyJhbGciOiJFUzUxMiIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9." + payload
        + ".AE_R_YZCChjn4791jSQCrdPZCNYqHXCTZH0-JZGYNlaAjP2kqaluUIIUnC9qvbu9Plon7KRTzoNEuT4Va2cmL1eJAQy3mtPBu_u_sDDyYjnA"
        + "MDxXPn7XrT0lw-kvAD890jl8e2puQens_IEKBpHABlsbEPX6sFY8OcGDqoRuBomu9xQ2"
    static let hs256Token =
        "eyJhbGciOiJIUzI1NiIsImtpZCI6IjAxOGMwYWU1LTRkOWItNDcxYi1iZmQ2LWVlZjMxNGJjNzAzNyJ9." + payload
        + ".s0h6KThzkfBBBkLspW1h84VsJZFTsPPqMDA7g1Md7p0"

    static let expectations = JWTExpectations(issuer: "joe", audience: "bob")

    static func keySet() throws -> JSONWebKeySet {
        try JSONWebKeySet(json: Array("{\"keys\":[\(rsaKey),\(ecKey),\(hmacKey)]}".utf8))
    }

    @Test func theCookbookSetKeepsTheRSAAndECKeysAndSkipsTheHMACKey() throws {
        let keys = try Self.keySet()
        #expect(keys.keys.map(\.keyType) == ["RSA", "EC"])
        #expect(keys.keys.allSatisfy { $0.keyID == "bilbo.baggins@hobbiton.example" && $0.use == "sig" })
        #expect(keys.skipped.map(\.keyID) == ["018c0ae5-4d9b-471b-bfd6-eef314bc7037"])
    }

    @Test(arguments: [
        ("RS256", rs256Token, JWSAlgorithm.rs256),
        ("PS384", ps384Token, JWSAlgorithm.ps384),
        ("ES512", es512Token, JWSAlgorithm.es512),
    ])
    func signatureVerifies(name: String, token: String, algorithm: JWSAlgorithm) throws {
        let keys = try Self.keySet()
        let jws = try CompactJWS(token)
        #expect(jws.header.algorithm == name)
        #expect(jws.header.keyID == "bilbo.baggins@hobbiton.example")
        let candidates = keys.candidates(keyID: jws.header.keyID, algorithm: algorithm)
        #expect(candidates.count == 1)
        #expect(
            candidates.allSatisfy {
                $0.verify(algorithm: algorithm, signingInput: jws.signingInput, signature: jws.signature)
            }
        )
        // The payload is prose, not a claims set: the verifier gets past the signature and stops at the claims.
        let refusal = JWTVerifier.verify(token, keys: keys, expecting: Self.expectations, now: 0).refusal
        guard case .malformed? = refusal else {
            Issue.record("expected a malformed claims set after a good signature, got \(String(describing: refusal))")
            return
        }
        // One bit of the signature flipped: refused as a bad signature.
        var parts = token.split(separator: ".").map(String.init)
        let last = parts[2].removeLast()
        parts[2].append(last == "A" ? "Q" : "A")
        #expect(
            JWTVerifier.verify(parts.joined(separator: "."), keys: keys, expecting: Self.expectations, now: 0).refusal
                == .badSignature
        )
    }

    /// §4.4: an HMAC token is refused before any key is looked at, even with the `oct` key in the set.
    @Test func hmacTokenIsRefused() throws {
        let refusal = JWTVerifier.verify(Self.hs256Token, keys: try Self.keySet(), expecting: Self.expectations, now: 0)
            .refusal
        #expect(refusal == .unsupportedAlgorithm("HS256"))
        #expect(refusal?.reason == "alg_hmac")
    }
}
