import Cryptography
import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import JOSE
import JSON
import OpenIDConnect
import OutboundHTTP
import Testing

/// ``AccessTokenVerifier``: JWT access tokens by the JWKS, opaque ones by RFC 7662 introspection against a real
/// endpoint on loopback, verdicts cached no longer than the token lives and bounded in number, and a provider that
/// cannot be asked reported as unavailability, never as a refusal.
struct AccessTokenVerifierTests {
    static func verifier(
        _ idp: TestIdentityProvider,
        clock: ManualClock,
        jwt: Bool = true,
        introspect: Bool = true,
        cache: TokenCacheLimits = TokenCacheLimits(),
        metrics: OpenIDConnectMetrics = .disabled,
        introspectionURL: URL? = nil
    ) -> AccessTokenVerifier {
        AccessTokenVerifier(
            provider: jwt ? Fixtures.provider(idp, clock: clock, metrics: metrics) : nil,
            audience: "https://api.example",
            userClaim: "sub",
            introspection: introspect
                ? Introspection(
                    url: introspectionURL ?? URL(string: idp.url(.introspection))!,
                    clientID: "hearth-rs",
                    clientSecret: "rs-secret",
                    issuer: idp.issuer
                ) : nil,
            cache: cache,
            client: Fixtures.client,
            clock: clock,
            metrics: metrics,
            logger: Fixtures.logger
        )
    }

    static func active(
        _ idp: TestIdentityProvider,
        clock: ManualClock,
        sub: String = "u-1",
        lifetime: Int = 3_600
    )
        -> String
    {
        let exp = Int(clock.unixMilliseconds / 1000) + lifetime
        return #"{"active":true,"sub":"\#(sub)","aud":["https://api.example"],"iss":"\#(idp.issuer)","exp":\#(exp)}"#
    }

    // MARK: - JWT access tokens

    @Test func aJWTAccessTokenIsVerifiedByTheJWKSAndThenKnownWithoutTheNetwork() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let verifier = Self.verifier(idp, clock: clock)
        let token = SigningKey.first.sign(
            Fixtures.claims(idp, clock: clock, audience: "https://api.example", subject: "alice"),
            typ: "at+jwt"
        )
        #expect(verifier.cached(token) == nil)
        guard case .user(let user, let expires) = await verifier.verify(token) else {
            Issue.record("refused")
            return
        }
        #expect(user == "alice")
        #expect(expires == clock.unixMilliseconds / 1000 + 600)
        guard case .user("alice", _) = verifier.cached(token) else {
            Issue.record("not cached")
            return
        }
        // A second token signed with the same (cached) key is verified synchronously too.
        let other = SigningKey.first.sign(
            Fixtures.claims(idp, clock: clock, audience: "https://api.example", subject: "bob")
        )
        guard case .user("bob", _) = verifier.cached(other) else {
            Issue.record("not verified from the cached keys")
            return
        }
        #expect(idp.count(.keys) == 1)
        #expect(idp.count(.introspection) == 0)
    }

    @Test func aJWTForAnotherAudienceIsRefusedAndCounted() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let (metrics, read) = Fixtures.metrics()
        let verifier = Self.verifier(idp, clock: clock, metrics: metrics)
        let token = SigningKey.first.sign(Fixtures.claims(idp, clock: clock, audience: "hearth"))
        guard case .refused(let reason) = await verifier.verify(token) else {
            Issue.record("accepted")
            return
        }
        #expect(reason == "wrong_audience")
        #expect(read(#"hearth_identity_token_refusals_total{token="access_token",reason="\#(reason)"}"#) == 1)
    }

    /// `alg: none`, and HS256 keyed with the provider's public key (the old confusion attack): refused, counted.
    @Test(arguments: ["alg_none", "alg_hmac"])
    func anUnsignedOrHMACTokenIsRefused(reason: String) async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let (metrics, read) = Fixtures.metrics()
        let verifier = Self.verifier(idp, clock: clock, metrics: metrics)
        let claims = Fixtures.claims(idp, clock: clock, audience: "https://api.example")
        let alg = reason == "alg_none" ? "none" : "HS256"
        let header: JSONValue = ["alg": .string(alg), "kid": "key-1", "typ": "JWT"]
        let input = Base64URL.encode(JSONWriter.bytes(header)) + "." + Base64URL.encode(JSONWriter.bytes(claims))
        let signature =
            alg == "none"
            ? [] : HMACSHA256.authenticationCode(for: Array(input.utf8), key: JSONWriter.bytes(SigningKey.first.jwk))
        guard case .refused(let refused) = await verifier.verify(input + "." + Base64URL.encode(signature)) else {
            Issue.record("accepted")
            return
        }
        #expect(refused == reason)
        #expect(read(#"hearth_identity_token_refusals_total{token="access_token",reason="\#(reason)"}"#) == 1)
    }

    @Test func aJWTWhileTheProviderIsDownIsUnavailableNotRefused() async throws {
        let refusing = try RefusingPort()
        let clock = ManualClock()
        let verifier = AccessTokenVerifier(
            provider: OpenIDProvider(
                issuer: "http://127.0.0.1:\(refusing.port)",
                client: Fixtures.client,
                clock: clock,
                logger: Fixtures.logger
            ),
            audience: "https://api.example",
            userClaim: "sub",
            introspection: nil,
            client: Fixtures.client,
            clock: clock,
            logger: Fixtures.logger
        )
        let token = SigningKey.first.sign(["iss": "x", "sub": "a", "aud": "https://api.example", "exp": 9_999_999_999])
        guard case .unavailable(let error) = await verifier.verify(token) else {
            Issue.record("not unavailable")
            return
        }
        #expect(error.step == .discovery)
        // Unavailability is never cached.
        #expect(verifier.cachedCount == 0)
    }

    // MARK: - Introspection

    @Test func anActiveOpaqueTokenIsIntrospectedWithBasicCredentialsAndCached() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        idp.set(.introspection, body: Self.active(idp, clock: clock))
        let (metrics, read) = Fixtures.metrics()
        let verifier = Self.verifier(idp, clock: clock, metrics: metrics)
        guard case .user("u-1", _) = await verifier.verify("opaque-token-1") else {
            Issue.record("refused")
            return
        }
        let request = try #require(idp.requests(.introspection).first)
        #expect(
            request.headerFields[.authorization] == "Basic " + Data("hearth-rs:rs-secret".utf8).base64EncodedString()
        )
        #expect(String(decoding: request.body, as: UTF8.self) == "token=opaque-token-1&token_type_hint=access_token")
        guard case .user("u-1", _) = verifier.cached("opaque-token-1") else {
            Issue.record("not cached")
            return
        }
        _ = await verifier.verify("opaque-token-1")
        #expect(idp.count(.introspection) == 1)
        #expect(read(#"hearth_identity_provider_requests_total{step="introspection",outcome="ok"}"#) == 1)
    }

    @Test func concurrentRequestsWithOneNewTokenShareOneIntrospection() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        idp.set(.introspection, body: Self.active(idp, clock: clock))
        idp.hold(.introspection)
        let verifier = Self.verifier(idp, clock: clock, jwt: false)
        let first = Task { await verifier.verify("burst") }
        await idp.holdClock.waitForSleepers(atLeast: 1)
        let others = (0..<5).map { _ in Task { await verifier.verify("burst") } }
        let deadline = ContinuousClock.now + .seconds(20)
        while verifier.sharedIntrospections < 5, ContinuousClock.now < deadline { await Task.yield() }
        #expect(verifier.sharedIntrospections == 5)
        idp.holdClock.advance(by: .seconds(1))
        for task in [first] + others {
            guard case .user("u-1", _) = await task.value else {
                Issue.record("not accepted")
                return
            }
        }
        #expect(idp.count(.introspection) == 1)
    }

    @Test func anInactiveTokenIsRefusedAndTheRefusalIsCachedForThirtySeconds() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        idp.set(.introspection, body: #"{"active":false}"#)
        let (metrics, read) = Fixtures.metrics()
        let verifier = Self.verifier(idp, clock: clock, metrics: metrics)
        guard case .refused("inactive") = await verifier.verify("revoked") else {
            Issue.record("not refused as inactive")
            return
        }
        #expect(read(#"hearth_identity_token_refusals_total{token="access_token",reason="inactive"}"#) == 1)
        clock.advance(by: .seconds(29))
        _ = await verifier.verify("revoked")
        #expect(idp.count(.introspection) == 1)
        clock.advance(by: .seconds(2))
        _ = await verifier.verify("revoked")
        #expect(idp.count(.introspection) == 2)
    }

    @Test func aCachedVerdictLivesNoLongerThanTheTokensExpiry() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        idp.set(.introspection, body: Self.active(idp, clock: clock, lifetime: 60))
        let verifier = Self.verifier(idp, clock: clock)
        _ = await verifier.verify("short-lived")
        clock.advance(by: .seconds(59))
        #expect(verifier.cached("short-lived") != nil)
        clock.advance(by: .seconds(2))
        #expect(verifier.cached("short-lived") == nil)
    }

    @Test func aCachedVerdictLivesAtMostTheConfiguredTTL() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        idp.set(.introspection, body: Self.active(idp, clock: clock, lifetime: 86_400))
        let verifier = Self.verifier(idp, clock: clock, cache: TokenCacheLimits(acceptedTTL: .seconds(300)))
        _ = await verifier.verify("long-lived")
        clock.advance(by: .seconds(299))
        #expect(verifier.cached("long-lived") != nil)
        clock.advance(by: .seconds(2))
        #expect(verifier.cached("long-lived") == nil)
        _ = await verifier.verify("long-lived")
        #expect(idp.count(.introspection) == 2)
    }

    @Test func theCacheIsBoundedAndEvictsTheOldest() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        idp.set(.introspection, body: Self.active(idp, clock: clock))
        let verifier = Self.verifier(idp, clock: clock, cache: TokenCacheLimits(maxEntries: 2))
        for token in ["t-1", "t-2", "t-3"] { _ = await verifier.verify(token) }
        #expect(verifier.cachedCount == 2)
        #expect(verifier.cached("t-1") == nil)
        #expect(verifier.cached("t-2") != nil)
        #expect(verifier.cached("t-3") != nil)
    }

    @Test(arguments: [
        (#"{"active":true,"sub":"u","aud":"https://other.example"}"#, "wrong_audience"),
        (#"{"active":true,"sub":"u","iss":"https://evil.example"}"#, "wrong_issuer"),
        (#"{"active":true,"aud":"https://api.example"}"#, "missing_claim"),
        (#"{"active":true,"sub":"u","exp":1000}"#, "expired"),
        // RFC 7519 §2: a NumericDate may carry a fraction (canaille's introspection sends one).
        (#"{"active":true,"sub":"u","exp":1000.25}"#, "expired"),
    ])
    func anActiveAnswerThatDoesNotFitIsRefused(answer: String, reason: String) async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.introspection, body: answer)
        let verifier = Self.verifier(idp, clock: ManualClock(), jwt: false)
        guard case .refused(let refused) = await verifier.verify("opaque") else {
            Issue.record("not refused")
            return
        }
        #expect(refused == reason)
    }

    @Test(arguments: [
        (HTTPResponse.Status.internalServerError, "{}"),
        (.unauthorized, #"{"error":"invalid_client"}"#),
        (.ok, "<html>"),
        (.ok, #"{"active":"yes"}"#),
    ])
    func aProviderThatAnswersBadlyIsUnavailabilityNeverARefusal(
        status: HTTPResponse.Status,
        body: String
    )
        async throws
    {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.introspection, status: status, body: body)
        let verifier = Self.verifier(idp, clock: ManualClock(), jwt: false)
        guard case .unavailable(let error) = await verifier.verify("opaque") else {
            Issue.record("not unavailable")
            return
        }
        #expect(error.step == .introspection)
        #expect(verifier.cachedCount == 0)
    }

    @Test func anUnreachableOrSlowIntrospectionEndpointIsUnavailability() async throws {
        let refusing = try RefusingPort()
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let verifier = Self.verifier(
            idp,
            clock: ManualClock(),
            jwt: false,
            introspectionURL: URL(string: "http://127.0.0.1:\(refusing.port)/introspect")!
        )
        guard case .unavailable(let error) = await verifier.verify("opaque") else {
            Issue.record("not unavailable")
            return
        }
        #expect(error.code == .unreachable)

        let peer = try MisbehavingPeer(.silence)
        defer { peer.stop() }
        let slow = AccessTokenVerifier(
            provider: nil,
            audience: "https://api.example",
            userClaim: "sub",
            introspection: Introspection(
                url: URL(string: "http://127.0.0.1:\(peer.port)/introspect")!,
                clientID: "c",
                clientSecret: "s",
                limits: OutboundLimits(deadline: .milliseconds(300), maxAnswerBytes: 65_536)
            ),
            client: Fixtures.client,
            clock: ManualClock(),
            logger: Fixtures.logger
        )
        guard case .unavailable(let timeout) = await slow.verify("opaque") else {
            Issue.record("not unavailable")
            return
        }
        #expect(timeout.code == .unreachable)
    }

    @Test func withoutIntrospectionAnOpaqueTokenIsRefused() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let verifier = Self.verifier(idp, clock: ManualClock(), introspect: false)
        guard case .refused("not_a_jwt") = await verifier.verify("opaque") else {
            Issue.record("not refused")
            return
        }
        #expect(idp.count(.keys) == 0)
    }

    @Test(arguments: [
        ("a.b.c", true), ("a.b", false), ("a..c", false), ("a.b.c.d.e", false), ("a.b.", true), (".b.c", false),
    ])
    func aJWTIsThreeNonEmptyParts(token: String, isJWT: Bool) {
        #expect(AccessTokenVerifier.looksLikeJWT(token) == isJWT)
    }
}
