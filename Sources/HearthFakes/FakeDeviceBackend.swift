import Clocks
import CommandDelivery
import Dispatch
import Foundation
import HTTPMessages
import HTTPTypes
import JSON
import Logging
import OutboundHTTP
import Synchronization

/// `hearth fake-device-backend`: a device backend for development and tests that receives webhook deliveries.
///
/// It refuses with 401 a delivery whose `Hearth-Signature` is missing, wrong or more than five minutes off, and
/// answers every other one per device: `SUCCESS` with the requested attribute values (each endpoint's `target`), or,
/// as injected, `ERROR` / `deviceTurnedOff` (``Options/errorRate``) or `PENDING` (``Options/pendingRate``), drawn from
/// a generator seeded with ``Options/seed`` so that runs repeat. ``Options/delay`` holds every answer back (without
/// holding a thread). With a ``Reporter`` it later reports the final state of devices it answered PENDING, and of
/// every device of a delayed answer (Hearth may have stopped waiting), with `PATCH /v1/users/{u}/devices/{d}/state`.
/// A camera stream command is answered with a local stream URL and a per-device token, which the fake also serves
/// (FakeDeviceBackend+Camera.swift).
public final class FakeDeviceBackend: HTTPResponder {
    /// What the fake injects.
    public struct Options: Sendable {
        /// How long every answer is held back.
        public var delay: Duration
        /// The share of devices answered `ERROR` / `deviceTurnedOff`, 0…1.
        public var errorRate: Double
        /// The share of devices answered `PENDING`, 0…1.
        public var pendingRate: Double
        /// Seeds the draws.
        public var seed: UInt64
        /// How long after a PENDING answer the final state is reported.
        public var pendingReportDelay: Duration

        /// Creates options; the defaults answer SUCCESS at once.
        public init(
            delay: Duration = .zero,
            errorRate: Double = 0,
            pendingRate: Double = 0,
            seed: UInt64 = 1,
            pendingReportDelay: Duration = .seconds(1)
        ) {
            self.delay = delay
            self.errorRate = errorRate
            self.pendingRate = pendingRate
            self.seed = seed
            self.pendingReportDelay = pendingReportDelay
        }
    }

    /// Where final states are reported: Hearth's base URL and an API key (`hearth apikeys create`).
    public struct Reporter: Sendable {
        /// Hearth's base URL.
        public var hearthURL: URL
        /// An API key with write access.
        public var apiKey: String

        /// Creates a reporter.
        public init(hearthURL: URL, apiKey: String) {
            self.hearthURL = hearthURL
            self.apiKey = apiKey
        }
    }

    private struct State {
        var random: UInt64
        var received: [JSONObject] = []
        var refused = 0
    }

    /// The webhook secret (it also keys the stream tokens, ``streamToken(user:device:)``).
    let secret: [UInt8]
    private let options: Options
    private let reporter: Reporter?
    private let clock: any HearthClock
    private let logger: Logger
    private let state: Mutex<State>
    private let client: HTTPClient?
    private let reports = DispatchQueue(label: "hearth.fake-device-backend.reports")

    /// Creates the fake; it verifies signatures made with `secret`.
    public init(
        secret: [UInt8],
        options: Options = Options(),
        reporter: Reporter? = nil,
        clock: any HearthClock = SystemClock(),
        logger: Logger
    ) {
        self.secret = secret
        self.options = options
        self.reporter = reporter
        self.clock = clock
        self.logger = logger
        state = Mutex(State(random: options.seed))
        client = reporter.map { _ in HTTPClient() }
    }

    /// The deliveries it accepted, in order.
    public var received: [JSONObject] { state.withLock { $0.received } }

    /// How many deliveries it refused (bad signature, not JSON).
    public var refused: Int { state.withLock { $0.refused } }

    public func respond(to request: Request) -> Response {
        if let stream = respondToStream(request) { return stream }
        guard request.method == .post else {
            return Self.json(.methodNotAllowed, #"{"error":"use POST"}"#)
        }
        guard let signature = request.headerFields[HTTPField.Name(WebhookSignature.headerName)!],
            WebhookSignature.verify(signature, body: request.body, secret: secret, now: clock.unixTime.seconds)
        else {
            state.withLock { $0.refused += 1 }
            logger.info("Refused a delivery: missing, wrong or stale Hearth-Signature")
            return Self.json(.unauthorized, #"{"error":"bad signature"}"#)
        }
        guard let delivery = (try? JSONParser.parse(request.body))?.objectValue,
            let user = delivery["agentUserId"]?.stringValue,
            let devices = delivery["devices"]?.arrayValue
        else {
            state.withLock { $0.refused += 1 }
            return Self.json(.badRequest, #"{"error":"not a delivery"}"#)
        }
        let host = request.head.authority ?? "127.0.0.1"
        var answers = JSONObject()
        var finals: [(device: String, endpoint: Int, target: JSONObject)] = []
        var pendings: [(device: String, endpoint: Int, target: JSONObject)] = []
        state.withLock { state in
            state.received.append(delivery)
            for device in devices {
                guard let id = device["id"]?.stringValue else { continue }
                let endpoints = device["endpoints"]?.arrayValue ?? []
                let targets = endpoints.map { endpoint in
                    (
                        device: id, endpoint: endpoint["endpoint"]?.intValue ?? 1,
                        target: endpoint["target"]?.objectValue ?? JSONObject()
                    )
                }
                let draw = Self.next(&state.random)
                var answer = JSONObject()
                let stream = streamResponse(
                    user: user,
                    device: id,
                    commands: endpoints.flatMap { $0["commands"]?.arrayValue ?? [] },
                    host: host
                )
                if draw < options.errorRate {
                    answer.append("status", .string("ERROR"))
                    answer.append("errorCode", .string("deviceTurnedOff"))
                } else if draw < options.errorRate + options.pendingRate {
                    answer.append("status", .string("PENDING"))
                    pendings.append(contentsOf: targets)
                } else {
                    answer.append("status", .string("SUCCESS"))
                    if let stream { answer.append("response", .object(stream)) }
                    if targets.count == 1, let only = targets.first {
                        answer.append("clusters", .object(only.target))
                        answer.append("endpoint", .int(only.endpoint))
                    }
                    finals.append(contentsOf: targets)
                }
                answers.append(id, .object(answer))
            }
        }
        if options.delay > .zero { report(user: user, finals, after: options.delay) }
        report(user: user, pendings, after: options.delay + options.pendingReportDelay)
        var response = Response(
            status: .ok,
            headerFields: [.contentType: "application/json"],
            body: JSONWriter.bytes(.object(JSONObject([("devices", .object(answers))])))
        )
        response.delay = options.delay
        return response
    }

    /// Reports final states with `PATCH …/state` after `delay`, when a reporter is configured.
    private func report(
        user: String,
        _ states: [(device: String, endpoint: Int, target: JSONObject)],
        after delay: Duration
    ) {
        guard let reporter, let client, !states.isEmpty else { return }
        let milliseconds = Int(delay / .milliseconds(1))
        let logger = logger
        reports.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            for state in states where !state.target.isEmpty {
                let url = reporter.hearthURL.appendingPathComponent("v1/users/\(user)/devices/\(state.device)/state")
                let request = OutboundRequest(
                    method: .patch,
                    url: url,
                    headerFields: [.contentType: "application/json", .authorization: "Bearer \(reporter.apiKey)"],
                    body: JSONWriter.bytes(
                        .object(JSONObject([("clusters", .object(state.target)), ("endpoint", .int(state.endpoint))]))
                    )
                )
                client.start(request, limits: Self.reportLimits) { result in
                    let status = (try? result.get())?.status.code ?? 0
                    logger.info(
                        "Reported a final state to Hearth",
                        metadata: [
                            "device.id": "\(state.device)", "http.status": "\(status)",
                            "error": "\(result.failureDescription)",
                        ]
                    )
                }
            }
        }
    }

    /// Hearth answers a state report with a short JSON document: 64 KiB and 10 s are plenty.
    private static let reportLimits = OutboundLimits(deadline: .seconds(10), maxAnswerBytes: 65_536)

    /// SplitMix64: a uniform draw in 0..<1.
    private static func next(_ state: inout UInt64) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    private static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headerFields: [.contentType: "application/json"], body: Array(text.utf8))
    }
}

extension Result where Failure == OutboundHTTPError {
    /// The error's description, or an empty string for a success (a log field).
    fileprivate var failureDescription: String {
        if case .failure(let error) = self { "\(error)" } else { "" }
    }
}
