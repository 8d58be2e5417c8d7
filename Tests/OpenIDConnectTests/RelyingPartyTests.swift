import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import JOSE
import JSON
import OpenIDConnect
import Testing

/// ``RelyingParty`` against a real provider on loopback: the authorization URL, the code exchange as the token
/// endpoint saw it (both client authentication methods), and the ID token checked as OpenID Connect Core §3.1.3.7
/// says.
struct RelyingPartyTests {
    static let redirectURI = "https://hearth.example/oauth/upstream/callback"

    static func party(
        _ provider: OpenIDProvider,
        method: ClientAuthMethod = .clientSecretBasic,
        secret: String = "s3cret",
        userClaim: String = "sub"
    ) -> RelyingParty {
        RelyingParty(
            provider: provider,
            clientID: "hearth",
            clientSecret: secret,
            authMethod: method,
            scopes: ["openid", "email"],
            userClaim: userClaim
        )
    }

    static func signIn(
        _ party: RelyingParty,
        nonce: String = "n-1"
    ) async -> Result<SignedInIdentity, OpenIDConnectError> {
        do {
            return .success(
                try await party.signIn(
                    code: "code-1",
                    codeVerifier: "verifier-1",
                    nonce: nonce,
                    redirectURI: redirectURI
                )
            )
        } catch {
            return .failure(error)
        }
    }

    /// The form fields of a request body.
    static func fields(_ request: Request?) -> [String: String] {
        let pairs = FormEncoding.decode(String(decoding: request?.body ?? [], as: UTF8.self)) ?? []
        return Dictionary(pairs.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theAuthorizationURLCarriesEveryParameterEncodedAfterTheEndpointsOwnQuery() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let party = Self.party(Fixtures.provider(idp, clock: ManualClock()))
        let url = try await party.authorizationURL(
            state: "st ate&x",
            nonce: "n/1",
            codeChallenge: "abc-_",
            redirectURI: Self.redirectURI
        )
        #expect(url.hasPrefix(idp.issuer + "/authorize?tenant=a&response_type=code&"))
        let query = try #require(URLComponents(string: url)?.queryItems)
        let items = Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(items["tenant"] == "a")
        #expect(items["client_id"] == "hearth")
        #expect(items["redirect_uri"] == Self.redirectURI)
        #expect(items["scope"] == "openid email")
        #expect(items["state"] == "st ate&x")
        #expect(items["nonce"] == "n/1")
        #expect(items["code_challenge"] == "abc-_")
        #expect(items["code_challenge_method"] == "S256")
        #expect(url.contains("redirect_uri=https%3A%2F%2Fhearth.example%2Foauth%2Fupstream%2Fcallback"))
    }

    @Test func openidIsAlwaysAmongTheScopes() throws {
        let provider = OpenIDProvider(
            issuer: "https://idp.example",
            client: Fixtures.client,
            clock: ManualClock(),
            logger: Fixtures.logger
        )
        let party = RelyingParty(
            provider: provider,
            clientID: "c",
            clientSecret: "s",
            authMethod: .clientSecretPost,
            scopes: ["email"],
            userClaim: "sub"
        )
        #expect(party.scopes == ["openid", "email"])
    }

    @Test func clientSecretBasicSendsTheFormEncodedCredentialsInTheAuthorizationHeader() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.token, status: .badRequest, body: #"{"error":"invalid_grant"}"#)
        let party = Self.party(Fixtures.provider(idp, clock: ManualClock()), secret: "p@ss:wörd/+")
        _ = await Self.signIn(party)
        let request = try #require(idp.requests(.token).first)
        #expect(request.method == .post)
        #expect(request.headerFields[.contentType] == "application/x-www-form-urlencoded")
        // RFC 6749 §2.3.1: each of id and secret form-urlencoded, then joined with ":" and base64-encoded.
        let expected = "Basic " + Data("hearth:p%40ss%3Aw%C3%B6rd%2F%2B".utf8).base64EncodedString()
        #expect(request.headerFields[.authorization] == expected)
        let fields = Self.fields(request)
        #expect(fields["grant_type"] == "authorization_code")
        #expect(fields["code"] == "code-1")
        #expect(fields["redirect_uri"] == Self.redirectURI)
        #expect(fields["code_verifier"] == "verifier-1")
        #expect(fields["client_secret"] == nil)
        #expect(fields["client_id"] == nil)
    }

    @Test func clientSecretPostSendsTheCredentialsInTheBody() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.token, status: .badRequest, body: #"{"error":"invalid_grant"}"#)
        let party = Self.party(Fixtures.provider(idp, clock: ManualClock()), method: .clientSecretPost, secret: "a&b=c")
        _ = await Self.signIn(party)
        let request = try #require(idp.requests(.token).first)
        #expect(request.headerFields[.authorization] == nil)
        let fields = Self.fields(request)
        #expect(fields["client_id"] == "hearth")
        #expect(fields["client_secret"] == "a&b=c")
        #expect(fields["code_verifier"] == "verifier-1")
    }

    @Test func aTokenErrorAnswerIsReportedWithItsErrorAndDescription() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(
            .token,
            status: .badRequest,
            body: #"{"error":"invalid_grant","error_description":"code expired"}"#
        )
        let (metrics, read) = Fixtures.metrics()
        let party = Self.party(Fixtures.provider(idp, clock: ManualClock(), metrics: metrics))
        guard case .failure(let error) = await Self.signIn(party) else {
            Issue.record("the sign-in succeeded")
            return
        }
        #expect(error.step == .tokenExchange)
        #expect(error.code == .refusedByProvider)
        #expect(error.message.contains("invalid_grant"))
        #expect(error.message.contains("code expired"))
        #expect(!error.isUnavailability)
        #expect(read(#"hearth_identity_provider_requests_total{step="token",outcome="error"}"#) == 1)
    }

    @Test(arguments: [
        (HTTPResponse.Status.internalServerError, "oops", OpenIDConnectError.Code.badStatus),
        (.ok, "not json", .malformedAnswer),
        (.ok, #"{"access_token":"a","token_type":"Bearer"}"#, .malformedAnswer),
    ])
    func aBadTokenAnswerIsAnErrorOfTheExchange(
        status: HTTPResponse.Status,
        body: String,
        code: OpenIDConnectError.Code
    ) async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.token, status: status, body: body)
        let party = Self.party(Fixtures.provider(idp, clock: ManualClock()))
        guard case .failure(let error) = await Self.signIn(party) else {
            Issue.record("the sign-in succeeded")
            return
        }
        #expect(error.step == .tokenExchange)
        #expect(error.code == code)
        #expect(error.isUnavailability)
    }

    @Test func aLargeTokenAnswerIsCutOff() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        idp.set(.token, body: #"{"id_token":""# + String(repeating: "x", count: 70_000) + #""}"#)
        let party = Self.party(Fixtures.provider(idp, clock: ManualClock()))
        guard case .failure(let error) = await Self.signIn(party) else {
            Issue.record("the sign-in succeeded")
            return
        }
        #expect(error.step == .tokenExchange)
        #expect(error.code == .answerTooLarge)
    }

    // MARK: - The ID token

    /// A provider whose token endpoint answers `idToken`, and its relying party.
    static func answering(
        _ idp: TestIdentityProvider,
        idToken: String,
        clock: ManualClock,
        metrics: OpenIDConnectMetrics = .disabled,
        userClaim: String = "sub"
    ) -> RelyingParty {
        idp.set(.keys, body: SigningKey.jwks([.first]))
        idp.set(.token, body: #"{"access_token":"at","token_type":"Bearer","id_token":"\#(idToken)"}"#)
        return party(Fixtures.provider(idp, clock: clock, metrics: metrics), userClaim: userClaim)
    }

    @Test func aValidIDTokenSignsTheUserIn() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        let token = SigningKey.first.sign(
            Fixtures.claims(idp, clock: clock, subject: "alice", nonce: "n-1", extra: [("email", "a@example.com")])
        )
        let party = Self.answering(idp, idToken: token, clock: clock)
        let identity = try await Self.signIn(party).get()
        #expect(identity.user == "alice")
        #expect(identity.claims[claim: "email"] == "a@example.com")
    }

    @Test func theUserIsTheConfiguredClaim() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        let token = SigningKey.first.sign(
            Fixtures.claims(idp, clock: clock, nonce: "n-1", extra: [("email", "a@example.com")])
        )
        let party = Self.answering(idp, idToken: token, clock: clock, userClaim: "email")
        #expect(try await Self.signIn(party).get().user == "a@example.com")
    }

    @Test func anIDTokenWithoutTheUserClaimIsAnError() async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        let (metrics, read) = Fixtures.metrics()
        let token = SigningKey.first.sign(Fixtures.claims(idp, clock: clock, nonce: "n-1"))
        let party = Self.answering(idp, idToken: token, clock: clock, metrics: metrics, userClaim: "email")
        guard case .failure(let error) = await Self.signIn(party) else {
            Issue.record("the sign-in succeeded")
            return
        }
        #expect(error.step == .idToken)
        #expect(error.code == .missingUserClaim)
        #expect(read(#"hearth_identity_token_refusals_total{token="id_token",reason="missing_claim"}"#) == 1)
    }

    /// ID tokens each refused for one reason (its `JWTRefusal.reason`), reported and counted.
    static let refused: [(reason: String, make: @Sendable (TestIdentityProvider, ManualClock) -> String)] = [
        ("wrong_nonce", { idp, clock in SigningKey.first.sign(Fixtures.claims(idp, clock: clock, nonce: "other")) }),
        (
            "wrong_audience",
            { idp, clock in
                SigningKey.first.sign(Fixtures.claims(idp, clock: clock, audience: "other", nonce: "n-1"))
            }
        ),
        (
            "expired",
            { idp, clock in SigningKey.first.sign(Fixtures.claims(idp, clock: clock, nonce: "n-1", lifetime: -120)) }
        ),
        (
            "bad_signature",
            { idp, clock in SigningKey.stranger.sign(Fixtures.claims(idp, clock: clock, nonce: "n-1")) }
        ),
    ]

    @Test(arguments: 0..<4)
    func aBadIDTokenIsRefusedWithItsReasonAndCounted(index: Int) async throws {
        let idp = try TestIdentityProvider()
        defer { idp.stop() }
        let clock = ManualClock()
        let (metrics, read) = Fixtures.metrics()
        let (reason, make) = Self.refused[index]
        let party = Self.answering(idp, idToken: make(idp, clock), clock: clock, metrics: metrics)
        guard case .failure(let error) = await Self.signIn(party) else {
            Issue.record("the sign-in succeeded: \(reason)")
            return
        }
        #expect(error.step == .idToken)
        #expect(error.code == .tokenRefused)
        #expect(error.refusal?.reason == reason)
        #expect(!error.isUnavailability)
        #expect(read(#"hearth_identity_token_refusals_total{token="id_token",reason="\#(reason)"}"#) == 1)
    }
}
