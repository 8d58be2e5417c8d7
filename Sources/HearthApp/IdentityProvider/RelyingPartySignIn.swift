import JOSE
import OAuth
import OpenIDConnect

/// The `OpenIDConnect` module's relying party as the OAuth server's upstream identity provider
/// (`oauth.upstream.*`): the same two steps, its errors told as the sign-in's failed step.
struct RelyingPartySignIn: UpstreamIdentityProvider {
    let party: RelyingParty

    func authorizationURL(
        state: String,
        nonce: String,
        codeChallenge: String,
        redirectURI: String
    ) async throws(UpstreamSignInFailure) -> String {
        do {
            return try await party.authorizationURL(
                state: state,
                nonce: nonce,
                codeChallenge: codeChallenge,
                redirectURI: redirectURI
            )
        } catch {
            throw Self.failure(error)
        }
    }

    func signIn(
        code: String,
        codeVerifier: String,
        nonce: String,
        redirectURI: String
    ) async throws(UpstreamSignInFailure) -> UpstreamIdentity {
        let identity: SignedInIdentity
        do {
            identity = try await party.signIn(
                code: code,
                codeVerifier: codeVerifier,
                nonce: nonce,
                redirectURI: redirectURI
            )
        } catch {
            throw Self.failure(error)
        }
        return UpstreamIdentity(agentUserId: identity.user, displayName: Self.displayName(identity.claims))
    }

    /// What the consent page shows as the account: the e-mail address, else the name, else the login, when the
    /// provider put one in the ID token (OpenID Connect Core §5.1 standard claims).
    static func displayName(_ claims: JWTClaims) -> String? {
        ["email", "name", "preferred_username"].lazy.compactMap { claims[claim: $0] }.first { !$0.isEmpty }
    }

    /// An `OpenIDConnect` error as the sign-in's failed step: unreachable or garbled answers are `unavailable`
    /// (try again later), a refused code or ID token `refused`.
    static func failure(_ error: OpenIDConnectError) -> UpstreamSignInFailure {
        let step: UpstreamSignInFailure.Step
        switch error.step {
        case .discovery: step = .discovery
        case .keys: step = .keys
        case .tokenExchange: step = .tokenExchange
        case .idToken, .accessToken, .introspection: step = .idToken
        }
        if error.code == .missingUserClaim {
            return UpstreamSignInFailure(step: .userClaim, code: .refused, message: error.message)
        }
        let message = error.refusal.map { "\(error.message) (\($0.reason))" } ?? error.message
        return UpstreamSignInFailure(
            step: step,
            code: error.isUnavailability ? .unavailable : .refused,
            message: message
        )
    }
}
