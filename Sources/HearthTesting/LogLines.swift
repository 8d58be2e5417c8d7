import Synchronization

/// The lines an ``InProcessHearth`` captured, in the order written (a sink for the log line handlers).
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// Keeps one line.
    @Sendable func append(_ bytes: [UInt8]) {
        lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }
}
