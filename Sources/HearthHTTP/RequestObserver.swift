import Clocks
import Cryptography
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthLogging
import Logging
import Synchronization

/// Writes the one info line per HTTP request and counts the request in the metrics, when its answer is final: at
/// once for an ordinary answer, when a deferred answer is completed (or abandoned at shutdown) for a deferred one.
///
/// The line (message `Answered a request`) carries `http.method`, `http.route` (the pattern, never the raw path),
/// `http.status`, `latency.us` (from the request reaching Hearth's responder to its answer being ready; a deliberate
/// delay for a bad token is not counted) and, for fulfillment, `intent`, `outcome`, `error.codes`, `devices`,
/// `request.id`, `agent_user.id` (or `agent_user.hash`, a keyed hash, with `log.hashUserIds`), and the `reason`
/// of a refusal. A 401 adds `auth.failure`.
///
/// Behind Hearth's own handlers (``SanitizingLogHandler`` in front of a ``LineLogHandler``, as `hearth serve` and the
/// tests have them) the line is laid out straight into bytes, without swift-log's metadata dictionary, and goes
/// through the output's buffer (``BufferedLogOutput``); the bytes are the same as through `Logger` (tested).
struct RequestObserver: Sendable {
    let logger: Logger
    let metrics: HearthMetrics?
    let metricsPath: String?
    let userIdHashKey: [UInt8]?
    let clock: any HearthClock
    /// Where the line is written directly, when it may be (``SanitizingLogHandler/lineHandler``).
    private let lines: LineLogHandler?

    /// An observer logging to `logger` and counting in `metrics` (none: not counted), `/metrics` at `metricsPath`;
    /// `directLines: false` always logs through `logger` (to compare the two).
    init(
        logger: Logger,
        metrics: HearthMetrics?,
        metricsPath: String?,
        userIdHashKey: [UInt8]?,
        clock: any HearthClock,
        directLines: Bool = true
    ) {
        self.logger = logger
        self.metrics = metrics
        self.metricsPath = metricsPath
        self.userIdHashKey = userIdHashKey
        self.clock = clock
        self.lines = directLines ? (logger.handler as? SanitizingLogHandler)?.lineHandler : nil
    }

    /// The fulfillment summary of one request, set by whoever builds its answer (for a deferred answer, later and
    /// on another thread: hence the lock).
    final class Record: Sendable {
        private let summary = Mutex<IntentSummary?>(nil)

        init() {}

        func set(_ summary: IntentSummary) {
            self.summary.withLock { $0 = summary }
        }

        var value: IntentSummary? {
            summary.withLock { $0 }
        }
    }

    /// Whether the line is written straight into bytes rather than through `Logger`.
    var writesDirectly: Bool { lines != nil }

    /// Observes `response` to `request`, begun at `started`: logs and counts it now, or when its deferred answer is
    /// final (then the abandoned fallback `response` itself if the server shut down first).
    func observe(_ request: Request, started: ContinuousClock.Instant, response: Response, record: Record?) {
        let route = RouteLabel.of(request.path, metricsPath: metricsPath)
        guard let deferred = response.deferred else {
            finish(request, route: route, started: started, response: response, summary: record?.value)
            return
        }
        // Without its `deferred`: the observer is kept by that answer until it finishes, and must not keep it back.
        var detached = response
        detached.deferred = nil
        let fallback = detached
        deferred.whenFinished { final in
            finish(request, route: route, started: started, response: final ?? fallback, summary: record?.value)
        }
    }

    private func finish(
        _ request: Request,
        route: String,
        started: ContinuousClock.Instant,
        response: Response,
        summary: IntentSummary?
    ) {
        let elapsed = started.duration(to: clock.now)
        let status = response.status.code
        let authFailure = status == 401 ? Self.authFailureKind(route: route) : nil
        if let metrics {
            metrics.recordResponse(route: route, status: status, authFailure: authFailure)
            if let summary { metrics.recordIntent(summary, duration: elapsed) }
        }
        guard logger.logLevel <= .info else { return }
        let latency = Self.microseconds(elapsed)
        if let lines {
            // The keys in sorted order, as the handler sorts a dictionary's.
            lines.writeLine(level: .info, message: "Answered a request", source: Self.source, buffered: true) { line in
                if let user = summary?.agentUserId {
                    if let key = userIdHashKey {
                        line.append("agent_user.hash", Self.hash(user, key: key))
                    } else {
                        line.append("agent_user.id", user)
                    }
                }
                if let authFailure { line.append("auth.failure", authFailure) }
                if let summary {
                    line.append("devices", Int64(summary.deviceCount))
                    if !summary.errorCodes.isEmpty { line.append("error.codes", summary.errorCodeList) }
                }
                line.append("http.method", request.method.rawValue)
                line.append("http.route", route)
                line.append("http.status", Int64(status))
                if let summary { line.append("intent", summary.intentLabel) }
                line.append("latency.us", latency)
                if let summary {
                    line.append("outcome", summary.outcome.rawValue)
                    if let reason = summary.reason { line.append("reason", reason) }
                    if let requestId = summary.requestId { line.append("request.id", requestId) }
                    if let revoked = summary.revokedTokens { line.append("tokens.revoked", Int64(revoked)) }
                }
            }
            return
        }
        var metadata: Logger.Metadata = [
            "http.method": "\(request.method.rawValue)",
            "http.route": "\(route)",
            "http.status": "\(status)",
            "latency.us": "\(latency)",
        ]
        if let authFailure { metadata["auth.failure"] = "\(authFailure)" }
        if let summary {
            metadata["intent"] = "\(summary.intentLabel)"
            metadata["outcome"] = "\(summary.outcome.rawValue)"
            metadata["devices"] = "\(summary.deviceCount)"
            if !summary.errorCodes.isEmpty {
                metadata["error.codes"] = "\(summary.errorCodeList)"
            }
            if let requestId = summary.requestId { metadata["request.id"] = "\(requestId)" }
            if let user = summary.agentUserId {
                if let key = userIdHashKey {
                    metadata["agent_user.hash"] = "\(Self.hash(user, key: key))"
                } else {
                    metadata["agent_user.id"] = "\(user)"
                }
            }
            if let reason = summary.reason { metadata["reason"] = "\(reason)" }
            if let revoked = summary.revokedTokens { metadata["tokens.revoked"] = "\(revoked)" }
        }
        logger.info("Answered a request", metadata: metadata, source: Self.source)
    }

    /// The request line's `source`: the app layer's, as before the HTTP layer was a module of its own (log queries
    /// select the line by it).
    static let source = "HearthApp"

    /// What a 401 on `route` failed at.
    static func authFailureKind(route: String) -> String {
        switch route {
        case "/fulfillment": "bearer_token"
        case "/oauth/token", "/oauth/revoke": "client_secret"
        default: route.hasPrefix("/v1/") ? "api_key" : "other"
        }
    }

    /// The first 16 hex digits of HMAC-SHA256(key, user): the same user gives the same hash (lines can be joined),
    /// and without the key the id cannot be recovered by trying likely ids.
    static func hash(_ user: String, key: [UInt8]) -> String {
        String(Hex.encode(HMACSHA256.authenticationCode(for: Array(user.utf8), key: key)).prefix(16))
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
