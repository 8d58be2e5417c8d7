/// The manufacturer's identity provider, as the upstream sign-in needs it (OpenID Connect, authorization code with
/// PKCE S256, `state` and `nonce`): where to send the browser, and who signed in once it comes back.
///
/// HearthApp adapts the `OpenIDConnect` module's relying party to it; tests pass their own. Both methods may take a
/// network round trip (discovery, the token endpoint, the provider's keys): ``OAuthServer`` calls them off the
/// listener's threads, answering through a deferred response.
public protocol UpstreamIdentityProvider: Sendable {
    /// The provider's authorization endpoint with `response_type=code`, Hearth's `client_id`, `redirect_uri`, the
    /// configured scopes, `state`, `nonce`, `code_challenge` and `code_challenge_method=S256`.
    ///
    /// - Throws: ``UpstreamSignInFailure`` naming the step that failed (discovery, mostly).
    func authorizationURL(
        state: String,
        nonce: String,
        codeChallenge: String,
        redirectURI: String
    ) async throws(UpstreamSignInFailure) -> String

    /// Exchanges the provider's `code` at its token endpoint (with `codeVerifier` and `redirectURI`), verifies the ID
    /// token (signature, issuer, audience, times, `nonce`), and says who signed in.
    ///
    /// - Throws: ``UpstreamSignInFailure`` naming the step that failed.
    func signIn(
        code: String,
        codeVerifier: String,
        nonce: String,
        redirectURI: String
    ) async throws(UpstreamSignInFailure) -> UpstreamIdentity
}

/// Who signed in at the identity provider.
public struct UpstreamIdentity: Sendable, Hashable {
    /// The user's id in Hearth: the value of the configured claim (`oauth.upstream.userClaim`, default `sub`).
    public var agentUserId: String
    /// What the consent page shows as the account signed in (an e-mail or a name, when the provider gave one);
    /// `nil` shows ``agentUserId``.
    public var displayName: String?

    /// Creates an identity.
    public init(agentUserId: String, displayName: String? = nil) {
        self.agentUserId = agentUserId
        self.displayName = displayName
    }
}
