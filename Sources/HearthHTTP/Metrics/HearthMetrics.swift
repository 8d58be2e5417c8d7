import CoreMetrics
import Fulfillment
import HomeGraph
import Prometheus
import Synchronization

/// Hearth's metrics, recorded through swift-metrics into one Prometheus registry of this application's own, and
/// written in Prometheus text format for `GET /metrics` (``exposition(gauges:)``).
///
/// The factory is passed explicitly to every metric instead of bootstrapping swift-metrics' process-global
/// `MetricsSystem`: each ``HearthApplication`` (and each test that starts a listener) has its own registry, so tests
/// that run several servers in one process never see each other's counts, and nothing can bootstrap twice.
///
/// Label values come from closed sets only (routes as patterns, intents, outcomes, Google's error codes and command
/// names, HomeGraph calls): no user or device id is ever a label value.
public final class HearthMetrics: Sendable {
    /// The registry `GET /metrics` writes.
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let outboxPending: CoreMetrics.Gauge
    private let outboxOldestAge: CoreMetrics.Gauge
    private let streamConsumers: CoreMetrics.Gauge
    private let pollConsumers: CoreMetrics.Gauge
    /// The counters and timers made so far, by name and label values: the factory is asked once per series, after
    /// which recording is one dictionary lookup and an atomic add (the factory's own path takes its registry's lock
    /// and builds the label set every time).
    private let counters = Mutex<[Series: CoreMetrics.Counter]>([:])
    /// `hearth_http_responses_total` by route and status: recorded on every request, so keyed by one string and an
    /// integer rather than a ``Series``.
    private let responses = Mutex<[ResponseKey: CoreMetrics.Counter]>([:])

    private struct ResponseKey: Hashable {
        var route: String
        var status: Int
    }
    /// `hearth_intents_total` by intent and outcome and `hearth_intent_duration_seconds` by intent, made up front
    /// (every series then exists from the start, at 0) and found by index: these are recorded on every intent.
    private let intentCounters: [[CoreMetrics.Counter]]
    private let intentTimers: [CoreMetrics.Timer]
    /// The `intent` label values, in the order of ``intentCounters`` and ``intentTimers``.
    static let intentLabels = ["SYNC", "QUERY", "EXECUTE", "DISCONNECT", "unknown"]
    private let timers = Mutex<[Series: CoreMetrics.Timer]>([:])

    /// A metric name and up to three label values, in the order its labels are declared.
    private struct Series: Hashable {
        var name: String
        var first: String
        var second: String = ""
        var third: String = ""
    }

    /// Request durations: 1 ms to 10 s, dense around the hundreds of microseconds Hearth answers in.
    static let durationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .microseconds(2_500_000), .seconds(5), .seconds(10),
    ]

    /// The factory every metric of this registry is made with: modules that count their own series (the identity
    /// provider's requests and refusals) record through it, and `/metrics` exposes them with the rest.
    public var metricsFactory: any MetricsFactory { factory }

    /// Creates the metrics; `version` is `hearth_build_info`'s label.
    public init(version: String) {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        self.registry = registry
        self.factory = factory
        CoreMetrics.Gauge(label: "hearth_build_info", dimensions: [("version", version)], factory: factory).record(1)
        outboxPending = CoreMetrics.Gauge(label: "hearth_outbox_pending", factory: factory)
        outboxOldestAge = CoreMetrics.Gauge(label: "hearth_outbox_oldest_age_seconds", factory: factory)
        streamConsumers = CoreMetrics.Gauge(
            label: "hearth_change_stream_consumers",
            dimensions: [("kind", "stream")],
            factory: factory
        )
        pollConsumers = CoreMetrics.Gauge(
            label: "hearth_change_stream_consumers",
            dimensions: [("kind", "poll")],
            factory: factory
        )
        intentCounters = Self.intentLabels.map { intent in
            IntentSummary.Outcome.allCases.map { outcome in
                CoreMetrics.Counter(
                    label: "hearth_intents_total",
                    dimensions: [("intent", intent), ("outcome", outcome.rawValue)],
                    factory: factory
                )
            }
        }
        intentTimers = Self.intentLabels.map { intent in
            CoreMetrics.Timer(
                label: "hearth_intent_duration_seconds",
                dimensions: [("intent", intent)],
                factory: factory
            )
        }
        outboxPending.record(0)
        outboxOldestAge.record(0)
        streamConsumers.record(0)
        pollConsumers.record(0)
    }

    /// One HTTP answer: `hearth_http_responses_total{route,code}`, and `hearth_auth_failures_total{kind}` for a 401.
    func recordResponse(route: String, status: Int, authFailure: String?) {
        let key = ResponseKey(route: route, status: status)
        responses.withLock { made in
            if let counter = made[key] { return counter }
            let code = Self.code(status)
            let counter = CoreMetrics.Counter(
                label: "hearth_http_responses_total",
                dimensions: [("route", route), ("code", code)],
                factory: factory
            )
            made[key] = counter
            return counter
        }.increment()
        if let authFailure {
            counter(Series(name: "hearth_auth_failures_total", first: authFailure)) { [("kind", authFailure)] }
                .increment()
        }
    }

    /// One intent answered: `hearth_intents_total{intent,outcome}`, `hearth_intent_duration_seconds{intent}`, each
    /// EXECUTE command's `hearth_execute_commands_total{command,status,error_code}` and the transaction's
    /// `hearth_registry_transaction_duration_seconds{intent}`.
    func recordIntent(_ summary: IntentSummary, duration: Duration) {
        let intent = summary.intentLabel
        let intentIndex = Self.intentLabels.firstIndex(of: intent) ?? Self.intentLabels.count - 1
        let outcomeIndex = IntentSummary.Outcome.allCases.firstIndex(of: summary.outcome) ?? 0
        intentCounters[intentIndex][outcomeIndex].increment()
        intentTimers[intentIndex].recordNanoseconds(Self.nanoseconds(duration))
        // Runs of the same outcome (one group's devices) count once, with their number.
        var index = summary.commands.startIndex
        while index < summary.commands.endIndex {
            let command = summary.commands[index]
            var end = index + 1
            while end < summary.commands.endIndex, summary.commands[end] == command { end += 1 }
            let series = Series(
                name: "hearth_execute_commands_total",
                first: command.command,
                second: command.statusName,
                third: command.errorCodeName
            )
            counter(series) {
                [("command", series.first), ("status", series.second), ("error_code", series.third)]
            }.increment(by: end - index)
            index = end
        }
        if let transaction = summary.transactionDuration {
            timer(Series(name: "hearth_registry_transaction_duration_seconds", first: intent)) {
                [("intent", intent)]
            }.recordNanoseconds(Self.nanoseconds(transaction))
        }
    }

    /// One call to HomeGraph: `hearth_homegraph_calls_total{call,outcome}`.
    public func recordHomeGraphCall(_ call: String, outcome: HomeGraphOutcome) {
        let label = Self.label(outcome)
        counter(Series(name: "hearth_homegraph_calls_total", first: call, second: label)) {
            [("call", call), ("outcome", label)]
        }.increment()
    }

    /// One call to the device backend's command webhook (`commands.*`): `hearth_webhook_calls_total{outcome}`
    /// and `hearth_webhook_call_duration_seconds{outcome}`. `outcome` is the webhook client's closed set (`delivered`,
    /// `rejected`, `timeout`, `unreachable`, …), never a backend's text.
    public func recordWebhookCall(outcome: String, duration: Duration) {
        counter(Series(name: "hearth_webhook_calls_total", first: outcome)) { [("outcome", outcome)] }.increment()
        timer(Series(name: "hearth_webhook_call_duration_seconds", first: outcome)) { [("outcome", outcome)] }
            .recordNanoseconds(Self.nanoseconds(duration))
    }

    /// The counter of `series`, made by the factory the first time.
    private func counter(_ series: Series, _ dimensions: () -> [(String, String)]) -> CoreMetrics.Counter {
        counters.withLock { made in
            if let counter = made[series] { return counter }
            let counter = CoreMetrics.Counter(label: series.name, dimensions: dimensions(), factory: factory)
            made[series] = counter
            return counter
        }
    }

    /// The timer (a Prometheus histogram in seconds) of `series`, made by the factory the first time.
    private func timer(_ series: Series, _ dimensions: () -> [(String, String)]) -> CoreMetrics.Timer {
        timers.withLock { made in
            if let timer = made[series] { return timer }
            let timer = CoreMetrics.Timer(label: series.name, dimensions: dimensions(), factory: factory)
            made[series] = timer
            return timer
        }
    }

    /// The values read at scrape time.
    struct ScrapeGauges {
        /// Queued HomeGraph work: reports, Request Syncs and notifications.
        var outboxPending: Int
        /// How long the oldest queued item has waited, in seconds (0 when nothing is queued).
        var outboxOldestAgeSeconds: Double
        /// Open `/v1/changes` streams and waiting long polls, when the device API is served.
        var streams: Int
        var polls: Int
    }

    /// The registry in Prometheus text format, the scrape-time gauges set first.
    func exposition(gauges: ScrapeGauges) -> [UInt8] {
        outboxPending.record(gauges.outboxPending)
        outboxOldestAge.record(gauges.outboxOldestAgeSeconds)
        streamConsumers.record(gauges.streams)
        pollConsumers.record(gauges.polls)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 << 10)
        registry.emit(into: &buffer)
        return buffer
    }

    /// The registry in Prometheus text format as it is (no gauge read): what tests and tools look at.
    public func emitted() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    /// A status code as a label: its digits (a closed set, 100…599).
    private static func code(_ status: Int) -> String {
        (100...599).contains(status) ? String(status) : "other"
    }

    /// A HomeGraph outcome as a label.
    static func label(_ outcome: HomeGraphOutcome) -> String {
        switch outcome {
        case .delivered: "delivered"
        case .retryable: "retryable"
        case .notFound: "not_found"
        case .rejected: "rejected"
        case .unauthorized: "unauthorized"
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
