import Clocks
import Cryptography
import Foundation
import HearthTestSupport
import JSON
import OAuth
import Registry
import Testing

/// Account linking end to end, the way Google drives it: the sign-in page, the form POST, the redirect with a
/// code, the token endpoint, fulfillment with the access token, refresh, DISCONNECT. Real listener, real SQLite,
/// curl as the client (no redirect followed).
struct OAuthFlowTests {
    static let password = "correct horse battery staple"

    static func make(settings: OAuthSettings = OAuthSettings()) throws -> LinkingHearth {
        let hearth = try LinkingHearth(settings: settings)
        try hearth.addAccount(user: "alice", login: "alice@example.com", password: password)
        try hearth.addAccount(user: "bob", login: "bob@example.com", password: "bobs own password")
        return hearth
    }

    @Test func theWholeLinkingFlow() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        // 1. Google opens the authorization URL in the user's browser.
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        let csp = try #require(page.header("Content-Security-Policy"))
        #expect(csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"))
        // form-action also covers the 302 after the POST (Chromium), so it names the redirect URI's origin, exactly.
        #expect(csp.contains("form-action 'self' https://oauth-redirect.googleusercontent.com;"))
        #expect(page.header("X-Frame-Options") == "DENY")
        #expect(page.header("Cache-Control") == "no-store")
        #expect(page.header("Referrer-Policy") == "no-referrer")
        #expect(!page.text.contains("<script") && !page.text.contains("src="), "no script, no external asset")
        let hidden = Dictionary(LinkingHearth.hiddenFields(page.text), uniquingKeysWith: { first, _ in first })
        #expect(hidden["csrf_token"]?.isEmpty == false)
        #expect(hidden["state"] == "state-xyz")
        // 2. The user signs in and allows: 302 to Google's redirect URI with code and state.
        let redirect = try hearth.submit(
            page: page,
            [("login", "alice@example.com"), ("password", Self.password), ("decision", "allow")]
        )
        #expect(redirect.status == 302)
        #expect(redirect.locationWithoutQuery == LinkingHearth.redirectURI)
        #expect(redirect.locationQuery["state"] == "state-xyz")
        let code = try #require(redirect.locationQuery["code"])
        #expect(Base64URL.decode(code)?.count == 32, "256 random bits")
        // 3. Google exchanges the code.
        let tokens = try hearth.exchange(code)
        #expect(tokens.status == 200)
        #expect(tokens.header("Cache-Control") == "no-store")
        #expect(tokens.header("Pragma") == "no-cache")
        let json = try #require(tokens.json)
        #expect(json["token_type"] == "Bearer")
        #expect(json["expires_in"] == 3600)
        let access = try #require(json["access_token"]?.stringValue)
        let refresh = try #require(json["refresh_token"]?.stringValue)
        #expect(Base64URL.decode(access)?.count == 32 && Base64URL.decode(refresh)?.count == 32)
        #expect(!access.contains("."), "not a JWT")
        // 4. SYNC with the access token: alice's devices.
        let sync = try hearth.intent(TestHomes.sync, token: access)
        #expect(sync.status == 200)
        #expect(sync.json?["payload"]?["agentUserId"] == "alice")
        #expect(sync.json?["payload"]?["devices"]?.arrayValue?.count == 5)
        // The refresh token does not open /fulfillment.
        #expect(try hearth.intent(TestHomes.sync, token: refresh).status == 401)
        // 5. Refresh: a new access token, the same refresh token (no rotation by default).
        let refreshed = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(refreshed.status == 200)
        let newAccess = try #require(refreshed.json?["access_token"]?.stringValue)
        #expect(newAccess != access)
        #expect(refreshed.json?["refresh_token"] == nil)
        #expect(refreshed.json?["token_type"] == "Bearer")
        #expect(try hearth.intent(TestHomes.sync, token: newAccess).status == 200)
        // 6. DISCONNECT with the new access token: every token of alice for google is revoked.
        let disconnect = try hearth.intent(TestHomes.disconnect, token: newAccess)
        #expect(disconnect.status == 200)
        #expect(disconnect.json == [:])
        let after = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        #expect(after.status == 400)
        #expect(after.json?["error"] == "invalid_grant")
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 401)
        #expect(try hearth.intent(TestHomes.sync, token: newAccess).status == 401)
        #expect(try hearth.store.devices(forUser: "alice").count == 5, "the devices stay")
    }

    @Test func basicAuthenticationWorksAsWellAsTheBody() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let code = try hearth.code()
        let tokens = try hearth.token(
            [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", LinkingHearth.redirectURI)],
            basic: true
        )
        #expect(tokens.status == 200)
        #expect(tokens.json?["access_token"]?.stringValue != nil)
    }

    @Test func pkceS256IsCheckedAtTheTokenEndpoint() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"  // RFC 7636 appendix B
        let query = LinkingHearth.authorizeQuery(challenge: challenge, method: "S256")
        // The wrong verifier is invalid_grant, and leaves the code usable.
        let code = try hearth.code(query: query)
        let wrong = try hearth.exchange(code, verifier: String(repeating: "a", count: 43))
        #expect(wrong.status == 400)
        #expect(wrong.json?["error"] == "invalid_grant")
        let missing = try hearth.exchange(code)
        #expect(missing.json?["error"] == "invalid_grant")
        let right = try hearth.exchange(code, verifier: verifier)
        #expect(right.status == 200)
        // A verifier for a code that had no challenge is refused too.
        let plainCode = try hearth.code()
        #expect(try hearth.exchange(plainCode, verifier: verifier).json?["error"] == "invalid_grant")
    }

    @Test func declineRedirectsWithAccessDenied() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        let redirect = try hearth.submit(page: page, [("decision", "deny")])
        #expect(redirect.status == 302)
        #expect(redirect.locationQuery["error"] == "access_denied")
        #expect(redirect.locationQuery["state"] == "state-xyz")
        #expect(redirect.locationQuery["code"] == nil)
    }

    // MARK: - Authorization endpoint errors

    @Test(arguments: [
        ("unknown client", LinkingHearth.authorizeQuery(clientId: "evil")),
        ("no client", LinkingHearth.authorizeQuery(clientId: nil)),
        (
            "redirect not allow-listed",
            LinkingHearth.authorizeQuery(redirectURI: "https://evil.example/r/hearth-test")
        ),
        ("redirect with a trailing slash", LinkingHearth.authorizeQuery(redirectURI: LinkingHearth.redirectURI + "/")),
        (
            "redirect of another project",
            LinkingHearth.authorizeQuery(redirectURI: "https://oauth-redirect.googleusercontent.com/r/other")
        ),
        ("redirect of another client", LinkingHearth.authorizeQuery(redirectURI: "https://other.example/callback")),
        ("no redirect", LinkingHearth.authorizeQuery(redirectURI: nil)),
    ])
    func badClientOrRedirectGetsAPageNeverARedirect(_ name: String, _ query: [(String, String?)]) throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let response = try hearth.authorizePage(query)
        #expect(response.status == 400, "\(name)")
        #expect(response.header("Location") == nil, "\(name)")
        #expect(response.header("X-Frame-Options") == "DENY")
        #expect(response.text.contains("Cannot link"), "\(name)")
        #expect(!response.text.contains("<form"), "\(name)")
    }

    @Test(arguments: [
        ("no response_type", LinkingHearth.authorizeQuery(responseType: nil), "invalid_request"),
        ("response_type token", LinkingHearth.authorizeQuery(responseType: "token"), "unsupported_response_type"),
        (
            "plain PKCE", LinkingHearth.authorizeQuery(challenge: String(repeating: "a", count: 43), method: "plain"),
            "invalid_request"
        ),
        (
            "PKCE without method", LinkingHearth.authorizeQuery(challenge: String(repeating: "a", count: 43)),
            "invalid_request"
        ),
        ("method without challenge", LinkingHearth.authorizeQuery(method: "S256"), "invalid_request"),
        ("malformed challenge", LinkingHearth.authorizeQuery(challenge: "short", method: "S256"), "invalid_request"),
    ])
    func otherErrorsRedirectWithAnError(_ name: String, _ query: [(String, String?)], _ error: String) throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let response = try hearth.authorizePage(query)
        #expect(response.status == 302, "\(name)")
        #expect(response.locationWithoutQuery == LinkingHearth.redirectURI, "\(name)")
        #expect(response.locationQuery["error"] == error, "\(name)")
        #expect(response.locationQuery["state"] == "state-xyz", "\(name)")
    }

    @Test func aDuplicatedParameterIsInvalidRequest() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let query = LinkingHearth.form(LinkingHearth.authorizeQuery()) + "&scope=a&scope=b"
        let response = try hearth.request("GET", "/oauth/authorize?" + query)
        #expect(response.status == 302)
        #expect(response.locationQuery["error"] == "invalid_request")
    }

    @Test func htmlIsEscaped() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let state = #""><script>alert(1)</script>&'"#
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery(state: state, scope: "<b>devices</b>"))
        #expect(page.status == 200)
        #expect(!page.text.contains("<script>") && !page.text.contains("<b>"))
        #expect(page.text.contains("&lt;script&gt;"))
        let hidden = Dictionary(LinkingHearth.hiddenFields(page.text), uniquingKeysWith: { first, _ in first })
        #expect(hidden["state"] == state, "the state survives the round trip")
        let redirect = try hearth.submit(
            page: page,
            [("login", "alice@example.com"), ("password", Self.password), ("decision", "allow")]
        )
        #expect(redirect.locationQuery["state"] == state)
    }

    @Test func badOrExpiredCSRFTokenSignsNobodyIn() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let signIn: [(String, String?)] = [
            ("login", "alice@example.com"), ("password", Self.password), ("decision", "allow"),
        ]
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        // Forged token.
        let forged = try hearth.submit(page: page, signIn, replacing: ["csrf_token": String(repeating: "A", count: 54)])
        #expect(forged.status == 400)
        #expect(forged.header("Location") == nil)
        #expect(forged.text.contains("expired or was not sent by this page"))
        // A token bound to another state.
        let tampered = try hearth.submit(page: page, signIn, replacing: ["state": "other-state"])
        #expect(tampered.status == 400)
        #expect(tampered.header("Location") == nil)
        // No token.
        let hidden = LinkingHearth.hiddenFields(page.text).filter { $0.0 != "csrf_token" }.map {
            ($0.0, Optional($0.1))
        }
        let none = try hearth.request(
            "POST",
            "/oauth/authorize",
            body: LinkingHearth.form(hidden + signIn),
            headers: ["Content-Type": "application/x-www-form-urlencoded"]
        )
        #expect(none.status == 400)
        // Expired.
        hearth.advance(seconds: 901)
        let expired = try hearth.submit(page: page, signIn)
        #expect(expired.status == 400)
        #expect(expired.header("Location") == nil)
        // The fresh page it shows works.
        let again = try hearth.submit(page: expired, signIn)
        #expect(again.status == 302)
        #expect(again.locationQuery["code"] != nil)
    }

    @Test func wrongPasswordAndUnknownLoginLookAlike() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        let wrong = try hearth.submit(
            page: page,
            [("login", "alice@example.com"), ("password", "nope"), ("decision", "allow")]
        )
        // Each form works once: the next attempt uses the page the last one showed.
        let unknown = try hearth.submit(
            page: wrong,
            [("login", "nobody@example.com"), ("password", "nope"), ("decision", "allow")]
        )
        #expect(wrong.status == 200 && unknown.status == 200)
        #expect(wrong.header("Location") == nil && unknown.header("Location") == nil)
        let message = "The login or password is wrong"
        #expect(wrong.text.contains(message) && unknown.text.contains(message))
        // Same page but for the fresh CSRF token.
        func withoutToken(_ text: String) -> String {
            text.components(separatedBy: "\n").filter { !$0.contains("csrf_token") }.joined(separator: "\n")
        }
        #expect(withoutToken(wrong.text) == withoutToken(unknown.text))
    }

    @Test func repeatedWrongPasswordsLockTheLoginForAWhile() throws {
        let hearth = try Self.make(
            settings: OAuthSettings(
                loginLockout: LockoutPolicy(maxAttempts: 3, windowSeconds: 600, lockoutSeconds: 300)
            )
        )
        defer { hearth.shutdown() }
        var page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        for _ in 0..<3 {
            let wrong = try hearth.submit(
                page: page,
                [("login", "alice@example.com"), ("password", "x"), ("decision", "allow")]
            )
            #expect(wrong.status == 200 && wrong.header("Location") == nil)
            page = wrong
        }
        // Locked: even the right password fails, with the same message.
        let locked = try hearth.submit(
            page: page,
            [("login", "alice@example.com"), ("password", Self.password), ("decision", "allow")]
        )
        #expect(locked.header("Location") == nil)
        #expect(locked.text.contains("The login or password is wrong"))
        // bob is not locked.
        _ = try hearth.code(login: "bob@example.com", password: "bobs own password")
        // After the lockout alice signs in.
        hearth.advance(seconds: 301)
        _ = try hearth.code()
    }

    // MARK: - Token endpoint errors

    @Test func aCodeWorksOnceAndItsReuseRevokesWhatItGave() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let code = try hearth.code()
        let first = try hearth.exchange(code)
        let access = try #require(first.json?["access_token"]?.stringValue)
        let refresh = try #require(first.json?["refresh_token"]?.stringValue)
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 200)
        let second = try hearth.exchange(code)
        #expect(second.status == 400)
        #expect(second.json?["error"] == "invalid_grant")
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 401, "RFC 6749 §4.1.2: revoked")
        #expect(
            try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh)]).json?["error"]
                == "invalid_grant"
        )
    }

    @Test func anExpiredCodeIsInvalidGrant() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let code = try hearth.code()
        hearth.advance(seconds: 600)
        let response = try hearth.exchange(code)
        #expect(response.status == 400)
        #expect(response.json?["error"] == "invalid_grant")
        let fresh = try hearth.code()
        hearth.advance(seconds: 599)
        #expect(try hearth.exchange(fresh).status == 200, "still valid one second before expiry")
    }

    @Test func aCodeIsBoundToItsClientAndRedirectURI() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let code = try hearth.code()
        let otherClient = try hearth.token(
            [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", LinkingHearth.redirectURI)],
            client: ("other", LinkingHearth.otherSecret)
        )
        #expect(otherClient.status == 400)
        #expect(otherClient.json?["error"] == "invalid_grant")
        let otherRedirect = try hearth.exchange(code, redirectURI: LinkingHearth.sandboxRedirectURI)
        #expect(otherRedirect.json?["error"] == "invalid_grant")
        #expect(try hearth.exchange(code).status == 200, "the refused attempts did not spend the code")
        #expect(try hearth.exchange("not-a-code").json?["error"] == "invalid_grant")
    }

    @Test func clientAuthenticationFailuresAreInvalidClient() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let code = try hearth.code()
        let grant: [(String, String?)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", LinkingHearth.redirectURI),
        ]
        for (client, basic) in [
            (("google", "wrong"), false), (("google", "wrong"), true), (("nobody", "x"), false),
            (("unready", ""), false), (("unready", "anything"), true),
        ] {
            let response = try hearth.token(grant, client: client, basic: basic)
            #expect(response.status == 401, "\(client) basic \(basic)")
            #expect(response.json?["error"] == "invalid_client")
            #expect(response.header("WWW-Authenticate")?.hasPrefix("Basic") == true)
            #expect(response.header("Cache-Control") == "no-store")
        }
        let none = try hearth.token(grant, client: nil)
        #expect(none.status == 401)
        #expect(none.json?["error"] == "invalid_client")
        #expect(try hearth.exchange(code).status == 200, "failed client authentication spent nothing")
    }

    @Test func basicAndBodySecretTogetherAreInvalidRequest() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let response = try hearth.request(
            "POST",
            "/oauth/token",
            body:
                "grant_type=refresh_token&refresh_token=x&client_id=google&client_secret=\(LinkingHearth.googleSecret)",
            headers: [
                "Content-Type": "application/x-www-form-urlencoded",
                "Authorization": "Basic " + Data("google:\(LinkingHearth.googleSecret)".utf8).base64EncodedString(),
            ]
        )
        #expect(response.status == 400)
        #expect(response.json?["error"] == "invalid_request")
    }

    @Test func requestShapeErrors() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let json = try hearth.token(
            [("grant_type", "refresh_token"), ("refresh_token", "x")],
            contentType: "application/json"
        )
        #expect(json.status == 400)
        #expect(json.json?["error"] == "invalid_request")
        let unknownGrant = try hearth.token([("grant_type", "password"), ("username", "a"), ("password", "b")])
        #expect(unknownGrant.status == 400)
        #expect(unknownGrant.json?["error"] == "unsupported_grant_type")
        for fields in [
            [("code", Optional("x")), ("redirect_uri", LinkingHearth.redirectURI)],
            [("grant_type", "authorization_code"), ("redirect_uri", LinkingHearth.redirectURI)],
            [("grant_type", "authorization_code"), ("code", "x")],
            [("grant_type", "refresh_token")],
        ] as [[(String, String?)]] {
            let response = try hearth.token(fields)
            #expect(response.status == 400, "\(fields)")
            #expect(response.json?["error"] == "invalid_request", "\(fields)")
            #expect(response.header("Pragma") == "no-cache")
        }
        let get = try hearth.request("GET", "/oauth/token")
        #expect(get.status == 405)
        #expect(get.header("Allow") == "POST")
    }

    // MARK: - Refresh tokens

    @Test func refreshTokensOfAnotherClientAreInvalidGrant() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let refresh = try #require(try hearth.exchange(try hearth.code()).json?["refresh_token"]?.stringValue)
        let response = try hearth.token(
            [("grant_type", "refresh_token"), ("refresh_token", refresh)],
            client: ("other", LinkingHearth.otherSecret)
        )
        #expect(response.json?["error"] == "invalid_grant")
        #expect(try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh)]).status == 200)
    }

    @Test func accessTokensExpire() throws {
        let hearth = try Self.make(settings: OAuthSettings(accessTokenTTLSeconds: 120))
        defer { hearth.shutdown() }
        let tokens = try hearth.exchange(try hearth.code())
        #expect(tokens.json?["expires_in"] == 120)
        let access = try #require(tokens.json?["access_token"]?.stringValue)
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 200)
        // The bearer check reads the same clock as the token endpoint: 119 s later the token is still good, at
        // 120 s it has expired.
        hearth.advance(seconds: 119)
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 200)
        hearth.advance(seconds: 1)
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 401)
    }

    @Test func withoutRotationTheRefreshTokenStaysAndRacingRefreshesBothWork() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let refresh = try #require(try hearth.exchange(try hearth.code()).json?["refresh_token"]?.stringValue)
        hearth.advance(seconds: 86400 * 400)
        for _ in 0..<3 {
            let response = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
            #expect(response.status == 200)
            #expect(response.json?["refresh_token"] == nil)
        }
    }

    @Test func withRotationThePreviousRefreshTokenWorksForTheGracePeriod() throws {
        let hearth = try Self.make(settings: OAuthSettings(rotateRefreshTokens: true, refreshTokenGraceSeconds: 300))
        defer { hearth.shutdown() }
        let first = try #require(try hearth.exchange(try hearth.code()).json?["refresh_token"]?.stringValue)
        let rotated = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", first)])
        let second = try #require(rotated.json?["refresh_token"]?.stringValue)
        #expect(second != first)
        // A racing refresh with the first token, within the grace period, still works.
        hearth.advance(seconds: 299)
        let racing = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", first)])
        #expect(racing.status == 200)
        #expect(racing.json?["refresh_token"]?.stringValue != nil)
        // After the grace period the first is invalid_grant; the second works.
        hearth.advance(seconds: 1)
        let late = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", first)])
        #expect(late.status == 400)
        #expect(late.json?["error"] == "invalid_grant")
        #expect(try hearth.token([("grant_type", "refresh_token"), ("refresh_token", second)]).status == 200)
    }

    // MARK: - Isolation between clients and users

    @Test func disconnectRevokesOnlyThatClientsTokensOfThatUser() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let googleAlice = try hearth.exchange(try hearth.code()).json
        let otherCode = try hearth.code(
            query: LinkingHearth.authorizeQuery(clientId: "other", redirectURI: "https://other.example/callback")
        )
        let otherAlice = try hearth.token(
            [
                ("grant_type", "authorization_code"), ("code", otherCode),
                ("redirect_uri", "https://other.example/callback"),
            ],
            client: ("other", LinkingHearth.otherSecret)
        ).json
        let googleBob = try hearth.exchange(try hearth.code(login: "bob@example.com", password: "bobs own password"))
            .json
        let devToken = try hearth.store.issueToken(forUser: "alice", ttl: nil, now: UnixTime(seconds: 0))
        let access = try #require(googleAlice?["access_token"]?.stringValue)
        #expect(try hearth.intent(TestHomes.disconnect, token: access).status == 200)
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 401)
        let otherAccess = try #require(otherAlice?["access_token"]?.stringValue)
        #expect(try hearth.intent(TestHomes.sync, token: otherAccess).status == 200, "another client's link stays")
        let bobAccess = try #require(googleBob?["access_token"]?.stringValue)
        let bobSync = try hearth.intent(TestHomes.sync, token: bobAccess)
        #expect(bobSync.json?["payload"]?["agentUserId"] == "bob", "another user's link stays")
        #expect(try hearth.intent(TestHomes.sync, token: devToken).status == 200, "dev tokens stay")
        // A dev token's DISCONNECT revokes the dev tokens only.
        #expect(try hearth.intent(TestHomes.disconnect, token: devToken).status == 200)
        #expect(try hearth.intent(TestHomes.sync, token: devToken).status == 401)
        #expect(try hearth.intent(TestHomes.sync, token: otherAccess).status == 200)
    }

    @Test func oneUsersCodeOrRefreshTokenNeverYieldsAnothersDevices() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let bob = try hearth.exchange(try hearth.code(login: "bob@example.com", password: "bobs own password")).json
        let bobRefresh = try #require(bob?["refresh_token"]?.stringValue)
        let refreshed = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", bobRefresh)])
        let access = try #require(refreshed.json?["access_token"]?.stringValue)
        let sync = try hearth.intent(TestHomes.sync, token: access)
        #expect(sync.json?["payload"]?["agentUserId"] == "bob")
        #expect(sync.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["bob-light"])
        let query = try hearth.intent(TestHomes.query(["lamp"]), token: access)
        #expect(query.json?["payload"]?["devices"]?["lamp"]?["errorCode"] == "deviceNotFound")
    }

    @Test func removingAnAccountRevokesItsTokens() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let json = try hearth.exchange(try hearth.code()).json
        let access = try #require(json?["access_token"]?.stringValue)
        let refresh = try #require(json?["refresh_token"]?.stringValue)
        #expect(try hearth.store.removeAccount(user: "alice"))
        #expect(try hearth.intent(TestHomes.sync, token: access).status == 401)
        #expect(
            try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh)]).json?["error"]
                == "invalid_grant"
        )
        #expect(try hearth.store.devices(forUser: "alice").count == 5)
    }
}
