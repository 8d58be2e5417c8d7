/// A configuration that cannot be used, with the key and the source that set it.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
