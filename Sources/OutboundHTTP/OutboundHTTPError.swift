/// Why an ``OutboundRequest`` got no usable answer. An answer with any status, a 3xx or 5xx included, is not an
/// error: the caller decides.
public struct OutboundHTTPError: Error, CustomStringConvertible, Sendable {
    /// What failed.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case answerTooLarge
            case deadlinePassed
            case couldNotConnect
            case tls
            case invalidRequest
            case cancelled
            case transferFailed
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The answer's body or head was larger than the request's limit (``OutboundHTTPError/limit``); the
        /// transfer was stopped there.
        public static let answerTooLarge = Code(.answerTooLarge)
        /// The whole answer did not arrive within the request's deadline; the transfer was stopped then.
        public static let deadlinePassed = Code(.deadlinePassed)
        /// The host could not be resolved or refused the connection.
        public static let couldNotConnect = Code(.couldNotConnect)
        /// The TLS handshake failed or the peer's certificate was not trusted.
        public static let tls = Code(.tls)
        /// The URL is malformed or its scheme is neither `http` nor `https`.
        public static let invalidRequest = Code(.invalidRequest)
        /// The caller cancelled the request (or the client was released) before it finished.
        public static let cancelled = Code(.cancelled)
        /// Anything else on the way: the connection dropped, the answer was not HTTP.
        public static let transferFailed = Code(.transferFailed)

        /// The code's name, for example `answerTooLarge`.
        public var description: String {
            base.rawValue
        }
    }

    /// What failed.
    public var code: Code
    /// A human-readable explanation (libcurl's, when it gave one).
    public var message: String
    /// For ``Code/answerTooLarge``: the limit, in bytes, that the answer passed.
    public var limit: Int?

    /// Creates an error.
    public init(code: Code, message: String, limit: Int? = nil) {
        self.code = code
        self.message = message
        self.limit = limit
    }

    /// The code followed by the message.
    public var description: String {
        "\(code): \(message)"
    }
}
