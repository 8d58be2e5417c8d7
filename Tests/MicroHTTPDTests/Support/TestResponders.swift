import HTTPMessages
import HTTPTypes
import HearthTestSupport
import Logging
import MicroHTTPD
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Answers 200 with the request body echoed (and the path in `X-Path`, unless told not to), and records every
/// request it saw.
final class RecordingResponder: HTTPResponder {
    private let recorded = Mutex<[Request]>([])
    private let echoesPath: Bool

    /// - Parameter echoesPath: Whether the answer carries the request's path in `X-Path` (a long path may not fit
    ///   a small connection memory limit).
    init(echoesPath: Bool = true) {
        self.echoesPath = echoesPath
    }

    var requests: [Request] {
        recorded.withLock { $0 }
    }

    func respond(to request: Request) -> Response {
        recorded.withLock { $0.append(request) }
        var headerFields: HTTPFields = [.contentType: "application/octet-stream"]
        if echoesPath {
            headerFields[HTTPField.Name("X-Path")!] = String(request.path)
        }
        return Response(status: .ok, headerFields: headerFields, body: request.body)
    }
}

/// Sleeps before answering, to keep a request in flight; counts the requests it has started.
final class SlowResponder: HTTPResponder {
    let delayMicroseconds: UInt32
    /// Requests that reached the handler: tests wait on it for a request to be in flight.
    let started = EventCount()

    init(delayMilliseconds: UInt32) {
        self.delayMicroseconds = delayMilliseconds * 1000
    }

    func respond(to request: Request) -> Response {
        started.increment()
        usleep(delayMicroseconds)  // simulates a slow handler (not synchronisation)
        return Response(status: 200, body: Array("slow done".utf8))
    }
}

/// Returns whatever response it was built with.
struct FixedResponder: HTTPResponder {
    let response: Response

    func respond(to request: Request) -> Response {
        response
    }
}

extension Logger {
    /// A logger that drops everything, so tests print nothing.
    static let silent = Logger(label: "MicroHTTPDTests") { _ in SwiftLogNoOpLogHandler() }
}

/// A flag shared with another thread.
final class SharedFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool {
        value.load(ordering: .acquiring)
    }

    func set() {
        value.store(true, ordering: .releasing)
    }
}

/// Keeps every log entry, for tests that check what was logged.
struct CapturingLogHandler: LogHandler {
    struct Entry {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    final class Storage: Sendable {
        private let captured = Mutex<[Entry]>([])
        private let appended = EventCount()

        var entries: [Entry] {
            captured.withLock { $0 }
        }

        func append(_ entry: Entry) {
            captured.withLock { $0.append(entry) }
            appended.increment()
        }

        /// Blocks until `message` has been logged, woken by each entry; false if it was not within `timeout`.
        func wait(for message: String, timeout: Duration = .seconds(20)) -> Bool {
            while true {
                let seen = appended.value
                if entries.contains(where: { $0.message == message }) { return true }
                guard appended.wait(atLeast: seen + 1, timeout: timeout) else {
                    return entries.contains { $0.message == message }
                }
            }
        }

        /// Returns once `message` has been logged, without blocking a thread; false as ``wait(for:timeout:)``.
        func waitAsync(for message: String, timeout: Duration = .seconds(20)) async -> Bool {
            while true {
                let seen = appended.value
                if entries.contains(where: { $0.message == message }) { return true }
                guard await appended.waitAsync(atLeast: seen + 1, timeout: timeout) else {
                    return entries.contains { $0.message == message }
                }
            }
        }
    }

    let storage: Storage
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        storage.append(
            Entry(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" })
        )
    }
}
