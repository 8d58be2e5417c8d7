/// An error from the HomeGraph module: a service-account key that cannot be used, or an access token that cannot be
/// obtained.
///
/// Calls to HomeGraph itself do not throw: they answer a ``HomeGraphOutcome``. Messages never contain keys or
/// tokens.
public struct HomeGraphError: Error, CustomStringConvertible {
    /// What failed.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidServiceAccountKey
            case tokenRejected
            case tokenUnavailable
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The key file is missing, is not JSON, lacks a field, or holds an unreadable private key.
        public static let invalidServiceAccountKey = Code(.invalidServiceAccountKey)
        /// The token endpoint refused the assertion (`400 invalid_grant`, any other 4xx): retrying will not help
        /// until the key or the clock is fixed.
        public static let tokenRejected = Code(.tokenRejected)
        /// The token endpoint could not be reached, or answered 429/5xx or something unreadable: worth retrying.
        public static let tokenUnavailable = Code(.tokenUnavailable)

        /// The code's name, for example `tokenRejected`.
        public var description: String {
            base.rawValue
        }
    }

    /// What failed.
    public var code: Code

    /// A human-readable explanation.
    public var message: String

    /// For ``Code/tokenUnavailable``: how long the token endpoint asked to wait (its `Retry-After`), if it said.
    public var retryAfter: Duration?

    /// Creates an error.
    public init(code: Code, message: String, retryAfter: Duration? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The code followed by the message.
    public var description: String {
        "\(code): \(message)"
    }
}
