/// Why a ``LiveHearth`` cannot do what it was asked.
public struct LiveHearthError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// Hearth stopped before it listened, without an error of its own.
        case stoppedBeforeListening
        /// The harness was stopped; it serves and issues nothing any more.
        case stopped
        /// An intent was not answered with 200 and a JSON object, or a path is not one.
        case unexpectedAnswer
    }

    /// What went wrong.
    public var code: Code
    /// What went wrong, in words.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
