import Foundation
import HTTPTypes
import HomeGraph
import JSON
import OutboundHTTP

/// `hearth replay`: sends recorded intents to a running deployment, one after the other in the order given, and
/// compares each answer with the recording (``ResponseComparison``).
public struct Replayer: Sendable {
    /// What a whole replay found.
    public struct Summary: Sendable {
        public var results: [ReplayResult]

        /// Whether the deployment could not be reached for some intent (the replay stops at the first such file).
        public var anyUnreachable: Bool {
            results.contains { if case .error = $0.outcome { true } else { false } }
        }

        /// Whether any intent's answer differed from its recording.
        public var anyFailed: Bool {
            results.contains { if case .failed = $0.outcome { true } else { false } }
        }

        /// `N passed, N failed, N skipped, N unreachable`.
        public var line: String {
            var passed = 0
            var failed = 0
            var skipped = 0
            var errors = 0
            for result in results {
                switch result.outcome {
                case .passed: passed += 1
                case .failed: failed += 1
                case .skipped: skipped += 1
                case .error: errors += 1
                }
            }
            return "\(passed) passed, \(failed) failed, \(skipped) skipped, \(errors) unreachable"
        }
    }

    /// One replayed intent: 30 s, and an answer of up to 16 MiB (a SYNC of a large home is the largest answer).
    public static let answerLimits = OutboundLimits(deadline: .seconds(30), maxAnswerBytes: 16 << 20)

    private let endpoint: URL
    private let token: String
    private let ignoring: [JSONPath]
    private let pin: String?
    private let transport: any HomeGraphTransport

    /// Creates a replayer.
    ///
    /// - Parameters:
    ///   - url: The deployment's base URL (`https://hearth.example.com`), or its `/fulfillment` URL.
    ///   - token: A bearer token of the user the intents were recorded for.
    ///   - ignoring: Places not compared (`--ignore`).
    ///   - pin: Sent in place of a redacted PIN (`challenge.pin` reads ``FixtureRedaction/marker``); without it the
    ///     marker itself is sent, and the deployment answers as to a wrong PIN.
    /// - Throws: ``RecordReplayError`` `.invalidURL` for a URL that is not `http` or `https`.
    public init(
        url: String,
        token: String,
        ignoring: [JSONPath] = [],
        pin: String? = nil,
        transport: any HomeGraphTransport = HTTPClientTransport(limits: Replayer.answerLimits)
    ) throws {
        guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else {
            throw RecordReplayError(.invalidURL, "--url \(url) is not an http:// or https:// URL")
        }
        if components.path.isEmpty || components.path == "/" {
            components.path = "/fulfillment"
        }
        guard let endpoint = components.url else {
            throw RecordReplayError(.invalidURL, "--url \(url) is not an http:// or https:// URL")
        }
        self.endpoint = endpoint
        self.token = token
        self.ignoring = ignoring
        self.pin = pin
        self.transport = transport
    }

    /// Replays `files` in order (``ReplayFixture/files(_:)``), calling `progress` after each; stops after the
    /// first file that gets no answer.
    ///
    /// - Throws: ``RecordReplayError`` for a file that cannot be read or is not JSON, before anything is sent.
    public func run(files: [String], progress: (ReplayResult) -> Void = { _ in }) async throws -> Summary {
        let contents = try files.map { try ReplayFixture.load(path: $0) }
        var results: [ReplayResult] = []
        for content in contents {
            let result: ReplayResult
            switch content {
            case .notAnIntent(let name, let reason):
                result = ReplayResult(name: name, outcome: .skipped(reason), seconds: 0)
            case .fixture(let fixture):
                result = await replay(fixture)
            }
            results.append(result)
            progress(result)
            if case .error = result.outcome { break }
        }
        return Summary(results: results)
    }

    /// Sends one recorded request and compares the answer.
    public func replay(_ fixture: ReplayFixture) async -> ReplayResult {
        let body = JSONWriter.bytes(
            pin.map { Self.replacingRedactedPINs(in: fixture.request, with: $0) } ?? fixture.request
        )
        let request = OutboundRequest(
            url: endpoint,
            headerFields: [
                .authorization: "Bearer \(token)", .contentType: "application/json",
                .userAgent: FulfillmentRecorder.replayUserAgent,
            ],
            body: body
        )
        let start = ContinuousClock.now
        let response: OutboundResponse
        do {
            response = try await transport.send(request)
        } catch {
            return ReplayResult(
                name: fixture.name,
                outcome: .error("no answer from \(endpoint.absoluteString): \(error.localizedDescription)"),
                seconds: Self.seconds(since: start)
            )
        }
        let seconds = Self.seconds(since: start)
        var differences: [ReplayDifference] = []
        if response.status.code != fixture.expectedStatus {
            differences.append(
                ReplayDifference(
                    location: "HTTP status",
                    expected: .int(fixture.expectedStatus),
                    actual: .int(response.status.code)
                )
            )
        }
        if let answer = try? JSONParser.parse(response.body) {
            differences += ResponseComparison.differences(
                expected: fixture.response,
                actual: answer,
                request: fixture.request,
                ignoring: ignoring
            )
        } else {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            differences.append(
                ReplayDifference(location: "$", expected: fixture.response, actual: .string(text), note: "not JSON")
            )
        }
        return ReplayResult(
            name: fixture.name,
            outcome: differences.isEmpty ? .passed : .failed(differences),
            seconds: seconds
        )
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// `request` with every `pin` member that reads the redaction marker set to `pin`.
    static func replacingRedactedPINs(in request: JSONValue, with pin: String) -> JSONValue {
        switch request {
        case .object(let object):
            var replaced = JSONObject()
            for (key, value) in object {
                replaced.append(
                    key,
                    key == "pin" && value == .string(FixtureRedaction.marker)
                        ? .string(pin) : replacingRedactedPINs(in: value, with: pin)
                )
            }
            return .object(replaced)
        case .array(let elements):
            return .array(elements.map { replacingRedactedPINs(in: $0, with: pin) })
        default:
            return request
        }
    }
}
