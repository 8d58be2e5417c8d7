import Foundation
import HTTPMessages
import HTTPTypes
import JOSE
import JSON
import OutboundHTTP

/// Hearth as the identity provider's client (OpenID Connect Core §3.1, the authorization code flow): the URL that
/// sends the user to the provider's sign-in, and the exchange of the code it returns for a verified identity.
public struct RelyingParty: Sendable {
    /// The provider (discovery, keys).
    public let provider: OpenIDProvider
    /// Hearth's client id at the provider.
    public let clientID: String
    /// How Hearth authenticates at the token endpoint.
    public let authMethod: ClientAuthMethod
    /// The scopes asked for; `openid` is always among them.
    public let scopes: [String]
    /// The ID token claim whose string value is the user (`sub` by default).
    public let userClaim: String
    private let clientSecret: String

    /// Creates a relying party.
    ///
    /// - Parameters:
    ///   - scopes: `oauth.upstream.scopes`; `openid` is added in front when missing (Core §3.1.2.1: "OpenID Connect
    ///     requests MUST contain the openid scope value").
    public init(
        provider: OpenIDProvider,
        clientID: String,
        clientSecret: String,
        authMethod: ClientAuthMethod,
        scopes: [String],
        userClaim: String
    ) {
        self.provider = provider
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.authMethod = authMethod
        self.scopes = scopes.contains("openid") ? scopes : ["openid"] + scopes
        self.userClaim = userClaim
    }

    /// The provider's authorization endpoint with the request's parameters: `response_type=code`, `client_id`,
    /// `redirect_uri`, `scope`, `state`, `nonce`, `code_challenge` and `code_challenge_method=S256`, each
    /// percent-encoded, appended to a query the endpoint may already have.
    ///
    /// - Throws: ``OpenIDConnectError`` (step `discovery`) when the discovery document cannot be had.
    public func authorizationURL(
        state: String,
        nonce: String,
        codeChallenge: String,
        redirectURI: String
    ) async throws(OpenIDConnectError) -> String {
        let endpoint = try await provider.metadata().authorizationEndpoint.absoluteString
        let parameters = [
            ("response_type", "code"),
            ("client_id", clientID),
            ("redirect_uri", redirectURI),
            ("scope", scopes.joined(separator: " ")),
            ("state", state),
            ("nonce", nonce),
            ("code_challenge", codeChallenge),
            ("code_challenge_method", "S256"),
        ]
        let query = parameters.map { FormEncoding.escapeComponent($0.0) + "=" + FormEncoding.escapeComponent($0.1) }
            .joined(separator: "&")
        var base = endpoint
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + query + fragment
    }

    /// Exchanges `code` at the token endpoint and verifies the ID token it returns: the signed-in user.
    ///
    /// The ID token is checked as OpenID Connect Core §3.1.3.7 says, among others: "The Issuer Identifier for the
    /// OpenID Provider [...] MUST exactly match the value of the iss (issuer) Claim"; "The Client MUST validate that
    /// the aud (audience) Claim contains its client_id value [...] The ID Token MUST be rejected if the ID Token does
    /// not list the Client as a valid audience"; "If an azp (authorized party) Claim is present, the Client SHOULD
    /// verify that its client_id is the Claim Value"; "The current time MUST be before the time represented by the
    /// exp Claim (possibly allowing for some small leeway to account for clock skew)"; and §3.1.3.7 item 11: "If a
    /// nonce value was sent in the Authentication Request, a nonce Claim MUST be present and its value checked to
    /// verify that it is the same value as the one that was sent". The leeway is
    /// ``OpenIDProviderSettings/clockSkewSeconds`` (60 s).
    ///
    /// - Throws: ``OpenIDConnectError``: step `discovery`/`keys`/`tokenExchange` when the provider could not be
    ///   asked or answered with an error (``OpenIDConnectError/Code/refusedByProvider`` carries its `error` and
    ///   `error_description`); step `idToken` with ``OpenIDConnectError/Code/tokenRefused`` or
    ///   ``OpenIDConnectError/Code/missingUserClaim`` when the ID token is not acceptable.
    public func signIn(
        code: String,
        codeVerifier: String,
        nonce: String,
        redirectURI: String
    ) async throws(OpenIDConnectError) -> SignedInIdentity {
        let metadata = try await provider.metadata()
        var fields = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirectURI),
            ("code_verifier", codeVerifier),
        ]
        var headerFields: HTTPFields = [
            .contentType: "application/x-www-form-urlencoded",
            .accept: "application/json",
        ]
        switch authMethod {
        case .clientSecretBasic:
            headerFields[.authorization] = ClientCredentials.basic(clientID: clientID, clientSecret: clientSecret)
        case .clientSecretPost:
            fields += [("client_id", clientID), ("client_secret", clientSecret)]
        }
        let request = OutboundRequest(
            url: metadata.tokenEndpoint,
            headerFields: headerFields,
            body: ClientCredentials.form(fields)
        )
        let transport = provider.transport
        let response = try await transport.send(request, limits: provider.settings.tokenLimits, step: .tokenExchange)
        let answer = (try? JSONParser.parse(response.body))?.objectValue
        guard response.status.code == 200 else {
            let failure: OpenIDConnectError
            if let error = answer?["error"]?.stringValue, (400..<500).contains(response.status.code) {
                let description = answer?["error_description"]?.stringValue.map { " (\($0))" } ?? ""
                failure = OpenIDConnectError(
                    step: .tokenExchange,
                    code: .refusedByProvider,
                    message: "the token endpoint answered \(response.status.code) \(error)\(description)"
                )
            } else {
                failure = OpenIDConnectError(
                    step: .tokenExchange,
                    code: .badStatus,
                    message: "the token endpoint answered \(response.status.code)"
                )
            }
            transport.log(failure)
            throw failure
        }
        guard let idToken = answer?["id_token"]?.stringValue, !idToken.isEmpty else {
            let failure = OpenIDConnectError(
                step: .tokenExchange,
                code: .malformedAnswer,
                message: answer == nil
                    ? "the token endpoint's answer is not a JSON object" : "the token endpoint's answer has no id_token"
            )
            transport.log(failure)
            throw failure
        }
        let expectations = JWTExpectations(
            issuer: provider.issuer,
            audience: clientID,
            authorizedParty: clientID,
            nonce: nonce,
            requiredType: nil,
            clockSkew: provider.settings.clockSkewSeconds
        )
        let claims: JWTClaims
        do {
            claims = try await provider.verify(idToken, expecting: expectations)
        } catch {
            // A failed discovery or key fetch was logged where it failed; a refusal is logged here.
            if let refusal = error.refusal {
                provider.metrics.recordRefusal(.idToken, reason: refusal.reason)
                transport.log(error)
            }
            throw error
        }
        guard let user = claims[claim: userClaim], !user.isEmpty else {
            let failure = OpenIDConnectError(
                step: .idToken,
                code: .missingUserClaim,
                message: "the ID token has no string claim \(userClaim)"
            )
            provider.metrics.recordRefusal(.idToken, reason: "missing_claim")
            transport.log(failure)
            throw failure
        }
        return SignedInIdentity(user: user, claims: claims)
    }
}
