import Cryptography
import Foundation
import HearthFakes
import HomeGraph
import JSON
import Testing

struct JWTAssertionTests {
    private let issuedAt: Int64 = 1_700_000_000

    private func key(
        _ pair: TestKeyPair,
        tokenURI: String = "https://oauth2.googleapis.com/token"
    ) throws
        -> ServiceAccountKey
    {
        ServiceAccountKey(
            clientEmail: "hearth@hearth-test.iam.gserviceaccount.com",
            privateKeyID: "kid-1",
            privateKey: try pair.privateKey,
            tokenURI: URL(string: tokenURI)!
        )
    }

    private func decodedParts(_ jwt: String) throws -> (header: JSONValue, claims: JSONValue, signature: [UInt8]) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        return (
            try JSONParser.parse(try #require(Base64URL.decode(parts[0]))),
            try JSONParser.parse(try #require(Base64URL.decode(parts[1]))),
            try #require(Base64URL.decode(parts[2]))
        )
    }

    @Test func headerAndClaimsAreGooglesShape() throws {
        let jwt = try JWTAssertion.signed(by: try key(try TestKeyPair.main), issuedAt: issuedAt)
        let (header, claims, signature) = try decodedParts(jwt)
        #expect(header == json(#"{"alg": "RS256", "typ": "JWT", "kid": "kid-1"}"#))
        #expect(
            claims
                == json(
                    """
                    {"iss": "hearth@hearth-test.iam.gserviceaccount.com",
                     "scope": "https://www.googleapis.com/auth/homegraph",
                     "aud": "https://oauth2.googleapis.com/token",
                     "iat": 1700000000, "exp": 1700003600}
                    """
                )
        )
        #expect(signature.count == 256)
    }

    @Test func lifetimeIsCappedAtAnHour() {
        let claims = JWTAssertion.claims(issuer: "a", audience: "b", issuedAt: 100, lifetimeSeconds: 7200)
        #expect(claims["exp"] == .int(3700))
        #expect(JWTAssertion.header(keyID: nil) == json(#"{"alg": "RS256", "typ": "JWT"}"#))
    }

    @Test func roundTripVerifies() throws {
        let jwt = try JWTAssertion.signed(by: try key(try TestKeyPair.main), issuedAt: issuedAt)
        let verifier = JWTVerifier(publicKey: try TestKeyPair.main.publicKey)
        let claims = try verifier.verify(jwt, audience: "https://oauth2.googleapis.com/token", now: issuedAt + 10).get()
        #expect(claims["iss"] == "hearth@hearth-test.iam.gserviceaccount.com")
    }

    @Test func anotherKeysSignatureIsRefused() throws {
        let jwt = try JWTAssertion.signed(by: try key(try TestKeyPair.other), issuedAt: issuedAt)
        let verifier = JWTVerifier(publicKey: try TestKeyPair.main.publicKey)
        let result = verifier.verify(jwt, audience: "https://oauth2.googleapis.com/token", now: issuedAt)
        #expect(result == .failure(JWTVerifier.Rejection("Invalid JWT Signature.")))
    }

    @Test func tamperedClaimsAreRefused() throws {
        let jwt = try JWTAssertion.signed(by: try key(try TestKeyPair.main), issuedAt: issuedAt)
        var parts = jwt.split(separator: ".").map(String.init)
        let forged = JWTAssertion.claims(
            issuer: "evil@example.com",
            audience: "https://oauth2.googleapis.com/token",
            issuedAt: issuedAt
        )
        parts[1] = Base64URL.encode(JSONWriter.bytes(forged))
        let verifier = JWTVerifier(publicKey: try TestKeyPair.main.publicKey)
        let result = verifier.verify(
            parts.joined(separator: "."),
            audience: "https://oauth2.googleapis.com/token",
            now: issuedAt
        )
        #expect(result == .failure(JWTVerifier.Rejection("Invalid JWT Signature.")))
    }

    @Test func wrongAudienceExpiryAndGarbageAreRefused() throws {
        let jwt = try JWTAssertion.signed(by: try key(try TestKeyPair.main), issuedAt: issuedAt)
        let verifier = JWTVerifier(publicKey: try TestKeyPair.main.publicKey)
        let audience = "https://oauth2.googleapis.com/token"
        #expect(throws: JWTVerifier.Rejection.self) {
            try verifier.verify(jwt, audience: "http://127.0.0.1:1/token", now: issuedAt).get()
        }
        #expect(throws: JWTVerifier.Rejection.self) {
            try verifier.verify(jwt, audience: audience, now: issuedAt + 3700).get()
        }
        #expect(throws: JWTVerifier.Rejection.self) {
            try verifier.verify(jwt, audience: audience, now: issuedAt - 600).get()
        }
        #expect(throws: JWTVerifier.Rejection.self) {
            try verifier.verify("a.b", audience: audience, now: issuedAt).get()
        }
        #expect(throws: JWTVerifier.Rejection.self) { try verifier.verify("", audience: audience, now: issuedAt).get() }
    }

    @Test func anOverlongAssertionIsRefused() throws {
        // Signed by hand: JWTAssertion itself never writes a lifetime over an hour.
        let privateKey = try TestKeyPair.main.privateKey
        let header = Base64URL.encode(JSONWriter.bytes(JWTAssertion.header(keyID: nil)))
        let claims = Base64URL.encode(
            JSONWriter.bytes(
                json(
                    """
                    {"iss": "a@b", "scope": "https://www.googleapis.com/auth/homegraph",
                     "aud": "https://oauth2.googleapis.com/token", "iat": \(issuedAt), "exp": \(issuedAt + 7200)}
                    """
                )
            )
        )
        let signature = Base64URL.encode(try privateKey.signRS256(Array("\(header).\(claims)".utf8)))
        let verifier = JWTVerifier(publicKey: try TestKeyPair.main.publicKey)
        let result = verifier.verify(
            "\(header).\(claims).\(signature)",
            audience: "https://oauth2.googleapis.com/token",
            now: issuedAt
        )
        #expect(throws: JWTVerifier.Rejection.self) { try result.get() }
    }
}
