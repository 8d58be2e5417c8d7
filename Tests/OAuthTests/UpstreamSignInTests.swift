import Clocks
import Cryptography
import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import InMemoryLogging
import Logging
import OAuth
import Registry
import Testing

/// Sign-in through the manufacturer's identity provider: `GET /oauth/authorize` → the provider → the callback →
/// Hearth's consent page → Google's redirect URI, over a real registry, with ``StubIdentityProvider`` standing in for
/// the provider.
struct UpstreamSignInTests {
    // MARK: - The redirect to the provider

    @Test func authorizeRedirectsToTheProviderWithStateNonceAndAnS256Challenge() async throws {
        let hearth = try UpstreamHarness()
        let started = try await hearth.start()
        #expect(started.response.status == .found)
        #expect(started.response.headerFields[.location]?.hasPrefix(StubIdentityProvider.authorizationEndpoint) == true)
        #expect(started.response.headerFields[.cacheControl] == "no-store")

        let call = try #require(hearth.provider.authorizationCalls.first)
        #expect(hearth.provider.authorizationCalls.count == 1)
        #expect(call.state == started.state)
        #expect(call.redirectURI == UpstreamHarness.callbackURL)
        // 32 random bytes, base64url: 43 characters each, and all different.
        #expect(call.state.utf8.count == 43 && call.nonce.utf8.count == 43)
        #expect(Set([call.state, call.nonce, started.cookie]).count == 3)

        // What the callback will send the provider: the verifier whose S256 challenge went out, and the nonce.
        let page = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        #expect(page.status == .ok)
        let signIn = try #require(hearth.provider.signInCalls.first)
        #expect(signIn.code == "idp-code")
        #expect(signIn.nonce == call.nonce)
        #expect(signIn.redirectURI == UpstreamHarness.callbackURL)
        #expect((43...128).contains(signIn.codeVerifier.utf8.count))
        #expect(call.codeChallenge == Base64URL.encode(SHA256.hash(Array(signIn.codeVerifier.utf8))))
        #expect(hearth.events.all.map(\.outcome) == [.redirected])
    }

    @Test func theSignInCookieIsHttpOnlyLaxScopedAndSecure() async throws {
        let hearth = try UpstreamHarness()
        let response = await hearth.authorize()
        let cookie = try #require(response.headerFields[.setCookie])
        let attributes = Set(cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(attributes.contains("HttpOnly"))
        #expect(attributes.contains("SameSite=Lax"))
        #expect(attributes.contains("Path=/oauth/"))
        #expect(attributes.contains("Secure"))
        #expect(cookie.hasPrefix("hearth_signin="))
    }

    @Test func aPlainHTTPCallbackDropsSecure() async throws {
        let hearth = try UpstreamHarness(callbackURL: "http://127.0.0.1:8080/oauth/upstream/callback")
        let cookie = try #require(await hearth.authorize().headerFields[.setCookie])
        #expect(!cookie.contains("Secure"))
        #expect(cookie.contains("HttpOnly"))
    }

    @Test func aBadRequestIsRefusedAsWithoutTheProvider() async throws {
        let hearth = try UpstreamHarness()
        let unknownClient = await hearth.authorize(
            "/oauth/authorize?response_type=code&client_id=nobody&redirect_uri=\(UpstreamHarness.redirectURI)"
        )
        #expect(unknownClient.status == .badRequest)
        let plain = await hearth.authorize(
            UpstreamHarness.authorizeTarget() + "&code_challenge=\(String(repeating: "a", count: 43))"
        )
        #expect(plain.status == .found)
        #expect(try UpstreamHarness.location(plain)["error"] == "invalid_request")
        #expect(hearth.provider.authorizationCalls.isEmpty)
    }

    @Test func theProviderUnreachableShowsAPageAndLeavesNothing() async throws {
        let hearth = try UpstreamHarness()
        hearth.provider.failAuthorization(
            UpstreamSignInFailure(step: .discovery, code: .unavailable, message: "connection refused")
        )
        let response = await hearth.authorize()
        #expect(response.status == .serviceUnavailable)
        #expect(response.headerFields[.retryAfter] == "60")
        #expect(response.headerFields[.setCookie] == nil)
        #expect(String(decoding: response.body, as: UTF8.self).contains("could not reach the sign-in service"))
        let call = try #require(hearth.provider.authorizationCalls.first)
        #expect(try hearth.store.takeUpstreamSignIn(state: call.state, now: hearth.clock.unixTime) == nil)
        #expect(hearth.events.all == [UpstreamSignInEvent(outcome: .failed, step: "discovery")])
        let line = try #require(
            hearth.logs.handler.entries.first { $0.message == "Sign-in through the identity provider failed" }
        )
        #expect(line.metadata["upstream.step"] == "discovery")
    }

    @Test func thePasswordFormIsRefusedWhenSignInGoesThroughTheProvider() throws {
        let hearth = try UpstreamHarness()
        let response = hearth.server.authorize(
            Request(
                method: .post,
                target: "/oauth/authorize",
                headerFields: [.contentType: "application/x-www-form-urlencoded"],
                body: Array("login=alice&password=pw".utf8)
            )
        )
        #expect(response.status == .badRequest)
        #expect(response.deferred == nil)
    }

    // MARK: - The callback

    @Test func theCallbackWithoutTheCookieOrAnotherBrowsersIsRefusedAndSpendsTheSignIn() async throws {
        let hearth = try UpstreamHarness()
        for cookie in [nil, String(repeating: "x", count: 43)] {
            let started = try await hearth.start()
            let refused = await hearth.callback("code=idp-code&state=\(started.state)", cookie: cookie)
            #expect(refused.status == .badRequest)
            #expect(String(decoding: refused.body, as: UTF8.self).contains("expired or was already used"))
            // Spent: even the right browser cannot use it now.
            let again = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
            #expect(again.status == .badRequest)
        }
        #expect(hearth.provider.signInCalls.isEmpty)
    }

    @Test func aReplayedStateIsRefused() async throws {
        let hearth = try UpstreamHarness()
        let started = try await hearth.start()
        let first = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        #expect(first.status == .ok)
        let replay = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        #expect(replay.status == .badRequest)
        #expect(hearth.provider.signInCalls.count == 1)
        #expect(hearth.events.all.last == UpstreamSignInEvent(outcome: .refused, step: "callback"))
    }

    @Test func anExpiredSignInIsRefused() async throws {
        let hearth = try UpstreamHarness()
        let started = try await hearth.start()
        hearth.clock.advance(by: .seconds(601))
        let late = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        #expect(late.status == .badRequest)
        #expect(hearth.provider.signInCalls.isEmpty)
    }

    @Test func anUnknownOrMissingStateIsRefused() async throws {
        let hearth = try UpstreamHarness()
        let started = try await hearth.start()
        #expect(await hearth.callback("code=c&state=nope", cookie: started.cookie).status == .badRequest)
        #expect(await hearth.callback("code=c", cookie: started.cookie).status == .badRequest)
    }

    @Test func theProvidersErrorSendsGoogleAccessDeniedWithItsState() async throws {
        let hearth = try UpstreamHarness()
        let started = try await hearth.start()
        let response = await hearth.callback("error=access_denied&state=\(started.state)", cookie: started.cookie)
        #expect(response.status == .found)
        let location = try UpstreamHarness.location(response)
        #expect(location.base == UpstreamHarness.redirectURI)
        #expect(location["error"] == "access_denied")
        #expect(location["state"] == "google-state")
        #expect(location["code"] == nil)
        #expect(hearth.provider.signInCalls.isEmpty)
        #expect(hearth.events.all.last == UpstreamSignInEvent(outcome: .denied, step: "callback"))
    }

    @Test(arguments: [
        (
            UpstreamSignInFailure.Code.unavailable, HTTPResponse.Status.serviceUnavailable,
            UpstreamSignInEvent.Outcome.failed
        ),
        (.refused, .badGateway, .refused),
    ])
    func aFailedExchangeShowsAPageNamingNoSecretAndLinksNothing(
        code: UpstreamSignInFailure.Code,
        status: HTTPResponse.Status,
        outcome: UpstreamSignInEvent.Outcome
    ) async throws {
        let hearth = try UpstreamHarness()
        hearth.provider.answerSignIn(.failure(UpstreamSignInFailure(step: .idToken, code: code, message: "expired")))
        let started = try await hearth.start()
        let response = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        #expect(response.status == status)
        #expect(hearth.events.all.last == UpstreamSignInEvent(outcome: outcome, step: "id_token"))
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)
        let line = try #require(
            hearth.logs.handler.entries.last { $0.message == "Sign-in through the identity provider failed" }
        )
        #expect(line.metadata["upstream.step"] == "id_token")
    }

    @Test func aUserIdHearthCannotUseIsRefused() async throws {
        let hearth = try UpstreamHarness()
        hearth.provider.answerSignIn(.success(UpstreamIdentity(agentUserId: "")))
        let started = try await hearth.start()
        let response = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        #expect(response.status == .badGateway)
        #expect(hearth.events.all.last == UpstreamSignInEvent(outcome: .refused, step: "user_claim"))
    }

    // MARK: - Consent

    @Test func theConsentPageCarriesGooglesStatementAndTheAccount() async throws {
        let hearth = try UpstreamHarness()
        let (_, page, handle) = try await hearth.reachConsent()
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("authorize Google to control your devices"))
        #expect(html.contains("alice@example.com"))
        #expect(html.contains(#"<form method="post" action="/oauth/consent">"#))
        #expect(html.contains(#"name="decision" value="allow""#) && html.contains(#"name="decision" value="deny""#))
        #expect(handle?.utf8.count == 43)
        let csp = try #require(page.headerFields[.contentSecurityPolicy])
        #expect(csp.contains("form-action 'self' https://oauth-redirect.googleusercontent.com;"))
        #expect(page.headerFields[.xFrameOptions] == "DENY")
    }

    @Test func allowCreatesTheUserAndSendsGoogleACodeThatRedeems() async throws {
        let hearth = try UpstreamHarness()
        let verifier = String(repeating: "v", count: 43)
        let challenge = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
        let (started, _, handle) = try await hearth.reachConsent(UpstreamHarness.authorizeTarget(challenge: challenge))
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)

        let response = hearth.consent(
            "handle=\(try #require(handle))&state=google-state&decision=allow",
            cookie: started.cookie
        )
        #expect(response.status == .found)
        let location = try UpstreamHarness.location(response)
        #expect(location.base == UpstreamHarness.redirectURI)
        #expect(location["state"] == "google-state")
        let code = try #require(location["code"])
        #expect(response.headerFields[.setCookie]?.contains("Max-Age=0") == true)
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") != nil)
        #expect(hearth.events.all.last == UpstreamSignInEvent(outcome: .completed, step: "consent"))

        // Google redeems it at the token endpoint like any code, with Google's PKCE verifier.
        let token = hearth.server.token(
            Request(
                method: .post,
                target: "/oauth/token",
                headerFields: [.contentType: "application/x-www-form-urlencoded"],
                body: Array(
                    ("grant_type=authorization_code&code=\(code)&redirect_uri=\(UpstreamHarness.redirectURI)"
                        + "&client_id=google&client_secret=google-secret&code_verifier=\(verifier)").utf8
                )
            )
        )
        #expect(token.status == .ok)
        #expect(String(decoding: token.body, as: UTF8.self).contains("refresh_token"))

        // The consent form works once.
        let again = hearth.consent(
            "handle=\(try #require(handle))&state=google-state&decision=allow",
            cookie: started.cookie
        )
        #expect(again.status == .badRequest)
    }

    @Test func aSignInStartedAtOneInstanceFinishesAtAnother() async throws {
        let hearth = try UpstreamHarness()
        let started = try await hearth.start()
        let other = try hearth.otherInstance()
        let page = await UpstreamHarness.settled(
            other.upstreamCallback(
                Request(
                    method: .get,
                    target: "/oauth/upstream/callback?code=idp-code&state=\(started.state)",
                    headerFields: [.cookie: "hearth_signin=\(started.cookie)"]
                )
            )
        )
        #expect(page.status == .ok)
        let handle = try #require(UpstreamHarness.hiddenValue("handle", in: String(decoding: page.body, as: UTF8.self)))
        // And back to the first for the consent.
        let response = hearth.consent("handle=\(handle)&state=google-state&decision=allow", cookie: started.cookie)
        #expect(try UpstreamHarness.location(response)["code"] != nil)
    }

    @Test func theCallbackIsGETOnly() throws {
        let hearth = try UpstreamHarness()
        let head = hearth.server.upstreamCallback(Request(method: .head, target: "/oauth/upstream/callback?state=x"))
        #expect(head.status == .methodNotAllowed)
        #expect(head.headerFields[.allow] == "GET")
    }

    @Test func denySendsGoogleAccessDeniedAndCreatesNoUser() async throws {
        let hearth = try UpstreamHarness()
        let (started, _, handle) = try await hearth.reachConsent()
        let response = hearth.consent(
            "handle=\(try #require(handle))&state=google-state&decision=deny",
            cookie: started.cookie
        )
        let location = try UpstreamHarness.location(response)
        #expect(location["error"] == "access_denied")
        #expect(location["state"] == "google-state")
        #expect(location["code"] == nil)
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)
        #expect(hearth.events.all.last == UpstreamSignInEvent(outcome: .denied, step: "consent"))
    }

    @Test func theConsentFormNeedsTheSameBrowserAndState() async throws {
        let hearth = try UpstreamHarness()
        let (started, _, handle) = try await hearth.reachConsent()
        let handleValue = try #require(handle)
        #expect(
            hearth.consent("handle=\(handleValue)&state=google-state&decision=allow", cookie: nil).status == .badRequest
        )
        let otherCookie = String(repeating: "y", count: 43)
        #expect(
            hearth.consent("handle=\(handleValue)&state=google-state&decision=allow", cookie: otherCookie).status
                == .badRequest
        )
        #expect(
            hearth.consent("handle=\(handleValue)&state=forged&decision=allow", cookie: started.cookie).status
                == .badRequest
        )
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)
    }

    @Test func anExpiredConsentIsRefused() async throws {
        let hearth = try UpstreamHarness()
        let (started, _, handle) = try await hearth.reachConsent()
        hearth.clock.advance(by: .seconds(601))
        let response = hearth.consent(
            "handle=\(try #require(handle))&state=google-state&decision=allow",
            cookie: started.cookie
        )
        #expect(response.status == .badRequest)
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)
    }

    @Test func withoutCreateUsersOnlyExistingUsersLink() async throws {
        let hearth = try UpstreamHarness(createUsers: false)
        let started = try await hearth.start()
        let refused = await hearth.callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        #expect(refused.status == .forbidden)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("not set up for Google yet"))
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)

        #expect(try hearth.store.createUser("alice"))
        let (again, _, handle) = try await hearth.reachConsent()
        let response = hearth.consent(
            "handle=\(try #require(handle))&state=google-state&decision=allow",
            cookie: again.cookie
        )
        #expect(try UpstreamHarness.location(response)["code"] != nil)
    }

    @Test func withoutUpstreamTheFlowsEndpointsAnswer404AndTheFormIsShown() throws {
        let hearth = try UpstreamHarness(upstream: false)
        let page = hearth.server.authorize(Request(method: .get, target: UpstreamHarness.authorizeTarget()))
        #expect(page.status == .ok)
        #expect(String(decoding: page.body, as: UTF8.self).contains(#"name="password""#))
        let callback = hearth.server.upstreamCallback(Request(method: .get, target: "/oauth/upstream/callback?state=x"))
        #expect(callback.status == .notFound)
        #expect(hearth.server.consent(Request(method: .post, target: "/oauth/consent")).status == .notFound)
    }
}
