/// Why a sign-in through the identity provider failed, and at which step: what the user's page and the log line
/// say.
public struct UpstreamSignInFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step of the sign-in that failed; its raw value is the `step` of the log line and of
    /// `hearth_upstream_sign_ins_total`.
    public enum Step: String, Sendable, Hashable, CaseIterable {
        /// Reading the provider's `/.well-known/openid-configuration`.
        case discovery
        /// Fetching or using the provider's signing keys (JWKS).
        case keys
        /// The code exchange at the provider's token endpoint.
        case tokenExchange = "token_exchange"
        /// Verifying the ID token (signature, issuer, audience, times, nonce).
        case idToken = "id_token"
        /// The ID token lacks the configured user claim, or its value cannot be a Hearth user id.
        case userClaim = "user_claim"
    }

    /// Whether the provider could not be asked, or answered something refused.
    public enum Code: String, Sendable, Hashable {
        /// The provider could not be reached or answered with a server error or garbage: try again later.
        case unavailable
        /// The provider answered, and what it said is refused (an error from its token endpoint, an ID token that
        /// fails verification).
        case refused
    }

    /// The step that failed.
    public var step: Step
    /// Unavailable or refused.
    public var code: Code
    /// What went wrong, for the log (never a token or a secret).
    public var message: String

    /// Creates a failure.
    public init(step: Step, code: Code, message: String) {
        self.step = step
        self.code = code
        self.message = message
    }

    public var description: String {
        "\(step.rawValue) \(code.rawValue): \(message)"
    }
}
