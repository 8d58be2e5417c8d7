import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import InMemoryLogging
import JOSE
import Logging
import OpenIDConnect
import OutboundHTTP
import Testing

/// ``OpenIDProvider`` against a real provider on loopback: discovery and the JWKS fetched, bounded, cached and
/// refetched as documented; misbehaving answers reported with their step.
struct OpenIDProviderTests {
    /// The error `body` threw, or nil.
    static func failure<T>(_ body: () async throws(OpenIDConnectError) -> T) async -> OpenIDConnectError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func discoveryIsReadAndCachedForItsClampedMaxAge() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(
            .discovery,
            body: TestIdentityProvider.discoveryDocument(issuer: idp.issuer),
            headers: [.cacheControl: "public, max-age=60"]
        )
        let clock = ManualClock()
        let provider = Fixtures.provider(idp, clock: clock)
        let metadata = try await provider.metadata()
        #expect(metadata.issuer == idp.issuer)
        #expect(metadata.tokenEndpoint.absoluteString == idp.url(.token))
        #expect(metadata.jwksURI.absoluteString == idp.url(.keys))
        #expect(metadata.introspectionEndpoint?.absoluteString == idp.url(.introspection))
        #expect(idp.requests(.discovery).first?.headerFields[.accept] == "application/json")
        // max-age=60 is below the 5 minute floor: cached for 5 minutes.
        clock.advance(by: .seconds(299))
        _ = try await provider.metadata()
        #expect(idp.count(.discovery) == 1)
        clock.advance(by: .seconds(2))
        _ = try await provider.metadata()
        #expect(idp.count(.discovery) == 2)
    }

    @Test func withoutCacheControlDiscoveryIsCachedForAnHourAndAtMostADay() {
        let settings = OpenIDProviderSettings()
        #expect(settings.cacheLifetime(cacheControl: nil) == .seconds(3_600))
        #expect(settings.cacheLifetime(cacheControl: "max-age=600") == .seconds(600))
        #expect(settings.cacheLifetime(cacheControl: "max-age=9999999") == .seconds(86_400))
        #expect(settings.cacheLifetime(cacheControl: "no-store") == .seconds(300))
        #expect(settings.cacheLifetime(cacheControl: "private, max-age=abc") == .seconds(3_600))
    }

    @Test func theIssuerMustBeExactlyTheConfiguredOne() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.discovery, body: TestIdentityProvider.discoveryDocument(issuer: idp.issuer + "/"))
        let provider = Fixtures.provider(idp, clock: ManualClock())
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.metadata() }
        #expect(error?.step == .discovery)
        #expect(error?.code == .issuerMismatch)
    }

    @Test func aTrailingSlashOfTheIssuerIsDroppedBeforeTheWellKnownPath() {
        #expect(
            ProviderMetadata.discoveryURL(issuer: "https://idp.example/tenant/")?.absoluteString
                == "https://idp.example/tenant/.well-known/openid-configuration"
        )
    }

    @Test func aRedirectIsAnErrorNamingTheStepAndIsNotFollowed() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let target = try TestIdentityProvider()
        defer { target.stop() }
        idp.set(
            .discovery,
            TestIdentityProvider.Answer(status: .found, body: "", headers: [.location: target.url(.discovery)])
        )
        let provider = Fixtures.provider(idp, clock: ManualClock())
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.metadata() }
        #expect(error?.step == .discovery)
        #expect(error?.code == .redirected)
        #expect(target.count(.discovery) == 0)
    }

    @Test(arguments: [
        (HTTPResponse.Status.internalServerError, "{}", OpenIDConnectError.Code.badStatus),
        (.ok, "<html>not json</html>", .malformedAnswer),
        (.ok, #"{"issuer":"ISSUER"}"#, .malformedAnswer),
    ])
    func aBadDiscoveryAnswerIsAnErrorNamingTheStep(
        status: HTTPResponse.Status,
        body: String,
        code: OpenIDConnectError.Code
    ) async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.discovery, status: status, body: body.replacingOccurrences(of: "ISSUER", with: idp.issuer))
        let provider = Fixtures.provider(idp, clock: ManualClock())
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.metadata() }
        #expect(error?.step == .discovery)
        #expect(error?.code == code)
    }

    @Test(arguments: [
        MisbehavingPeer.Behaviour.large(bytes: 1_000_000, declared: true),
        .large(bytes: 1_000_000, declared: false),
        .endlessChunked,
        .endlessHead,
    ])
    func anOversizedOrEndlessDiscoveryAnswerIsCutOff(behaviour: MisbehavingPeer.Behaviour) async throws {
        let peer = try MisbehavingPeer(behaviour)
        defer { peer.stop() }
        let provider = OpenIDProvider(
            issuer: "http://127.0.0.1:\(peer.port)",
            client: Fixtures.client,
            clock: ManualClock(),
            logger: Fixtures.logger
        )
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.metadata() }
        #expect(error?.step == .discovery)
        #expect(error?.code == .answerTooLarge)
    }

    @Test(arguments: [MisbehavingPeer.Behaviour.silence, .drip(chunk: 1, interval: .milliseconds(50))])
    func aSlowProviderIsCutOffAtTheDeadline(behaviour: MisbehavingPeer.Behaviour) async throws {
        let peer = try MisbehavingPeer(behaviour)
        defer { peer.stop() }
        let limits = OutboundLimits(deadline: .milliseconds(500), maxAnswerBytes: 65_536)
        let provider = OpenIDProvider(
            issuer: "http://127.0.0.1:\(peer.port)",
            client: Fixtures.client,
            settings: OpenIDProviderSettings(discoveryLimits: limits),
            clock: ManualClock(),
            logger: Fixtures.logger
        )
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.metadata() }
        #expect(error?.step == .discovery)
        #expect(error?.code == .unreachable)
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
    }

    @Test func anUnreachableProviderIsAnErrorNamingTheStepAndItIsLogged() async throws {
        let refusing = try RefusingPort()
        let logs = InMemoryLogHandlerBox()
        let provider = OpenIDProvider(
            issuer: "http://127.0.0.1:\(refusing.port)",
            client: Fixtures.client,
            clock: ManualClock(),
            logger: logs.logger
        )
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.keys() }
        #expect(error?.step == .discovery)
        #expect(error?.code == .unreachable)
        let entry = logs.handler.entries.first { $0.metadata["oidc.step"] == "discovery" }
        #expect(entry?.metadata["oidc.error"] == "unreachable")
    }

    @Test func theKeysAreFetchedFromTheDiscoveredJWKSAndCached() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]), headers: [.cacheControl: "max-age=3600"])
        // Discovery cached for a day: the two documents live apart.
        idp.set(
            .discovery,
            body: TestIdentityProvider.discoveryDocument(issuer: idp.issuer),
            headers: [.cacheControl: "max-age=86400"]
        )
        let clock = ManualClock()
        let (metrics, read) = Fixtures.metrics()
        let provider = Fixtures.provider(idp, clock: clock, metrics: metrics)
        let keys = try await provider.keys()
        #expect(keys.keys.map(\.keyID) == ["key-1"])
        clock.advance(by: .seconds(3_599))
        _ = try await provider.keys()
        #expect(idp.count(.keys) == 1)
        clock.advance(by: .seconds(2))
        _ = try await provider.keys()
        #expect(idp.count(.keys) == 2)
        #expect(read(#"hearth_identity_provider_requests_total{step="keys",outcome="ok"}"#) == 2)
        #expect(read(#"hearth_identity_provider_requests_total{step="discovery",outcome="ok"}"#) == 1)
    }

    @Test(arguments: [
        (HTTPResponse.Status.serviceUnavailable, "{}", OpenIDConnectError.Code.badStatus),
        (.ok, "not json", .malformedAnswer),
        (.ok, #"{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}"#, .malformedAnswer),
    ])
    func aBadJWKSIsAnErrorNamingTheKeysStep(
        status: HTTPResponse.Status,
        body: String,
        code: OpenIDConnectError.Code
    ) async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, status: status, body: body)
        let (metrics, read) = Fixtures.metrics()
        let provider = Fixtures.provider(idp, clock: ManualClock(), metrics: metrics)
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.keys() }
        #expect(error?.step == .keys)
        #expect(error?.code == code)
        let outcome = status == .ok ? "ok" : "error"
        #expect(read(#"hearth_identity_provider_requests_total{step="keys",outcome="\#(outcome)"}"#) == 1)
    }

    @Test func aJWKSLargerThan256KiBIsCutOff() async throws {
        let peer = try MisbehavingPeer(.large(bytes: 300_000, declared: false))
        defer { peer.stop() }
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(
            .discovery,
            body: TestIdentityProvider.discoveryDocument(issuer: idp.issuer)
                .replacingOccurrences(of: idp.url(.keys), with: "http://127.0.0.1:\(peer.port)/jwks")
        )
        let provider = Fixtures.provider(idp, clock: ManualClock())
        let error = await Self.failure { () async throws(OpenIDConnectError) in try await provider.keys() }
        #expect(error?.step == .keys)
        #expect(error?.code == .answerTooLarge)
    }

    @Test func aFailedRefetchKeepsTheOldKeys() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let provider = Fixtures.provider(idp, clock: clock)
        _ = try await provider.keys()
        idp.set(.keys, status: .internalServerError, body: "{}")
        clock.advance(by: .seconds(3_601))
        let keys = try await provider.keys()
        #expect(keys.keys.map(\.keyID) == ["key-1"])
        #expect(idp.count(.keys) == 2)
        // The failure is not retried before the refetch interval.
        clock.advance(by: .seconds(29))
        _ = try await provider.keys()
        #expect(idp.count(.keys) == 2)
        clock.advance(by: .seconds(2))
        _ = try await provider.keys()
        #expect(idp.count(.keys) == 3)
    }

    @Test func aFailedDiscoveryRefetchKeepsTheOldDocumentAndIsRetriedAfterTheInterval() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        let provider = Fixtures.provider(idp, clock: clock)
        let first = try await provider.metadata()
        idp.set(.discovery, status: .serviceUnavailable, body: "{}")
        clock.advance(by: .seconds(3_601))
        #expect(try await provider.metadata() == first)
        #expect(idp.count(.discovery) == 2)
        clock.advance(by: .seconds(29))
        _ = try await provider.metadata()
        #expect(idp.count(.discovery) == 2)
        clock.advance(by: .seconds(2))
        _ = try await provider.metadata()
        #expect(idp.count(.discovery) == 3)
    }

    @Test func nothingIsVerifiedFromTheCacheBeforeTheKeysAreFetched() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let provider = Fixtures.provider(idp, clock: clock)
        let token = SigningKey.first.sign(Fixtures.claims(idp, clock: clock))
        let expectations = JWTExpectations(issuer: idp.issuer, audience: "hearth")
        guard case .needsKeys = provider.verifyCached(token, expecting: expectations) else {
            Issue.record("verified without keys")
            return
        }
        #expect(idp.count(.keys) == 0)
        #expect(try await provider.verify(token, expecting: expectations).subject == "user-1")
        guard case .verified = provider.verifyCached(token, expecting: expectations) else {
            Issue.record("not verified from the cache")
            return
        }
        // Once the keys expire, the cache no longer answers.
        clock.advance(by: .seconds(3_601))
        guard case .needsKeys = provider.verifyCached(token, expecting: expectations) else {
            Issue.record("verified with expired keys")
            return
        }
    }

    @Test func concurrentCallersShareOneFetch() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.hold(.keys)
        // Nothing is cached for a moment: every caller that did not share the fetch would send its own. The held
        // fetch's deadline is generous: it waits while the other callers start, which a loaded machine makes slow.
        let settings = OpenIDProviderSettings(
            keysLimits: OutboundLimits(deadline: .seconds(60), maxAnswerBytes: 262_144),
            minimumCacheLifetime: .zero
        )
        idp.set(.keys, body: SigningKey.jwks([.first]), headers: [.cacheControl: "max-age=0"])
        let provider = Fixtures.provider(idp, clock: ManualClock(), settings: settings)
        let first = Task { try await provider.keys() }
        await idp.holdClock.waitForSleepers(atLeast: 1)
        let others = (0..<7).map { _ in Task { try await provider.keys() } }
        let deadline = ContinuousClock.now + .seconds(20)
        while provider.sharedFetches < 7, ContinuousClock.now < deadline { await Task.yield() }
        #expect(provider.sharedFetches == 7)
        idp.holdClock.advance(by: .seconds(1))
        #expect(try await first.value.keys.count == 1)
        for other in others { #expect(try await other.value.keys.count == 1) }
        #expect(idp.count(.keys) == 1)
    }
}
