/// An error from the Cryptography module.
///
/// The ``code`` says what failed; the ``message`` says why, in words, and includes OpenSSL's own error strings when
/// OpenSSL reported any. Messages never contain key material, passwords or other secrets.
public struct CryptographyError: Error, CustomStringConvertible {
    /// What kind of operation failed.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case randomFailed
            case invalidKey
            case signingFailed
            case hashingFailed
            case invalidArgument
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The random number generator could not produce bytes (`RAND_bytes` failed).
        public static let randomFailed = Code(.randomFailed)
        /// A key could not be read: garbage, an encrypted PEM, or a key of the wrong algorithm.
        public static let invalidKey = Code(.invalidKey)
        /// OpenSSL failed to produce a signature.
        public static let signingFailed = Code(.signingFailed)
        /// OpenSSL failed to derive a password hash.
        public static let hashingFailed = Code(.hashingFailed)
        /// An argument is outside the range the operation accepts (a negative byte count, zero iterations, …).
        public static let invalidArgument = Code(.invalidArgument)

        /// The code's name, for example `invalidKey`.
        public var description: String {
            base.rawValue
        }
    }

    /// What kind of operation failed.
    public var code: Code

    /// A human-readable explanation, including OpenSSL's error strings when there are any.
    public var message: String

    /// Creates an error with a code and an explanation.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code followed by the message, for example `invalidKey: cannot read the private key PEM (OpenSSL: …)`.
    public var description: String {
        "\(code): \(message)"
    }
}
