/// Why a ``DeviceStateChange`` cannot be made: the assignment is malformed, or the device cannot take it.
public struct DeviceStateChangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which of the two it is.
    public enum Code: Sendable, Hashable {
        /// The text is not `Cluster.Attribute=VALUE` with a known cluster, a known attribute and a value its schema
        /// accepts: a mistake in what was asked.
        case invalidAssignment
        /// The device has no such endpoint or cluster, or the new state breaks a rule between its attributes: a
        /// mismatch with the stored device.
        case notApplicable
    }

    public var code: Code
    /// What is wrong, naming the attribute (`LevelControl.CurrentLevel: …`).
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
