/// An error reading a JOSE object that is not a token being verified: a JSON Web Key, a key set, a compact JWS.
///
/// A token that fails verification is not an error but a ``JWTRefusal``; this type is what the parsers throw.
public struct JOSEError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of input was refused.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case tooLarge
            case malformed
            case unusableKey
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The input is over its documented bound (bytes, keys, a base64url member's length).
        public static let tooLarge = Code(.tooLarge)
        /// The input is not what the specification describes: bad JSON, bad base64url, a missing member.
        public static let malformed = Code(.malformed)
        /// A key is well formed but cannot be used to verify: another key type, a curve we do not support, a use
        /// other than `sig`, an RSA modulus under 2048 bits.
        public static let unusableKey = Code(.unusableKey)

        /// The code's name, for example `malformed`.
        public var description: String {
            base.rawValue
        }
    }

    /// What kind of input was refused.
    public var code: Code

    /// Why, in words; never contains key material or token contents beyond member names.
    public var message: String

    /// Creates an error with a code and an explanation.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code followed by the message, for example `malformed: the key has no "kty" member`.
    public var description: String {
        "\(code): \(message)"
    }
}
