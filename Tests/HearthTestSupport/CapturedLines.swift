import Synchronization

/// Log lines as Hearth's `LineLogHandler` writes them, kept in order.
public final class CapturedLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// No lines yet.
    public init() {}

    /// Keeps one line (a sink for `LineLogHandler`).
    @Sendable public func append(_ bytes: [UInt8]) {
        lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Every line so far.
    public var all: [String] { lines.withLock { $0 } }
}
