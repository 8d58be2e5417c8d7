import JOSE

/// Why talking to the identity provider, or checking what it issued, failed: which step, what went wrong, and a
/// message for the log (never a token or a secret).
public struct OpenIDConnectError: Error, CustomStringConvertible, Sendable {
    /// The step that failed, as logs and the `step` label of `hearth_identity_provider_requests_total` name it.
    public enum Step: String, Sendable, Hashable, CaseIterable {
        /// Fetching `<issuer>/.well-known/openid-configuration`.
        case discovery
        /// Fetching the JWKS from the discovery document's `jwks_uri`.
        case keys
        /// Exchanging the authorization code at the token endpoint.
        case tokenExchange
        /// Checking the ID token the token endpoint returned.
        case idToken
        /// Checking an access token by its signature (JWT access tokens).
        case accessToken
        /// Asking the introspection endpoint (RFC 7662) about an opaque access token.
        case introspection
    }

    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unreachable
            case redirected
            case badStatus
            case answerTooLarge
            case malformedAnswer
            case issuerMismatch
            case refusedByProvider
            case tokenRefused
            case missingUserClaim
            case keyNotYetFetched
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// No answer: the connection failed, the deadline passed, or the transfer broke off.
        public static let unreachable = Code(.unreachable)
        /// A 3xx: redirects are never followed.
        public static let redirected = Code(.redirected)
        /// A status other than the one the step expects (200), a 5xx included.
        public static let badStatus = Code(.badStatus)
        /// The answer was larger than the step's limit; the transfer was stopped there.
        public static let answerTooLarge = Code(.answerTooLarge)
        /// The answer was not the JSON the step expects, or lacked a required member.
        public static let malformedAnswer = Code(.malformedAnswer)
        /// The discovery document's `issuer` is not exactly the configured issuer (Discovery 1.0 §4.3).
        public static let issuerMismatch = Code(.issuerMismatch)
        /// The token endpoint answered with an OAuth error (`error`, `error_description` in the message).
        public static let refusedByProvider = Code(.refusedByProvider)
        /// The token (ID token or access token) was refused; ``OpenIDConnectError/refusal`` says why.
        public static let tokenRefused = Code(.tokenRefused)
        /// The verified ID token has no string value for the configured user claim.
        public static let missingUserClaim = Code(.missingUserClaim)
        /// The token names a key the provider's keys, fetched moments ago, lack, and they may not be fetched again
        /// yet (``OpenIDProviderSettings/minimumRefetchInterval``): the provider may have just rotated, so the token
        /// is neither accepted nor refused until the keys can be asked for again.
        public static let keyNotYetFetched = Code(.keyNotYetFetched)

        /// The code's name, for example `issuerMismatch`.
        public var description: String {
            base.rawValue
        }
    }

    /// The step that failed.
    public let step: Step
    /// What went wrong.
    public let code: Code
    /// A human-readable explanation for the log.
    public let message: String
    /// For ``Code/tokenRefused``: the verifier's reason.
    public let refusal: JWTRefusal?

    /// Creates an error.
    public init(step: Step, code: Code, message: String, refusal: JWTRefusal? = nil) {
        self.step = step
        self.code = code
        self.message = message
        self.refusal = refusal
    }

    /// True when the identity provider could not be asked or gave no usable answer (as opposed to a token it
    /// refused or one Hearth refused): the caller says "try again later" (503), never "unauthorized".
    public var isUnavailability: Bool {
        code != .tokenRefused && code != .missingUserClaim && code != .refusedByProvider
    }

    /// `step: code: message`.
    public var description: String {
        "\(step.rawValue): \(code): \(message)"
    }
}
