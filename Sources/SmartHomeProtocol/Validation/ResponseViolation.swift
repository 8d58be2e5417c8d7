/// One thing in a QUERY, EXECUTE or SYNC answer that breaks Google's published shape for it
/// (``ResponseShapeValidator``).
public struct ResponseViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a JSON path from the response body (`payload.commands[0].debugString`).
    public var path: String
    /// What is wrong, quoting the rule.
    public var message: String

    /// Creates a finding.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `<path>: <message>`.
    public var description: String { "\(path): \(message)" }
}
