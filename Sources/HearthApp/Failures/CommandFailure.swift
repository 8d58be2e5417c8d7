/// A command that could not do its work: a message that says what to do, and the status to exit with. Printed
/// without the usage block (that is for command-line mistakes, `ValidationError`).
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The status the process exits with.
    public var status: ExitStatus
    /// One line for standard error (after `Error: `).
    public var message: String

    /// Creates a failure.
    public init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }
}
