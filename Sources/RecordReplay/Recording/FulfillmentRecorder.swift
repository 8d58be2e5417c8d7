import Clocks
import Dispatch
import Foundation
import HTTPMessages
import HTTPTypes
import JSON
import Logging
import Synchronization

/// Records `/fulfillment` requests and Hearth's answers as fixture files (`hearth serve --record DIR`), in the shape
/// of the project's own `Tests/HearthAppTests/Fixtures/Intents/` files, for `hearth replay`.
///
/// Off the request's critical path: ``record(request:response:)`` only samples, counts and hands the two bodies (no
/// parsing, no I/O) to one writer (a serial dispatch queue). At most ``RecordingOptions/queueLimit`` recordings
/// wait for it; one more is dropped and counted in ``Counts/dropped``, never waited for. The writer parses, redacts
/// (``FixtureRedaction``), and writes each file under a temporary name then renames it, so a replay never reads
/// half a file. A write that fails (disk full, the directory gone or not writable) is logged and counted and costs
/// nothing else: no request ever waits for or fails because of the recorder.
///
/// File names sort in the order the answers were given (`rec-<unix ms>-<sequence>_<intent>.json`), which is the
/// order `hearth replay DIR` sends them in: an EXECUTE recorded before a QUERY is replayed before it.
public final class FulfillmentRecorder: Sendable {
    /// The `User-Agent` `hearth replay` sends; requests with it are not recorded, so that replaying against a
    /// deployment that records does not record the replay.
    public static let replayUserAgent = "hearth-replay"

    /// What the recorder did so far.
    public struct Counts: Sendable, Hashable {
        /// Files written.
        public var written = 0
        /// Intents not recorded because the writer's queue was full.
        public var dropped = 0
        /// Recordings that could not be written (the write failed, or the body was not JSON).
        public var failed = 0
        /// Intents not recorded because the directory holds `record.maxFiles` recordings.
        public var overLimit = 0
    }

    private struct State {
        var counts = Counts()
        var queued = 0
        var sequence = 0
        /// Recordings in the directory (at start, plus those written and those queued).
        var files: Int
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        /// Whether the latest write failed: a run of failures is logged once.
        var failing = false
        var limitLogged = false
        var dropLogged = false
    }

    private let options: RecordingOptions
    private let directory: URL
    private let logger: Logger
    private let clock: any HearthClock
    private let sample: @Sendable () -> Double
    private let queue: DispatchQueue
    private let state: Mutex<State>

    /// Creates a recorder writing to `options.directory`, which is created when missing.
    ///
    /// - Throws: ``RecordReplayError`` `.unusableDirectory` when the directory cannot be created or is not a writable
    ///   directory: a start with a bad `record.directory` stops there, before it serves anything.
    /// - Parameter sample: a number in `0..<1` per intent; the intent is recorded when it is below the sample
    ///   rate (tests pass a sequence).
    /// - Parameter writerQueue: the serial queue the writer runs on (tests hold one suspended); default: its own.
    public init(
        options: RecordingOptions,
        logger: Logger,
        clock: any HearthClock = SystemClock(),
        sample: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        writerQueue: DispatchQueue? = nil
    ) throws {
        self.queue = writerQueue ?? DispatchQueue(label: "hearth.recorder")
        self.options = options
        self.directory = URL(fileURLWithPath: options.directory, isDirectory: true)
        self.logger = logger
        self.clock = clock
        self.sample = sample
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if !manager.fileExists(atPath: options.directory, isDirectory: &isDirectory) {
            do {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw RecordReplayError(
                    .unusableDirectory,
                    "record.directory \(options.directory) cannot be created: \(error.localizedDescription)"
                )
            }
        } else if !isDirectory.boolValue {
            throw RecordReplayError(.unusableDirectory, "record.directory \(options.directory) is not a directory")
        }
        guard manager.isWritableFile(atPath: options.directory) else {
            throw RecordReplayError(.unusableDirectory, "record.directory \(options.directory) is not writable")
        }
        let existing =
            (try? manager.contentsOfDirectory(atPath: options.directory))?
            .filter(Self.isRecording).count ?? 0
        state = Mutex(State(files: existing))
    }

    /// Queues one request and its answer for the writer, if sampled; returns at once. Call it with the answer
    /// Hearth gives: a synchronous one as it is returned, a deferred one with its final `Response` when it is
    /// completed (a `Response` that is still `deferred` is not recorded). The Authorization header is never read.
    public func record(request: Request, response: Response) {
        guard options.sampleRate > 0, options.sampleRate >= 1 || sample() < options.sampleRate,
            request.headerFields[.userAgent] != Self.replayUserAgent,
            // A deferred answer has no body yet: its owner records the final `Response` when it is completed.
            response.deferred == nil
        else { return }
        let accepted: Int? = state.withLock { state in
            if options.maxFiles > 0, state.files >= options.maxFiles {
                state.counts.overLimit += 1
                return nil
            }
            guard state.queued < options.queueLimit else {
                state.counts.dropped += 1
                return nil
            }
            state.queued += 1
            state.files += 1
            state.sequence += 1
            return state.sequence
        }
        guard let sequence = accepted else {
            logOnce()
            return
        }
        let requestBody = request.body
        let status = Int(response.status.code)
        let responseBody = response.body
        let milliseconds = clock.unixMilliseconds
        queue.async {
            self.write(
                sequence: sequence,
                unixMilliseconds: milliseconds,
                requestBody: requestBody,
                status: status,
                responseBody: responseBody
            )
        }
    }

    /// What the recorder did so far.
    public var counts: Counts {
        state.withLock { $0.counts }
    }

    /// Returns once every recording queued so far has been written (or has failed).
    public func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                if state.queued == 0 { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Blocks until the writer has written what was queued (at shutdown, after the listener stopped).
    public func drain() {
        queue.sync {}
    }

    // MARK: - The writer

    private func write(sequence: Int, unixMilliseconds: Int64, requestBody: [UInt8], status: Int, responseBody: [UInt8])
    {
        let result: Result<Void, RecordingError>
        if let fixture = Self.fixture(
            requestBody: requestBody,
            status: status,
            responseBody: responseBody,
            unixMilliseconds: unixMilliseconds
        ) {
            let name = Self.fileName(
                unixMilliseconds: unixMilliseconds,
                sequence: sequence,
                intent: fixture.intent
            )
            result = writeFile(name: name, bytes: JSONWriter.bytes(fixture.json, format: .pretty))
        } else {
            result = .failure(RecordingError(message: "the request or the answer is not JSON"))
        }
        let (waiters, logFailure, logRecovery): ([CheckedContinuation<Void, Never>], String?, Bool) = state.withLock {
            state in
            state.queued -= 1
            var logFailure: String?
            var logRecovery = false
            switch result {
            case .success:
                state.counts.written += 1
                logRecovery = state.failing
                state.failing = false
            case .failure(let error):
                state.counts.failed += 1
                state.files -= 1
                if !state.failing { logFailure = error.message }
                state.failing = true
            }
            let waiters = state.queued == 0 ? state.idleWaiters : []
            if state.queued == 0 { state.idleWaiters = [] }
            return (waiters, logFailure, logRecovery)
        }
        if let logFailure {
            logger.warning(
                "Could not write a recording; the intent was answered, later failures are not logged until one works",
                metadata: ["record.directory": "\(options.directory)", "error": "\(logFailure)"]
            )
        }
        if logRecovery {
            logger.notice("Recording works again", metadata: ["record.directory": "\(options.directory)"])
        }
        for waiter in waiters { waiter.resume() }
    }

    private func writeFile(name: String, bytes: [UInt8]) -> Result<Void, RecordingError> {
        let final = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(".\(name).tmp")
        do {
            try Data(bytes).write(to: temporary)
            try FileManager.default.moveItem(at: temporary, to: final)
            return .success(())
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return .failure(RecordingError(message: error.localizedDescription))
        }
    }

    /// Logs the first intent not recorded for the limit, and the first dropped for a full queue.
    private func logOnce() {
        let (limit, drop): (Bool, Bool) = state.withLock { state in
            let limit = state.counts.overLimit > 0 && !state.limitLogged
            let drop = state.counts.dropped > 0 && !state.dropLogged
            state.limitLogged = state.limitLogged || limit
            state.dropLogged = state.dropLogged || drop
            return (limit, drop)
        }
        if limit {
            logger.notice(
                "Recording stopped: record.maxFiles recordings are in the directory",
                metadata: ["record.directory": "\(options.directory)", "record.maxFiles": "\(options.maxFiles)"]
            )
        }
        if drop {
            logger.warning(
                "Recording cannot keep up: intents are dropped from the recording (logged once; lower record.sampleRate)",
                metadata: ["record.directory": "\(options.directory)", "record.queueLimit": "\(options.queueLimit)"]
            )
        }
    }

    // MARK: - The fixture

    /// The fixture file for one request and its answer, redacted; `nil` when either body is not JSON.
    static func fixture(
        requestBody: [UInt8],
        status: Int,
        responseBody: [UInt8],
        unixMilliseconds: Int64
    ) -> (json: JSONValue, intent: String)? {
        guard let request = try? JSONParser.parse(requestBody),
            let response = try? JSONParser.parse(responseBody)
        else { return nil }
        let intent = request["inputs"]?.arrayValue?.first?["intent"]?.stringValue ?? "unknown"
        let date = Date(timeIntervalSince1970: Double(unixMilliseconds) / 1000)
        var fixture = JSONObject()
        fixture.append("source", .string("hearth serve --record, \(date.formatted(.iso8601))"))
        fixture.append(
            "note",
            .string(
                "Recorded from a live deployment; the Authorization header is not kept and secrets (PINs, tokens) "
                    + "read \"\(FixtureRedaction.marker)\"."
            )
        )
        fixture.append("request", FixtureRedaction.redact(request))
        fixture.append("expectedStatus", .int(status))
        fixture.append("response", FixtureRedaction.redact(response))
        return (.object(fixture), intent)
    }

    /// `rec-<unix ms, 13 digits>-<sequence, 6 digits>_<intent>.json`: names sort in recording order.
    static func fileName(unixMilliseconds: Int64, sequence: Int, intent: String) -> String {
        let short = intent.split(separator: ".").last.map { $0.lowercased() } ?? "unknown"
        let safe = String(short.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(32))
        return "rec-\(Self.padded(unixMilliseconds, 13))-\(Self.padded(Int64(sequence), 6))_\(safe).json"
    }

    private static func padded(_ number: Int64, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func isRecording(_ name: String) -> Bool {
        name.hasPrefix("rec-") && name.hasSuffix(".json")
    }
}

/// Why one recording was not written.
struct RecordingError: Error {
    var message: String
}
