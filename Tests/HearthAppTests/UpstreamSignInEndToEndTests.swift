import Foundation
import HearthFakes
import HearthTestSupport
import HearthTesting
import JSON
import Registry
import Testing

/// Signing in through the manufacturer's identity provider, end to end: Hearth as `hearth serve` builds it
/// (`UpstreamHearth`), a real OpenID Connect provider (canaille, `IdentityProvider`), and a real browser
/// (`IdentityProviderBrowser`) at the provider's pages and Hearth's consent page. What a user, Google and the
/// operator see: the redirect to Google with a working code, SYNC as the provider's user, the change log, the
/// metrics, the pages and the log lines when the provider rotates its keys or stops answering.
///
/// Skipped without the provider's Python environment unless `HEARTH_REQUIRE_IDENTITY_PROVIDER=1`, and the browser
/// tests without Chromium unless `HEARTH_REQUIRE_BROWSER=1` (CI sets both).
@Suite(.serialized, .enabled(if: IdentityProvider.testsEnabled, Comment(rawValue: IdentityProvider.skipNote)))
struct UpstreamSignInEndToEndTests {
    /// The provider, and Hearth on the port the provider returns to.
    static func start(createUsers: Bool = true) async throws -> (IdentityProvider, UpstreamHearth) {
        // The port stays reserved (bound, not listening) while the provider starts, and is let go just before
        // Hearth binds it.
        let (port, provider) = try await providerOnAReservedPort()
        do {
            return (provider, try UpstreamHearth(provider: provider, port: port, createUsers: createUsers))
        } catch {
            provider.stop()
            throw error
        }
    }

    /// A port for Hearth, and the provider started knowing its callback URL there. The port is released when this
    /// returns, with `reserved`.
    private static func providerOnAReservedPort() async throws -> (Int, IdentityProvider) {
        let reserved = try RefusingPort()
        let provider = try await UpstreamHearth.provider(
            callbackURLs: [UpstreamHearth.callbackURL(port: reserved.port)]
        )
        return (reserved.port, provider)
    }

    /// The browser walks the whole chain from Google's authorization URL: the provider's login, password and
    /// consent pages, Hearth's consent page, until Google's redirect URI (intercepted).
    static func browserSignIn(
        _ hearth: UpstreamHearth,
        state: String,
        decision: String = "allow"
    ) async throws -> IdentityProviderBrowser.Outcome {
        try await IdentityProviderBrowser.signIn(
            url: hearth.authorizationURL(state: state),
            redirectPrefix: LinkingHearth.redirectURI,
            login: UpstreamHearth.alice.login,
            password: UpstreamHearth.alice.password,
            decision: decision
        )
    }

    @Test(.enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote)))
    func aBrowserSignsInAtTheProviderAndGoogleGetsAWorkingCode() async throws {
        let (provider, hearth) = try await Self.start()
        defer {
            hearth.stop()
            provider.stop()
        }

        // Deny at the provider's consent page: the provider sends the browser back with an error, and Google hears
        // access_denied with its state.
        let denied = try await IdentityProviderBrowser.signIn(
            url: hearth.authorizationURL(state: "google-state-deny"),
            redirectPrefix: LinkingHearth.redirectURI,
            login: UpstreamHearth.alice.login,
            password: UpstreamHearth.alice.password,
            idpConsent: "deny"
        )
        #expect(denied.reached, "console: \(denied.console)")
        #expect(denied.pages.map(\.kind) == ["idp-login", "idp-password", "idp-consent"])
        #expect(denied.query == ["error": "access_denied", "state": "google-state-deny"])
        #expect(try await hearth.signIns("denied", step: "callback") == 1)

        // Cancel on Hearth's consent page: Google hears access_denied with its state, and nobody is created.
        let cancelled = try await Self.browserSignIn(hearth, state: "google-state-cancel", decision: "deny")
        #expect(cancelled.reached, "console: \(cancelled.console)")
        #expect(cancelled.violations.isEmpty)
        #expect(cancelled.pages.map(\.kind) == ["idp-login", "idp-password", "idp-consent", "hearth-consent"])
        #expect(cancelled.query == ["error": "access_denied", "state": "google-state-cancel"])
        #expect(try hearth.userChanges().isEmpty)
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)
        #expect(try await hearth.signIns("denied", step: "consent") == 1)

        // Agree and link: the provider remembers alice's consent to Hearth, so its consent page is not shown again.
        let linked = try await Self.browserSignIn(hearth, state: "google-state-1")
        #expect(linked.reached, "console: \(linked.console)")
        #expect(linked.violations.isEmpty)
        #expect(linked.pages.map(\.kind) == ["idp-login", "idp-password", "hearth-consent"])
        let consentPage = try #require(linked.pages.last)
        #expect(consentPage.url.hasPrefix(hearth.callbackURL + "?"), "Hearth's consent page is the callback's answer")
        #expect(linked.redirect?.hasPrefix(LinkingHearth.redirectURI + "?") == true)
        #expect(linked.query["state"] == "google-state-1", "Google's state, not the provider's")
        #expect(linked.query["error"] == nil)
        let code = try #require(linked.query["code"])
        let created = try hearth.userChanges()
        #expect(created == ["alice created"], "created when she agreed")

        let token = try await hearth.exchange(code: code)
        #expect(try await hearth.syncedUser(token: token) == "alice", "the provider's sub is the agentUserId")
        let changes = try hearth.userChanges()
        #expect(changes == ["alice created", "alice linked"])

        let metrics = try await hearth.metrics()
        func value(_ series: String) -> Double { metrics[series] ?? 0 }
        #expect(value(#"hearth_upstream_sign_ins_total{outcome="redirected",step="authorize"}"#) == 3)
        #expect(value(#"hearth_upstream_sign_ins_total{outcome="completed",step="consent"}"#) == 1)
        #expect(value(#"hearth_upstream_sign_ins_total{outcome="denied",step="consent"}"#) == 1)
        // Discovery and keys once each (cached), a code exchange per sign-in the provider let through, nothing failed.
        #expect(value(#"hearth_identity_provider_requests_total{outcome="ok",step="discovery"}"#) == 1)
        #expect(value(#"hearth_identity_provider_requests_total{outcome="ok",step="keys"}"#) == 1)
        #expect(value(#"hearth_identity_provider_requests_total{outcome="ok",step="token"}"#) == 2)
        #expect(!metrics.contains { $0.key.contains(#"outcome="error""#) && $0.value > 0 })
        #expect(!metrics.contains { $0.key.hasPrefix("hearth_identity_token_refusals_total") && $0.value > 0 })
    }

    @Test(.enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote)))
    func aSignInAfterTheProviderRotatedItsKeysFetchesTheNewKey() async throws {
        let (provider, hearth) = try await Self.start()
        defer {
            hearth.stop()
            provider.stop()
        }
        let first = try await Self.browserSignIn(hearth, state: "before-rotation")
        _ = try await hearth.exchange(code: try #require(first.query["code"]))
        #expect(try await hearth.providerRequests("keys") == 1)

        let old = provider.signingKeyID
        let new = try await provider.rotateKeys()
        #expect(new != old)
        // An ID token naming a key Hearth does not know makes it ask for the keys again at most once per
        // `idTokenRefetchInterval` (1 s), not the 30 s that bounds what callers' access tokens may cause: the clock
        // is moved 2 s, far inside the 30 s, as a sign-in can follow a rotation closely.
        hearth.clock.advance(by: .seconds(2))

        let second = try await Self.browserSignIn(hearth, state: "after-rotation")
        #expect(second.reached, "console: \(second.console)")
        #expect(second.query["state"] == "after-rotation")
        let token = try await hearth.exchange(code: try #require(second.query["code"]))
        #expect(try await hearth.syncedUser(token: token) == "alice")
        #expect(try await hearth.providerRequests("keys") == 2, "the JWKS fetched again, for the new kid")
        #expect(try await hearth.providerRequests("discovery") == 1)
        #expect(try await hearth.signIns("completed", step: "consent") == 2)
        #expect(
            !(try await hearth.metrics()).contains {
                $0.key.hasPrefix("hearth_identity_token_refusals") && $0.value > 0
            }
        )
    }

    @Test func theProviderStoppedAfterTheRedirectLeavesAPageToTryAgainAndNothingLinked() async throws {
        let (provider, hearth) = try await Self.start()
        defer {
            hearth.stop()
            provider.stop()
        }
        let redirect = try await hearth.authorize(state: "google-state-2")
        #expect(redirect.status == 302)
        let location = try #require(redirect.header("Location"))
        #expect(location.hasPrefix(provider.authorizationEndpoint + "?"))
        let cookie = try #require(UpstreamHearth.signInCookie(redirect))
        let state = try #require(redirect.locationQuery["state"])
        #expect(state != "google-state-2", "Hearth's own state goes to the provider, not Google's")

        provider.kill()
        let page = try await hearth.callback(["code": "any-code", "state": state], cookie: cookie)
        #expect(page.status == 503)
        #expect(page.header("Retry-After") == "60")
        #expect(page.header("Location") == nil)
        #expect(page.text.contains("Please try again"))
        #expect(!page.text.contains(UpstreamHearth.clientSecret))
        #expect(!page.text.contains(provider.issuer))
        let failure = try #require(
            hearth.logText.split(separator: "\n").first { $0.contains("Sign-in through the identity provider failed") }
        )
        #expect(failure.contains("upstream.step=token_exchange"), "\(failure)")
        #expect(failure.contains("upstream.error=unavailable"), "\(failure)")
        for secret in [UpstreamHearth.clientSecret, String(cookie.dropFirst("hearth_signin=".count)), "any-code"] {
            #expect(!hearth.logText.contains(secret), "the log names \(secret)")
        }
        #expect(try await hearth.signIns("failed", step: "token_exchange") == 1)
        #expect(try await hearth.providerRequests("token", outcome: "error") == 1)

        // Nothing linked: no user, no consent asked, no code; the sign-in is spent, so Google's app starts over.
        #expect(try hearth.userChanges().isEmpty)
        #expect(try await hearth.signIns("completed", step: "consent") == 0)
        let again = try await hearth.callback(["code": "any-code", "state": state], cookie: cookie)
        #expect(again.status == 400)
        #expect(again.text.contains("expired or was already used"))
    }

    @Test func theProviderDownBeforeDiscoveryLeavesAPageNamingNothingSecret() async throws {
        let (provider, hearth) = try await Self.start()
        defer {
            hearth.stop()
            provider.stop()
        }
        provider.kill()
        let page = try await hearth.authorize(state: "google-state-3")
        #expect(page.status == 503)
        #expect(page.header("Retry-After") == "60")
        #expect(page.header("Location") == nil)
        #expect(UpstreamHearth.signInCookie(page) == nil, "no sign-in started")
        #expect(page.text.contains("Please try again"))
        for secret in [UpstreamHearth.clientSecret, provider.issuer, "google-state-3", "discovery"] {
            #expect(!page.text.contains(secret), "the page names \(secret)")
        }
        let failure = try #require(
            hearth.logText.split(separator: "\n").first { $0.contains("Sign-in through the identity provider failed") }
        )
        #expect(failure.contains("upstream.step=discovery"), "\(failure)")
        #expect(failure.contains("upstream.error=unavailable"), "\(failure)")
        #expect(!hearth.logText.contains(UpstreamHearth.clientSecret))
        #expect(try await hearth.signIns("failed", step: "discovery") == 1)
        #expect(try await hearth.providerRequests("discovery", outcome: "error") == 1)
        #expect(try await hearth.providerRequests("discovery") == 0)
    }

    @Test(.enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote)))
    func withoutCreatingUsersOnlyAUserTheBackendCreatedLinks() async throws {
        let (provider, hearth) = try await Self.start(createUsers: false)
        defer {
            hearth.stop()
            provider.stop()
        }

        // alice signs in at the provider, and Hearth does not know her.
        let refused = try await hearth.authorize(state: "google-state-4")
        let refusedCookie = try #require(UpstreamHearth.signInCookie(refused))
        let atProvider = try await UpstreamHearth.signInAtProvider(
            location: try #require(refused.header("Location")),
            callbackURL: hearth.callbackURL
        )
        #expect(atProvider.pages == ["idp-login", "idp-password", "idp-consent"])
        let notSetUp = try await hearth.callback(atProvider.query, cookie: refusedCookie)
        #expect(notSetUp.status == 403)
        #expect(notSetUp.text.contains("not set up"))
        #expect(!notSetUp.text.contains("/oauth/consent"), "no consent form")
        #expect(try hearth.userChanges().isEmpty)
        #expect(try hearth.store.devicesWithGeneration(forUser: "alice") == nil)
        #expect(try await hearth.signIns("refused", step: "callback") == 1)

        // The backend creates her through /v1; the same sign-in now links.
        let created = try await hearth.harness.send(.put, "/v1/users/alice", bearer: try hearth.harness.apiKey())
        #expect(created.status == 201)
        let started = try await hearth.authorize(state: "google-state-5")
        let cookie = try #require(UpstreamHearth.signInCookie(started))
        let again = try await UpstreamHearth.signInAtProvider(
            location: try #require(started.header("Location")),
            callbackURL: hearth.callbackURL
        )
        let consentPage = try await hearth.callback(again.query, cookie: cookie)
        #expect(consentPage.status == 200, "\(consentPage.text)\n\(hearth.logText)")
        #expect(consentPage.text.contains("Agree and link"))
        #expect(consentPage.text.contains("alice@example.com"), "the provider's email claim names the account")
        let redirect = try await hearth.consent(page: consentPage, cookie: cookie, decision: "allow")
        #expect(redirect.status == 302)
        #expect(redirect.locationWithoutQuery == LinkingHearth.redirectURI)
        #expect(redirect.locationQuery["state"] == "google-state-5")
        let token = try await hearth.exchange(code: try #require(redirect.locationQuery["code"]))
        #expect(try await hearth.syncedUser(token: token) == "alice")
        let changes = try hearth.userChanges()
        #expect(changes == ["alice created", "alice linked"], "created once, by the backend")
        #expect(try await hearth.signIns("completed", step: "consent") == 1)
    }

    /// Two instances behind one public callback URL, on one SQLite file: the sign-in started at A (its state and
    /// cookie) finishes at B, consent included, and B's code works at A too.
    @Test(.enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote)))
    func aSignInStartedAtOneInstanceFinishesAtAnother() async throws {
        let (provider, a) = try await Self.start()
        defer {
            a.stop()
            provider.stop()
        }
        let b = try UpstreamHearth(
            provider: provider,
            port: 0,
            callbackURL: a.callbackURL,
            databasePath: a.harness.databasePath
        )
        defer { b.stop() }

        let started = try await a.authorize(state: "google-state-6")
        let cookie = try #require(UpstreamHearth.signInCookie(started))
        let atProvider = try await UpstreamHearth.signInAtProvider(
            location: try #require(started.header("Location")),
            callbackURL: a.callbackURL
        )
        let consentPage = try await b.callback(atProvider.query, cookie: cookie)
        #expect(consentPage.status == 200, "\(consentPage.text)")
        let redirect = try await b.consent(page: consentPage, cookie: cookie, decision: "allow")
        #expect(redirect.status == 302)
        #expect(redirect.locationQuery["state"] == "google-state-6")
        let token = try await a.exchange(code: try #require(redirect.locationQuery["code"]))
        #expect(try await a.syncedUser(token: token) == "alice")
        #expect(try await b.syncedUser(token: token) == "alice")
        #expect(try await a.signIns("redirected", step: "authorize") == 1)
        #expect(try await b.signIns("completed", step: "consent") == 1)
        #expect(try await b.providerRequests("token") == 1)
        // The sign-in is spent everywhere: its callback again, at A, is refused.
        let replayed = try await a.callback(atProvider.query, cookie: cookie)
        #expect(replayed.status == 400)
        #expect(replayed.text.contains("expired or was already used"))
    }
}
