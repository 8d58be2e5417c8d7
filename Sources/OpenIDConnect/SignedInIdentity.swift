import JOSE

/// Who signed in at the identity provider: the configured user claim's value and every claim of the verified ID
/// token.
public struct SignedInIdentity: Sendable {
    /// The user claim's value (`oauth.upstream.userClaim`, `sub` by default): the agentUserId.
    public let user: String
    /// The verified ID token's claims.
    public let claims: JWTClaims

    /// Creates an identity.
    public init(user: String, claims: JWTClaims) {
        self.user = user
        self.claims = claims
    }
}
