import Clocks
import DeviceAPI
import Foundation
import Fulfillment
import HearthApp
import HearthTestSupport
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite
import Synchronization

/// Hearth with its metrics and its log lines as `hearth serve` writes them (``SanitizingLogHandler`` in front of a
/// ``LineLogHandler`` in the given format, at info), captured line by line: real SQLite file, real listener on
/// 127.0.0.1, port 0, the device API on. Each instance has its own metrics registry.
final class ObservedHearth: @unchecked Sendable {
    let directory: TemporaryDirectory
    let store: SQLiteRegistry
    let server: HTTPServer
    let port: Int
    let metrics: HearthMetrics
    private let captured = CapturedLines()

    init(
        devices: String = TestHomes.twoUsers,
        format: LogFormat,
        userIdHashKey: [UInt8]? = nil,
        metricsEnabled: Bool = true
    ) throws {
        directory = try TemporaryDirectory()
        store = try SQLiteRegistry(path: directory.path("hearth.sqlite"))
        _ = try store.importDevices(try DeviceFile.parse(Array(devices.utf8)))
        let captured = self.captured
        let logger = Logger(label: "hearth") { label in
            var handler = SanitizingLogHandler(
                wrapping: LineLogHandler(label: label, format: format, sink: captured.append)
            )
            handler.logLevel = .info
            return handler
        }
        metrics = HearthMetrics(version: BuildInfo.version)
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threadPoolSize = 2
        server = HTTPServer(
            configuration: configuration,
            responder: HearthResponder(
                store: store,
                options: FulfillmentOptions(),
                logger: logger,
                deviceAPI: DeviceAPIResponder(
                    store: store,
                    changes: ChangesResponder(store: store, clock: SystemClock()),
                    logger: logger
                ),
                metrics: metricsEnabled ? metrics : nil,
                userIdHashKey: userIdHashKey
            ),
            logger: logger
        )
        port = try server.start()
    }

    func shutdown() {
        server.shutdown()
        try? store.close()
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

    /// Prometheus text format sample lines, `name{labels} value`, keyed by `name{labels}` with the labels sorted.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[canonical(String(line[..<space]))] = value
        }
        return samples
    }

    /// `name{b="2",a="1"}` as `name{a="1",b="2"}`, so tests can name a series without knowing the label order.
    static func canonical(_ series: String) -> String {
        guard let open = series.firstIndex(of: "{"), series.hasSuffix("}") else { return series }
        let name = series[..<open]
        let labels = series[series.index(after: open)..<series.index(before: series.endIndex)]
        let sorted = labels.split(separator: ",").map(String.init).sorted()
        return "\(name){\(sorted.joined(separator: ","))}"
    }
}

/// Log lines as a ``LineLogHandler`` writes them, kept in order.
final class CapturedLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// Keeps one line (a sink for ``LineLogHandler``).
    @Sendable func append(_ bytes: [UInt8]) {
        lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }
}
