/// What ``AccessTokenVerifier`` concluded about an access token.
public enum AccessTokenVerdict: Sendable {
    /// The token is valid: the user claim's value, and when the token expires (Unix seconds; `nil` when an
    /// introspection answer gave no `exp`).
    case user(String, expires: Int64?)
    /// The token is refused (`reason`: a stable snake_case label, as in metrics): the caller answers 401.
    case refused(reason: String)
    /// The identity provider could not be asked (unreachable, 5xx, a timeout, garbage): the token is neither valid
    /// nor refused, and the caller answers 503 with `Retry-After`, never 401.
    case unavailable(OpenIDConnectError)
}
