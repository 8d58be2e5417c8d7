/// How Hearth authenticates itself to the identity provider's token endpoint (OpenID Connect Core §9,
/// `oauth.upstream.tokenEndpointAuthMethod`).
public enum ClientAuthMethod: String, Sendable, Hashable, CaseIterable {
    /// HTTP Basic with the client id and secret, each form-urlencoded first (RFC 6749 §2.3.1). The default.
    case clientSecretBasic = "client_secret_basic"
    /// `client_id` and `client_secret` in the form body.
    case clientSecretPost = "client_secret_post"
}
