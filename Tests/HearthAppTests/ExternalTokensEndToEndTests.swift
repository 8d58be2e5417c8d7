import Clocks
import Foundation
import HearthApp
import HearthConfig
import HearthFakes
import HearthTestSupport
import HearthTesting
import JSON
import Registry
import Testing

/// Google linked straight to a real identity provider (canaille, `HearthTestSupport.IdentityProvider`), and
/// `/fulfillment` accepting that provider's own access tokens (`auth.externalTokens.*`), end to end: a real access
/// token from a browser sign-in, the tokens a verifier must refuse, key rotation, the provider killed mid-traffic, and
/// opaque tokens through RFC 7662 introspection — each seen from outside, on Hearth's answers and its `/metrics`.
///
/// The provider's client `hearth` (``IdentityProviderHarnessTests/hearth``) stands for Google's account-linking client
/// here: canaille puts the client's ID in `aud`, so that is `auth.externalTokens.audience`.
///
/// Hearth runs on a `ManualClock` set to the wall time when it starts, so that the JWKS refetch interval
/// (`OpenIDProviderSettings.minimumRefetchInterval`) and token expiry are passed by moving the clock, not by waiting.
///
/// Skipped without Python 3 and python3-venv unless `HEARTH_REQUIRE_IDENTITY_PROVIDER=1`; the tests that need a real
/// sign-in also need Chromium (`HEARTH_REQUIRE_BROWSER=1` makes its absence a failure), like `BrowserSignInTests`.
@Suite(.serialized, .enabled(if: IdentityProvider.testsEnabled, Comment(rawValue: IdentityProvider.skipNote)))
struct ExternalTokensEndToEndTests {
    static let alice = IdentityProviderHarnessTests.alice
    static let client = IdentityProviderHarnessTests.hearth
    /// What `/fulfillment` answers 503 with while the provider cannot be asked (`auth.externalTokens.retryAfterSeconds`,
    /// not the default 30, so the header is seen to come from the setting).
    static let retryAfterSeconds = 7
    /// How far the clock moves for the JWKS to be fetched again for an unknown `kid`: just past
    /// `OpenIDProviderSettings.minimumRefetchInterval`, 30 s.
    static let refetchInterval: Duration = .seconds(31)

    // MARK: - 1. A real access token

    @Test(.enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote)))
    func aRealAccessTokenIsAcceptedAndThenAnsweredFromTheCache() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.client])
        defer { provider.stop() }
        let (tokens, _) = try await IdentityProviderHarnessTests.signInAndExchange(at: provider, client: Self.client)
        let access = try #require(tokens["access_token"]?.stringValue)
        #expect(access.split(separator: ".").count == 3, "canaille's access tokens are JWTs")

        let hearth = try Self.hearth(for: provider)
        defer { hearth.stop() }
        let first = try await Self.sync(hearth, access)
        #expect(first.status == 200, "\(first.text)")
        #expect(first.json?["payload"]?["agentUserId"] == "alice")
        #expect(first.json?["payload"]?["devices"]?.arrayValue?.first?["id"] == "lamp")
        let asked = try await Self.metrics(hearth)
        #expect(Self.requests(asked, "discovery", "ok") == 1)
        #expect(Self.requests(asked, "keys", "ok") == 1)

        let second = try await Self.sync(hearth, access)
        #expect(second.status == 200)
        #expect(second.json?["payload"]?["agentUserId"] == "alice")
        let cached = try await Self.metrics(hearth)
        #expect(Self.providerRequests(cached) == Self.providerRequests(asked), "the second answer asked nobody")
        #expect(Self.refusals(cached).isEmpty)

        // Hearth's own tokens keep working beside the provider's.
        let own = try await Self.sync(hearth, try hearth.token(for: "alice"))
        #expect(own.json?["payload"]?["agentUserId"] == "alice")
    }

    // MARK: - 2. The refusal matrix

    @Test func eachBadTokenIsA401CountedWithItsReason() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.client])
        defer { provider.stop() }
        let clock = Self.wallClock()
        let hearth = try Self.hearth(for: provider, clock: clock)
        defer { hearth.stop() }
        let now = clock.unixTime.seconds
        let good: JSONValue = Self.claims(provider, now: now)
        func with(_ changes: JSONValue) -> JSONValue {
            var claims = good.objectValue ?? JSONObject()
            claims.merge(changes.objectValue ?? JSONObject())
            return .object(claims)
        }
        let cases: [(reason: String, request: IdentityProvider.TokenRequest)] = [
            ("expired", .init(claims: with(["iat": .int(Int(now) - 7_200), "exp": .int(Int(now) - 3_600)]))),
            ("not_yet_valid", .init(claims: with(["nbf": .int(Int(now) + 3_600)]))),
            ("wrong_audience", .init(claims: with(["aud": ["another-client"]]))),
            ("wrong_issuer", .init(claims: with(["iss": "http://127.0.0.1:1"]))),
            ("unknown_key", .init(claims: good, keyID: "never-published", key: .fresh)),
            ("alg_none", .init(claims: good, algorithm: "none")),
            ("alg_hmac", .init(claims: good, algorithm: "HS256", hmacWithPublicKey: true)),
            ("bad_signature", .init(claims: good, tamper: ["sub": "mallory"])),
        ]
        let minted = try provider.mint([.init(claims: good)] + cases.map(\.request))

        // The same claims, well signed, are accepted: what the refusals below refuse is each one's own defect.
        let accepted = try await Self.sync(hearth, minted[0])
        #expect(accepted.status == 200, "\(accepted.text)")
        #expect(accepted.json?["payload"]?["agentUserId"] == "alice")

        for (index, (reason, _)) in cases.enumerated() {
            let before = Self.refusals(try await Self.metrics(hearth))
            if reason == "unknown_key" {
                // Its key is not among the keys fetched moments ago: the provider may have just rotated, so the
                // token waits (503, nothing counted) until the keys may be fetched again; then it is refused.
                let waiting = try await Self.sync(hearth, minted[index + 1])
                #expect(waiting.status == 503, "\(waiting.status) \(waiting.text)")
                #expect(waiting.headerFields[.retryAfter] != nil)
                #expect(Self.refusals(try await Self.metrics(hearth)) == before)
                clock.advance(by: Self.refetchInterval)
            }
            let answer = try await Self.sync(hearth, minted[index + 1])
            #expect(answer.status == 401, "\(reason): \(answer.status) \(answer.text)")
            let challenge = answer.headerFields[.wwwAuthenticate] ?? ""
            #expect(challenge.hasPrefix("Bearer "), "\(reason): \(challenge)")
            #expect(challenge.contains("error=\"invalid_token\""), "\(reason): \(challenge)")
            var expected = before
            expected[reason, default: 0] += 1
            #expect(Self.refusals(try await Self.metrics(hearth)) == expected, "\(reason) counted, nothing else")
        }
        #expect(Self.providerRequests(try await Self.metrics(hearth))["error"] == nil)
    }

    // MARK: - 3. Key rotation

    @Test func aRotatedKeyIsFetchedOnceWithoutARestart() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.client])
        defer { provider.stop() }
        let clock = Self.wallClock()
        let hearth = try Self.hearth(for: provider, clock: clock)
        defer { hearth.stop() }
        let old = provider.signingKeyID
        let now = clock.unixTime.seconds
        let before = try provider.mint(.init(claims: Self.claims(provider, now: now)))
        #expect(try await Self.sync(hearth, before).status == 200)
        #expect(Self.requests(try await Self.metrics(hearth), "keys", "ok") == 1)

        let new = try await provider.rotateKeys()
        #expect(new != old)
        let after = try provider.mint([
            .init(claims: Self.claims(provider, now: now, id: "after")),
            .init(claims: Self.claims(provider, now: now, id: "old-key"), keyID: old),
        ])
        #expect(try Self.header(after[0])["kid"]?.stringValue == new)

        // Past the refetch interval, the unknown kid makes Hearth fetch the keys again, once.
        clock.advance(by: Self.refetchInterval)
        let rotated = try await Self.sync(hearth, after[0])
        #expect(rotated.status == 200, "\(rotated.text)")
        #expect(rotated.json?["payload"]?["agentUserId"] == "alice")
        // The old key stays published, inactive: what it signed is still good, with no further request.
        #expect(try await Self.sync(hearth, after[1]).status == 200)
        #expect(try await Self.sync(hearth, before).status == 200)
        let samples = try await Self.metrics(hearth)
        #expect(Self.requests(samples, "keys", "ok") == 2, "one refetch")
        #expect(Self.requests(samples, "discovery", "ok") == 1, "the discovery document stayed cached")
        #expect(Self.refusals(samples).isEmpty)
    }

    // MARK: - 4. The provider stopped mid-traffic

    @Test func aStoppedProviderIsA503WithRetryAfterAndUnlinksNobody() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.client])
        defer { provider.stop() }
        let clock = Self.wallClock()
        let hearth = try Self.hearth(for: provider, clock: clock)
        defer { hearth.stop() }
        let old = provider.signingKeyID
        let now = clock.unixTime.seconds
        let verified = try provider.mint(.init(claims: Self.claims(provider, now: now)))
        #expect(try await Self.sync(hearth, verified).status == 200)

        // The provider rotates and then goes away: a token with its new key cannot be checked without it.
        try await provider.rotateKeys()
        let tokens = try provider.mint([
            .init(claims: Self.claims(provider, now: now, id: "new-key")),
            .init(claims: Self.claims(provider, now: now, id: "cached-key"), keyID: old),
        ])
        let (newKey, cachedKey) = (tokens[0], tokens[1])
        let cursor = try hearth.store.changeBounds().latest
        let before = try await Self.metrics(hearth)
        provider.kill()

        #expect(try await Self.sync(hearth, verified).status == 200, "a verified token, from the cache")
        #expect(try await Self.sync(hearth, cachedKey).status == 200, "a new token with a key already fetched")

        clock.advance(by: Self.refetchInterval)
        for attempt in 1...2 {
            // The second attempt comes within the refetch interval of the first's failed fetch: still not a 401.
            let answer = try await Self.sync(hearth, newKey)
            #expect(answer.status == 503, "attempt \(attempt): \(answer.status) \(answer.text)")
            #expect(answer.headerFields[.retryAfter] == String(Self.retryAfterSeconds), "attempt \(attempt)")
            #expect(answer.headerFields[.wwwAuthenticate] == nil, "attempt \(attempt)")
        }
        let down = try await Self.metrics(hearth)
        #expect(Self.refusals(down) == Self.refusals(before), "nothing refused while the provider is away")
        #expect(Self.requests(down, "keys", "error") == Self.requests(before, "keys", "error") + 1, "asked once")
        let unlinked = try hearth.store.changes(after: cursor, limit: 100, users: ["alice"], kinds: [.user])
        #expect(unlinked.isEmpty, "nothing unlinked: \(unlinked)")
        let sync = try await Self.sync(hearth, verified)
        #expect(sync.json?["payload"]?["devices"]?.arrayValue?.first?["id"] == "lamp", "alice's devices are there")

        // A Hearth that never reached the provider (started during the outage) has no discovery document: 503 too.
        let fresh = try Self.hearth(for: provider)
        defer { fresh.stop() }
        let unknown = try await Self.sync(fresh, verified)
        #expect(unknown.status == 503, "\(unknown.status) \(unknown.text)")
        #expect(unknown.headerFields[.retryAfter] == String(Self.retryAfterSeconds))
        let freshSamples = try await Self.metrics(fresh)
        #expect(Self.providerRequests(freshSamples) == ["error": 1], "discovery asked, and failed")
        #expect(Self.refusals(freshSamples).isEmpty)

        try await provider.restart()
        clock.advance(by: Self.refetchInterval)
        let back = try await Self.sync(hearth, newKey)
        #expect(back.status == 200, "\(back.text)")
        #expect(back.json?["payload"]?["agentUserId"] == "alice")
        #expect(Self.refusals(try await Self.metrics(hearth)) == Self.refusals(before))

        // The check above can see an unlinking: Google's DISCONNECT with the provider's token records one.
        let disconnect = try await hearth.send(
            .post,
            "/fulfillment",
            body: Array(TestHomes.disconnect.utf8),
            bearer: newKey
        )
        #expect(disconnect.status == 200)
        let changes = try hearth.store.changes(after: cursor, limit: 100, users: ["alice"], kinds: [.user])
        #expect(changes.map { $0.record.data["change"] } == ["unlinked"])
    }

    // MARK: - 5. Opaque tokens through introspection

    @Test(.enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote)))
    func opaqueTokensAreIntrospectedCachedUntilTheirExpiryAndRefusedOnceRevoked() async throws {
        let lifetime = 120
        let provider = try await IdentityProvider.start(
            users: [Self.alice],
            clients: [Self.client],
            accessTokenLifetimeSeconds: lifetime,
            opaqueAccessTokens: true
        )
        defer { provider.stop() }
        let (tokens, _) = try await IdentityProviderHarnessTests.signInAndExchange(at: provider, client: Self.client)
        let access = try #require(tokens["access_token"]?.stringValue)
        let refresh = try #require(tokens["refresh_token"]?.stringValue)
        #expect(!access.contains("."), "opaque")

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let secretFile = try directory.write("introspection-secret", Self.client.secret)
        let clock = Self.wallClock()
        let hearth = try Self.hearth(
            for: provider,
            clock: clock,
            introspection: [
                .set(\.auth.externalTokens.introspectionURL, provider.introspectionEndpoint),
                .set(\.auth.externalTokens.introspectionClientID, Self.client.id),
                .set(\.auth.externalTokens.introspectionClientSecretFile, secretFile),
            ]
        )
        defer { hearth.stop() }

        let first = try await Self.sync(hearth, access)
        #expect(first.status == 200, "\(first.text)")
        #expect(first.json?["payload"]?["agentUserId"] == "alice")
        #expect(Self.requests(try await Self.metrics(hearth), "introspection", "ok") == 1)
        #expect(try await Self.sync(hearth, access).status == 200)
        let cached = try await Self.metrics(hearth)
        #expect(Self.providerRequests(cached) == ["introspection/ok": 1], "the second answer asked nobody")

        // Past the token's own expiry (Hearth's clock; the provider, on the wall clock, still calls it active), the
        // cached verdict is gone: asked again, and refused as expired.
        clock.advance(by: .seconds(lifetime + 70))
        let expired = try await Self.sync(hearth, access)
        #expect(expired.status == 401, "\(expired.text)")
        let late = try await Self.metrics(hearth)
        #expect(Self.requests(late, "introspection", "ok") == 2)
        #expect(Self.refusals(late) == ["expired": 1])

        // Another access token, revoked at the provider (RFC 7009) before Hearth sees it: introspection says
        // inactive.
        let refreshed = try await Curl.fetch([
            "--user", "\(Self.client.id):\(Self.client.secret)", "--data-urlencode", "grant_type=refresh_token",
            "--data-urlencode", "refresh_token=\(refresh)", provider.tokenEndpoint,
        ])
        #expect(refreshed.status == 200, "\(refreshed.body)")
        let revokedToken = try #require(try JSONParser.parse(refreshed.body)["access_token"]?.stringValue)
        let revocation = try await Curl.fetch([
            "--user", "\(Self.client.id):\(Self.client.secret)", "--data-urlencode", "token=\(revokedToken)",
            "--data-urlencode", "token_type_hint=access_token", provider.revocationEndpoint,
        ])
        #expect(revocation.status == 200, "\(revocation.body)")
        let revoked = try await Self.sync(hearth, revokedToken)
        #expect(revoked.status == 401, "\(revoked.text)")
        #expect(revoked.headerFields[.wwwAuthenticate]?.contains("error=\"invalid_token\"") == true)
        let afterRevocation = try await Self.metrics(hearth)
        #expect(Self.refusals(afterRevocation) == ["expired": 1, "inactive": 1])
        #expect(Self.requests(afterRevocation, "introspection", "ok") == 3)

        // The provider gone, a token never seen cannot be introspected: 503 with Retry-After, nothing refused.
        provider.kill()
        let unseen = String(repeating: "x", count: 48)
        let down = try await Self.sync(hearth, unseen)
        #expect(down.status == 503, "\(down.status) \(down.text)")
        #expect(down.headerFields[.retryAfter] == String(Self.retryAfterSeconds))
        let samples = try await Self.metrics(hearth)
        #expect(Self.refusals(samples) == Self.refusals(afterRevocation))
        #expect(Self.providerRequests(samples)["error"] == 1)
    }

    // MARK: - Support

    /// A clock at the wall time now, which moves only when the test moves it.
    static func wallClock() -> ManualClock {
        ManualClock(unixMilliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    }

    /// Hearth accepting `provider`'s access tokens for audience `hearth`, user claim `sub`, with metrics, serving
    /// alice's lamp.
    static func hearth(
        for provider: IdentityProvider,
        clock: ManualClock = wallClock(),
        introspection: [ConfigOverride] = []
    ) throws -> InProcessHearth {
        try InProcessHearth(
            devices: .json(TestHomes.aliceLamp),
            settings: HearthConfiguration.testSettings(metrics: true) + [
                .set(\.auth.externalTokens.issuer, provider.issuer),
                .set(\.auth.externalTokens.audience, client.id),
                .set(\.auth.externalTokens.userClaim, "sub"),
                .set(\.auth.externalTokens.retryAfterSeconds, retryAfterSeconds),
            ] + introspection,
            overrides: HearthApplication.Overrides(identityProvider: UpstreamHearth.patientProvider),
            clock: clock
        )
    }

    /// The claims of a good access token as canaille issues them, valid for an hour from `now`; `id` makes a token
    /// of its own (a `jti`).
    static func claims(_ provider: IdentityProvider, now: Int64, id: String = "1") -> JSONValue {
        [
            "iss": .string(provider.issuer), "aud": [.string(client.id)], "sub": "alice", "iat": .int(Int(now)),
            "exp": .int(Int(now) + 3_600), "jti": .string(id),
        ]
    }

    static func header(_ token: String) throws -> JSONValue {
        try IdentityProviderHarnessTests.decode(token, part: 0)
    }

    static func sync(_ hearth: InProcessHearth, _ token: String) async throws -> InProcessHearth.Response {
        try await hearth.send(.post, "/fulfillment", body: Array(TestHomes.sync.utf8), bearer: token)
    }

    static func metrics(_ hearth: InProcessHearth) async throws -> [String: Double] {
        let answer = try await hearth.send(.get, "/metrics")
        #expect(answer.status == 200)
        return PrometheusSamples.parse(answer.text)
    }

    /// `hearth_identity_provider_requests_total{step, outcome}`.
    static func requests(_ samples: [String: Double], _ step: String, _ outcome: String) -> Double {
        samples["hearth_identity_provider_requests_total{outcome=\"\(outcome)\",step=\"\(step)\"}"] ?? 0
    }

    /// Every series of `hearth_identity_provider_requests_total` that is not zero, as `step/outcome`, or as `error`
    /// for all failures together.
    static func providerRequests(_ samples: [String: Double]) -> [String: Double] {
        var requests: [String: Double] = [:]
        for (series, value) in samples where series.hasPrefix("hearth_identity_provider_requests_total{") && value > 0 {
            let labels = label(series)
            let key = labels["outcome"] == "ok" ? "\(labels["step"] ?? "")/ok" : "error"
            requests[key, default: 0] += value
        }
        return requests
    }

    /// `hearth_identity_token_refusals_total{token="access_token"}` by reason, zeros left out.
    static func refusals(_ samples: [String: Double]) -> [String: Double] {
        var refusals: [String: Double] = [:]
        for (series, value) in samples where series.hasPrefix("hearth_identity_token_refusals_total{") && value > 0 {
            let labels = label(series)
            if labels["token"] == "access_token", let reason = labels["reason"] { refusals[reason] = value }
        }
        return refusals
    }

    /// The labels of `name{a="1",b="2"}`.
    static func label(_ series: String) -> [String: String] {
        guard let open = series.firstIndex(of: "{") else { return [:] }
        var labels: [String: String] = [:]
        for pair in series[series.index(after: open)...].dropLast().split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
        }
        return labels
    }
}
