import InMemoryLogging
import Logging

/// A logger writing into an in-memory handler.
public struct InMemoryLogHandlerBox: Sendable {
    /// What was logged.
    public let handler = InMemoryLogHandler()

    /// A fresh handler.
    public init() {}

    /// A logger writing into ``handler``.
    public var logger: Logger {
        let handler = handler
        return Logger(label: "test", factory: { _ in handler })
    }
}
