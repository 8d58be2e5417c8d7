import Foundation
import HearthHTTP
import HearthTestSupport
import HearthTesting
import Logging
import MicroHTTPD
import Registry

/// Hearth with its metrics and its log lines as `hearth serve` writes them (``SanitizingLogHandler`` in front of a
/// ``LineLogHandler`` in the given format, at info), captured line by line: the HearthTesting product's
/// `InProcessHearth` with the tests' settings, the device API on. Each instance has its own metrics registry.
final class ObservedHearth: Sendable {
    /// Holds the user-id hash key file (the harness's own directory is made as Hearth starts).
    let directory: TemporaryDirectory
    /// The harness underneath.
    let harness: InProcessHearth
    var hearth: HearthServer { harness.server }
    var store: any ServingStore { harness.store }
    var server: HTTPServer { harness.listener }
    var port: Int { harness.port }
    /// The metrics of this instance.
    let metrics: HearthMetrics

    init(
        devices: String = TestHomes.twoUsers,
        format: LogFormat,
        userIdHashKey: [UInt8]? = nil,
        metricsEnabled: Bool = true
    ) throws {
        directory = try TemporaryDirectory()
        var keyFile: String?
        if let userIdHashKey {
            // Through the file `log.userIdHashKeyFile` names, as an operator gives it.
            keyFile = directory.path("user-id-hash.key")
            try Data(userIdHashKey).write(to: URL(fileURLWithPath: keyFile!))
        }
        harness = try InProcessHearth(
            devices: .json(devices),
            // A bad-token budget no test reaches (the throttle's own tests are `AuthFailureThrottleTests`).
            settings: [
                .set(\.http.threads, 2),
                .set(\.metrics.enabled, metricsEnabled),
                .set(\.http.badTokenBurst, 100_000),
            ],
            configure: { [keyFile] configuration in
                if let keyFile {
                    configuration.hashUserIds = true
                    configuration.userIdHashKeyFile = keyFile
                }
            },
            logFormats: [format],
            logLevel: .info
        )
        // With metrics off nothing counts: a registry of its own that stays empty.
        metrics = harness.server.metrics ?? HearthMetrics(version: BuildInfo.version)
    }

    func shutdown() {
        harness.stop()
        directory.remove()
    }

    /// Every line written so far, newline included.
    var lines: [String] { harness.logLines }

    /// The lines of one request (`Answered a request`).
    var requestLines: [String] { lines.filter { $0.contains("Answered a request") } }

    /// A token for `user`.
    func token(for user: String) throws -> String {
        try harness.token(for: user)
    }

    /// One request on its own connection.
    func request(
        _ method: String,
        _ target: String,
        body: String = "",
        headers: [(String, String)] = []
    ) throws -> RawHTTPClient.Response {
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        try client.send(text)
        return try client.readResponse()
    }

    /// A fulfillment intent with a bearer token.
    func intent(_ json: String, token: String) throws -> RawHTTPClient.Response {
        try request(
            "POST",
            "/fulfillment",
            body: json,
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")]
        )
    }

    /// `GET /metrics`, parsed: each sample line's name and labels (as written) to its value.
    func scrape() throws -> [String: Double] {
        let response = try request("GET", "/metrics")
        guard response.status == 200 else { throw TestFailure("GET /metrics answered \(response.status)") }
        return Self.samples(response.bodyText)
    }

    /// Prometheus text format sample lines, keyed by `name{labels}` with the labels sorted (``PrometheusSamples``).
    static func samples(_ text: String) -> [String: Double] {
        PrometheusSamples.parse(text)
    }
}
