/// Why recording or replaying could not start: a message that says what to do, and what kind of mistake it is (the
/// app layer turns the code into the exit status the Command line reference's "Exit codes" gives it).
public struct RecordReplayError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, by kind.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case unusableDirectory, unreadable, notJSON, invalidURL
        }

        private let kind: Kind

        /// `record.directory` cannot be created, is not a directory, or is not writable (a configuration mistake).
        public static let unusableDirectory = Code(kind: .unusableDirectory)
        /// A recording, or a directory of them, does not exist or cannot be read.
        public static let unreadable = Code(kind: .unreadable)
        /// A recording is not JSON.
        public static let notJSON = Code(kind: .notJSON)
        /// The deployment's URL is not an `http` or `https` URL (a command-line mistake).
        public static let invalidURL = Code(kind: .invalidURL)

        public var description: String { "\(kind)" }
    }

    /// What kind of mistake it is.
    public var code: Code
    /// One line that says what is wrong and where.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
