/// An error thrown by ``HTTPServer/start()``.
///
/// Compare errors by ``code``; ``message`` explains the particular failure for people.
public struct HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a closed set of codes.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case invalidConfiguration
            case addressInUse
            case startFailed
            case alreadyStarted
            case tlsUnavailable
            case invalidTLSCredentials
            case permissionDenied
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// A short explanation of the code.
        public var description: String {
            switch kind {
            case .invalidConfiguration: "The server configuration is invalid."
            case .addressInUse: "The address and port are already in use."
            case .startFailed: "The HTTP daemon failed to start."
            case .alreadyStarted: "The server was already started."
            case .tlsUnavailable: "This libmicrohttpd was built without TLS support."
            case .invalidTLSCredentials: "The TLS certificate or key was refused."
            case .permissionDenied: "The system does not allow listening on this port."
            }
        }

        /// A configuration value is out of range, or the host is not an IP literal or `localhost`, or not an
        /// address of this machine.
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// The system refused the port (`EACCES`: a port below 1024 without the privilege).
        public static let permissionDenied = Code(.permissionDenied)
        /// Another socket is already listening on the configured address and port.
        public static let addressInUse = Code(.addressInUse)
        /// microhttpd refused to start for another reason (see the message).
        public static let startFailed = Code(.startFailed)
        /// ``HTTPServer/start()`` was called on a server that is running or has stopped; a server starts once.
        public static let alreadyStarted = Code(.alreadyStarted)
        /// ``HTTPServerConfiguration/tls`` is set, but libmicrohttpd lacks `MHD_FEATURE_TLS` (built without GnuTLS).
        public static let tlsUnavailable = Code(.tlsUnavailable)
        /// microhttpd (GnuTLS) refused the certificate or the key: not PEM, encrypted, or not a matching pair.
        public static let invalidTLSCredentials = Code(.invalidTLSCredentials)
    }

    /// The kind of failure.
    public let code: Code
    /// A human-readable explanation, naming the address or value involved.
    public let message: String

    /// Creates an error with a code and an explanation.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code's description followed by the message.
    public var description: String {
        "\(code.description) \(message)"
    }

    /// Errors are equal when their codes are; the message is for people only.
    public static func == (lhs: HTTPServerError, rhs: HTTPServerError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }
}
