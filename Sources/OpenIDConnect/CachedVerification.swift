import JOSE

/// What ``OpenIDProvider/verifyCached(_:expecting:)`` could tell without the network.
public enum CachedVerification: Sendable {
    /// The token is valid; its claims.
    case verified(JWTClaims)
    /// The token is refused, and why.
    case refused(JWTRefusal)
    /// No fresh keys are cached, or none with the token's `kid`: call ``OpenIDProvider/verify(_:expecting:)``.
    case needsKeys
}
