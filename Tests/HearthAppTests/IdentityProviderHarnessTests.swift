import Cryptography
import Foundation
import HearthTestSupport
import JSON
import Testing

/// The test identity provider itself (canaille, `HearthTestSupport.IdentityProvider`), before Hearth's tests lean on
/// it: it starts and answers discovery, rotates keys keeping the old one published, mints the tokens asked for, and a
/// real browser signs in through its own pages to a code that works at its token endpoint.
///
/// Skipped without Python 3 and python3-venv (or when pip cannot install the pinned packages) unless
/// `HEARTH_REQUIRE_IDENTITY_PROVIDER=1` (CI); the browser test also needs Chromium, like `BrowserSignInTests`.
@Suite(.serialized, .enabled(if: IdentityProvider.testsEnabled, Comment(rawValue: IdentityProvider.skipNote)))
struct IdentityProviderHarnessTests {
    /// Never connected to: the browser driver intercepts it (port 9 is discard).
    static let callback = "http://127.0.0.1:9/oauth/upstream/callback"
    static let alice = IdentityProvider.User(login: "alice", password: "correct horse battery staple")
    static let hearth = IdentityProvider.Client(id: "hearth", secret: "client-secret", redirectURIs: [callback])

    static func json(_ result: Curl.Result) throws -> JSONValue {
        try JSONParser.parse(result.body)
    }

    /// The payload (or header, `part` 0) of a compact JWS.
    static func decode(_ token: String, part: Int = 1) throws -> JSONValue {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let bytes = try #require(Base64URL.decode(String(parts[part])))
        return try JSONParser.parse(bytes)
    }

    @Test func startsAndAnswersDiscoveryAtItsIssuer() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.hearth])
        defer { provider.stop() }
        #expect(provider.issuer == "http://127.0.0.1:\(provider.port)")

        let discovery = try await Curl.fetch([provider.discoveryURL])
        #expect(discovery.status == 200)
        let metadata = try Self.json(discovery)
        #expect(metadata["issuer"]?.stringValue == provider.issuer)
        #expect(metadata["authorization_endpoint"]?.stringValue == provider.authorizationEndpoint)
        #expect(metadata["token_endpoint"]?.stringValue == provider.tokenEndpoint)
        #expect(metadata["jwks_uri"]?.stringValue == provider.jwksURI)
        #expect(metadata["introspection_endpoint"]?.stringValue == provider.introspectionEndpoint)
        #expect(metadata["revocation_endpoint"]?.stringValue == provider.revocationEndpoint)
        #expect(metadata["code_challenge_methods_supported"]?.arrayValue?.contains("S256") == true)
        let methods = metadata["token_endpoint_auth_methods_supported"]?.arrayValue ?? []
        #expect(methods.contains("client_secret_basic") && methods.contains("client_secret_post"))

        let jwks = try Self.json(try await Curl.fetch([try #require(metadata["jwks_uri"]?.stringValue)]))
        let kids = jwks["keys"]?.arrayValue?.compactMap { $0["kid"]?.stringValue } ?? []
        #expect(kids.contains(provider.signingKeyID))
        #expect(Set(kids) == Set(provider.keyIDs))

        let memory = provider.residentMemoryBytes() ?? 0
        #expect(memory > 0)
        print("identity provider: ready in \(provider.startUpDuration), resident memory \(memory / 1_048_576) MiB")
    }

    @Test func rotatingKeysPublishesANewKeyAndKeepsTheOldOne() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.hearth])
        defer { provider.stop() }
        let old = provider.signingKeyID
        let new = try await provider.rotateKeys()
        #expect(new != old)

        let jwks = try Self.json(try await Curl.fetch([provider.issuer + "/oauth/jwks.json"]))
        let kids = jwks["keys"]?.arrayValue?.compactMap { $0["kid"]?.stringValue } ?? []
        #expect(kids.contains(new), "the new key is published")
        #expect(kids.contains(old), "the old key stays published, as inactive")
        #expect(provider.keyIDs.first == new)

        // The provider signs with the new key now; a token signed with the old one can still be minted.
        let minted = try provider.mint([.init(claims: ["sub": "alice"]), .init(claims: ["sub": "alice"], keyID: old)])
        #expect(try Self.decode(minted[0], part: 0)["kid"]?.stringValue == new)
        #expect(try Self.decode(minted[1], part: 0)["kid"]?.stringValue == old)
    }

    @Test func mintedTokensCarryWhatWasAsked() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.hearth], algorithm: .es256)
        defer { provider.stop() }
        let claims: JSONValue = [
            "iss": .string(provider.issuer), "aud": "hearth", "sub": "alice", "exp": 2_000_000_000, "nonce": "n-1",
        ]
        let tokens = try provider.mint([
            .init(claims: claims, header: ["typ": "at+jwt"], algorithm: "ES256"),
            .init(claims: claims, algorithm: "none"),
            .init(claims: claims, algorithm: "HS256", hmacWithPublicKey: true),
            .init(claims: claims, algorithm: "RS256", key: .fresh),
            .init(claims: claims, algorithm: "RS256", tamper: ["sub": "mallory"]),
            .init(claims: claims, algorithm: "RS256"),
        ])
        let signed = try Self.decode(tokens[0], part: 0)
        #expect(signed["alg"] == "ES256")
        #expect(signed["typ"] == "at+jwt")
        #expect(signed["kid"]?.stringValue == provider.signingKeyID)
        #expect(try Self.decode(tokens[0]) == claims)
        // ES256 signatures are JWS's raw R‖S: 64 bytes.
        #expect(Base64URL.decode(String(tokens[0].split(separator: ".")[2]))?.count == 64)

        #expect(try Self.decode(tokens[1], part: 0)["alg"] == "none")
        #expect(tokens[1].hasSuffix("."), "no signature")

        let confused = try Self.decode(tokens[2], part: 0)
        #expect(confused["alg"] == "HS256")
        let published = provider.keyIDs
        #expect(confused["kid"]?.stringValue.map { published.contains($0) } == true, "names a published RSA key")

        let fresh = try Self.decode(tokens[3], part: 0)
        #expect(fresh["kid"]?.stringValue.map { published.contains($0) } == false, "a key nobody published")

        #expect(try Self.decode(tokens[4])["sub"] == "mallory")
        // Tampered after signing: the signature is still that of the untouched payload (RS256 is deterministic, so
        // the same claims signed again give the same signature), and no longer matches the payload it carries.
        let tampered = tokens[4].split(separator: ".")
        let original = tokens[5].split(separator: ".")
        #expect(tampered[0] == original[0])
        #expect(tampered[2] == original[2])
        #expect(tampered[1] != original[1])
    }

    @Test(
        .enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote))
    )
    func aBrowserSignsInThroughTheProvidersPagesAndTheCodeWorks() async throws {
        let provider = try await IdentityProvider.start(users: [Self.alice], clients: [Self.hearth])
        defer { provider.stop() }
        let (tokens, pages) = try await Self.signInAndExchange(at: provider, client: Self.hearth)
        #expect(pages == ["idp-login", "idp-password", "idp-consent"])
        let access = try #require(tokens["access_token"]?.stringValue)
        #expect(try Self.decode(access, part: 0)["alg"] == "RS256")
        #expect(try Self.decode(access, part: 0)["typ"] == "JWT", "canaille's access tokens are JWTs, typ JWT")
        #expect(try Self.decode(access)["sub"] == "alice")

        // Introspection with the client's own credentials; the state survives a kill and a restart.
        func introspect() async throws -> JSONValue {
            try Self.json(
                try await Curl.fetch([
                    "--user", "hearth:client-secret", "--data-urlencode", "token=\(access)",
                    provider.issuer + "/oauth/introspect",
                ])
            )
        }
        #expect(try await introspect()["active"] == true)
        #expect(try await introspect()["sub"] == "alice")
        provider.kill()
        #expect(try await Curl.fetch([provider.issuer + "/.well-known/openid-configuration"]).status == 0, "stopped")
        try await provider.restart()
        #expect(try await introspect()["active"] == true)
    }

    /// ES256, `client_secret_post`, consent recorded beforehand, opaque access tokens: no consent page, the ID token
    /// signed ES256, and the access token a random string that introspection knows.
    @Test(
        .enabled(if: IdentityProviderBrowser.testsEnabled, Comment(rawValue: IdentityProviderBrowser.skipNote))
    )
    func anES256ProviderWithClientSecretPostAndNoConsentPage() async throws {
        let client = IdentityProvider.Client(
            id: "hearth",
            secret: "client-secret",
            redirectURIs: [Self.callback],
            authMethod: .clientSecretPost
        )
        let provider = try await IdentityProvider.start(
            users: [Self.alice],
            clients: [client],
            algorithm: .es256,
            consentRequired: false,
            opaqueAccessTokens: true
        )
        defer { provider.stop() }
        let (tokens, pages) = try await Self.signInAndExchange(at: provider, client: client)
        #expect(pages == ["idp-login", "idp-password"])
        let header = try Self.decode(try #require(tokens["id_token"]?.stringValue), part: 0)
        #expect(header["alg"] == "ES256")
        #expect(header["kid"]?.stringValue == provider.signingKeyID)
        let access = try #require(tokens["access_token"]?.stringValue)
        #expect(!access.contains("."), "opaque")
        let introspection = try Self.json(
            try await Curl.fetch([
                "--user", "hearth:client-secret", "--data-urlencode", "token=\(access)", provider.introspectionEndpoint,
            ])
        )
        #expect(introspection["active"] == true)
        #expect(introspection["sub"] == "alice")
    }

    /// A browser signs in as alice with PKCE S256, state and nonce; the code is exchanged with the client's
    /// authentication method. Returns the token answer (its ID token checked) and the kinds of pages shown.
    static func signInAndExchange(
        at provider: IdentityProvider,
        client: IdentityProvider.Client
    ) async throws -> (tokens: JSONValue, pages: [String]) {
        let verifier = "verifier-" + String(repeating: "v", count: 40)
        let challenge = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
        var authorize = URLComponents(string: provider.issuer + "/oauth/authorize")!
        authorize.queryItems = [
            .init(name: "response_type", value: "code"), .init(name: "client_id", value: "hearth"),
            .init(name: "redirect_uri", value: Self.callback), .init(name: "scope", value: "openid profile"),
            .init(name: "state", value: "state-1"), .init(name: "nonce", value: "nonce-1"),
            .init(name: "code_challenge", value: challenge), .init(name: "code_challenge_method", value: "S256"),
        ]
        let outcome = try await IdentityProviderBrowser.signIn(
            url: try #require(authorize.url?.absoluteString),
            redirectPrefix: Self.callback,
            login: Self.alice.login,
            password: Self.alice.password
        )
        #expect(outcome.reached, "console: \(outcome.console)")
        #expect(outcome.violations.isEmpty)
        #expect(outcome.query["state"] == "state-1")
        #expect(outcome.query["iss"] == provider.issuer, "RFC 9207's iss parameter")
        let code = try #require(outcome.query["code"])

        // The code works at the token endpoint, with the client's authentication and the PKCE verifier.
        let authentication =
            client.authMethod == .clientSecretBasic
            ? ["--user", "\(client.id):\(client.secret)"]
            : ["--data-urlencode", "client_id=\(client.id)", "--data-urlencode", "client_secret=\(client.secret)"]
        let exchange = try await Curl.fetch(
            authentication + [
                "--data-urlencode", "grant_type=authorization_code", "--data-urlencode", "code=\(code)",
                "--data-urlencode", "redirect_uri=\(Self.callback)", "--data-urlencode", "code_verifier=\(verifier)",
                provider.issuer + "/oauth/token",
            ]
        )
        #expect(exchange.status == 200, "\(exchange.body)")
        let tokens = try Self.json(exchange)
        let idToken = try Self.decode(try #require(tokens["id_token"]?.stringValue))
        #expect(idToken["iss"]?.stringValue == provider.issuer)
        #expect(idToken["sub"] == "alice")
        #expect(idToken["nonce"] == "nonce-1")
        #expect(idToken["aud"] == ["hearth"])
        #expect(tokens["refresh_token"]?.stringValue != nil)
        #expect(tokens["access_token"]?.stringValue != nil)
        return (tokens, outcome.pages.map(\.kind))
    }
}
