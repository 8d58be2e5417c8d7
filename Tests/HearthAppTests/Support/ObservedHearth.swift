import Clocks
import DeviceAPI
import Foundation
import Fulfillment
import HearthApp
import HearthHTTP
import HearthTestSupport
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite
import Synchronization

/// Hearth with its metrics and its log lines as `hearth serve` writes them (``SanitizingLogHandler`` in front of a
/// ``LineLogHandler`` in the given format, at info), captured line by line, built as `hearth serve` builds it
/// (``HearthApplication/start(overrides:)``): real SQLite file, real listener on 127.0.0.1, port 0, the device API
/// on. Each instance has its own metrics registry.
final class ObservedHearth: @unchecked Sendable {
    let directory: TemporaryDirectory
    let hearth: HearthServer
    var store: any ServingStore { hearth.store }
    var server: HTTPServer { hearth.listener }
    var port: Int { hearth.port }
    /// The metrics of this instance.
    let metrics: HearthMetrics
    private let captured = CapturedLines()

    init(
        devices: String = TestHomes.twoUsers,
        format: LogFormat,
        userIdHashKey: [UInt8]? = nil,
        metricsEnabled: Bool = true
    ) throws {
        directory = try TemporaryDirectory()
        var configuration = try HearthConfiguration.forTests(
            database: directory.path("hearth.sqlite"),
            api: true,
            metrics: metricsEnabled
        )
        if let userIdHashKey {
            // Through the file `log.userIdHashKeyFile` names, as an operator gives it.
            let keyFile = directory.path("user-id-hash.key")
            try Data(userIdHashKey).write(to: URL(fileURLWithPath: keyFile))
            configuration.hashUserIds = true
            configuration.userIdHashKeyFile = keyFile
        }
        let captured = self.captured
        let logger = Logger(label: "hearth") { label in
            var handler = SanitizingLogHandler(
                wrapping: LineLogHandler(label: label, format: format, sink: captured.append)
            )
            handler.logLevel = .info
            return handler
        }
        hearth = try HearthApplication(configuration: configuration, logger: logger).start(
            overrides: HearthApplication.Overrides(seed: try DeviceFile.parse(Array(devices.utf8)))
        )
        // With metrics off nothing counts: a registry of its own that stays empty.
        metrics = hearth.metrics ?? HearthMetrics(version: BuildInfo.version)
    }

    func shutdown() {
        hearth.shutdown()
        directory.remove()
    }

    /// Every line written so far, newline included.
    var lines: [String] { captured.all }

    /// The lines of one request (`Answered a request`).
    var requestLines: [String] { lines.filter { $0.contains("Answered a request") } }

    /// A token for `user`.
    func token(for user: String) throws -> String {
        try store.issueToken(forUser: user, ttl: nil, now: UnixTime(seconds: Int64(Date().timeIntervalSince1970)))
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
