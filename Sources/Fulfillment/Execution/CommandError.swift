import SmartHomeProtocol

/// Why one command could not be carried out on one device; becomes that device's `errorCode`.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Google's error code.
    public var code: ErrorCode
    /// What exactly was wrong, for logs and `debugString`.
    public var reason: String

    public init(_ code: ErrorCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
