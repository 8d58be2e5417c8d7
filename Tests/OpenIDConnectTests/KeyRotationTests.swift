import Foundation
import HTTPTypes
import HearthFakes
import HearthTestSupport
import JOSE
import OpenIDConnect
import Testing

/// Key rotation without a restart: a token signed with a key the cached JWKS lacks makes the provider fetch the
/// JWKS once; more unknown keys within the refetch interval send nothing.
struct KeyRotationTests {
    static func expectations(_ idp: TestIdentityProvider) -> JWTExpectations {
        JWTExpectations(issuer: idp.issuer, audience: "hearth")
    }

    @Test func aNewKeyIsFetchedOnceAndAnotherUnknownKeyWithinTheIntervalIsNot() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let provider = Fixtures.provider(idp, clock: clock)
        let first = SigningKey.first.sign(Fixtures.claims(idp, clock: clock, subject: "a"))
        #expect(try await provider.verify(first, expecting: Self.expectations(idp)).subject == "a")
        #expect(idp.count(.keys) == 1)

        // The provider rotates: key-2 joins the set; past the 30 s refetch interval, a token signed with it makes
        // the provider fetch the JWKS again.
        idp.set(.keys, body: SigningKey.jwks([.first, .second]))
        clock.advance(by: .seconds(31))
        let second = SigningKey.second.sign(Fixtures.claims(idp, clock: clock, subject: "b"))
        #expect(provider.verifyCached(second, expecting: Self.expectations(idp)).needsKeys)
        #expect(try await provider.verify(second, expecting: Self.expectations(idp)).subject == "b")
        #expect(idp.count(.keys) == 2)

        // A made-up key id within the interval: nothing sent, and neither accepted nor refused (the provider may
        // have just rotated): the caller answers 503 until the keys may be fetched again.
        clock.advance(by: .seconds(10))
        let madeUp = SigningKey.second.sign(Fixtures.claims(idp, clock: clock), keyID: "key-9")
        let waiting = await #expect(throws: OpenIDConnectError.self) {
            _ = try await provider.check(madeUp, expecting: Self.expectations(idp))
        }
        #expect(waiting?.code == .keyNotYetFetched)
        #expect(waiting?.isUnavailability == true)
        #expect(idp.count(.keys) == 2)

        // Once the interval has passed, an unknown key is looked for again, and one still unknown is refused.
        clock.advance(by: .seconds(21))
        let refusal = try await provider.check(madeUp, expecting: Self.expectations(idp))
        guard case .failure(.unknownKey) = refusal else {
            Issue.record("expected unknownKey, got \(refusal)")
            return
        }
        #expect(idp.count(.keys) == 3)
        // Both keys still verify, from the cache.
        #expect(provider.verifyCached(first, expecting: Self.expectations(idp)).isVerified)
        #expect(provider.verifyCached(second, expecting: Self.expectations(idp)).isVerified)
    }

    @Test func anIDTokensUnknownKeyIsFetchedWithinSecondsWhereACallersTokenWaitsTheInterval() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let provider = Fixtures.provider(idp, clock: clock)
        _ = try await provider.keys()
        #expect(idp.count(.keys) == 1)

        // The provider rotates two seconds after Hearth fetched its keys.
        idp.set(.keys, body: SigningKey.jwks([.first, .second]))
        clock.advance(by: .seconds(2))
        let rotated = SigningKey.second.sign(Fixtures.claims(idp, clock: clock, subject: "b"))
        // As a caller's access token, the new key is not looked for yet (2 s is inside the 30 s interval), and the
        // token is not refused either: it waits.
        let waiting = await #expect(throws: OpenIDConnectError.self) {
            _ = try await provider.check(rotated, expecting: Self.expectations(idp))
        }
        #expect(waiting?.code == .keyNotYetFetched)
        #expect(idp.count(.keys) == 1)
        // As an ID token (from the provider's token endpoint), it is: the sign-in after a rotation succeeds.
        #expect(try await provider.verify(rotated, expecting: Self.expectations(idp)).subject == "b")
        #expect(idp.count(.keys) == 2)
    }

    @Test func anUnknownKeyWhileTheProviderIsDownIsUnavailabilityNotARefusal() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.keys, body: SigningKey.jwks([.first]))
        let clock = ManualClock()
        let provider = Fixtures.provider(idp, clock: clock)
        _ = try await provider.keys()
        idp.set(.keys, status: .badGateway, body: "{}")
        clock.advance(by: .seconds(31))
        let second = SigningKey.second.sign(Fixtures.claims(idp, clock: clock))
        do {
            _ = try await provider.check(second, expecting: Self.expectations(idp))
            Issue.record("the check did not fail")
        } catch {
            #expect(error.step == .keys)
            #expect(error.code == .badStatus)
            #expect(error.isUnavailability)
        }
        // Asked again within the refetch interval of that failed fetch: still unavailability (a 503), never an
        // unknown-key refusal (a 401 during the outage), and nothing sent.
        clock.advance(by: .seconds(5))
        do {
            _ = try await provider.check(second, expecting: Self.expectations(idp))
            Issue.record("the second check did not fail")
        } catch {
            #expect(error.isUnavailability)
        }
        #expect(idp.count(.keys) == 2)
        // The old key still works.
        let first = SigningKey.first.sign(Fixtures.claims(idp, clock: clock))
        #expect(try await provider.verify(first, expecting: Self.expectations(idp)).subject == "user-1")
    }
}

extension CachedVerification {
    var needsKeys: Bool {
        if case .needsKeys = self { return true }
        return false
    }

    var isVerified: Bool {
        if case .verified = self { return true }
        return false
    }
}
