import Clocks
import DeviceAPI
import Foundation
import Fulfillment
import HearthApp
import HearthTesting
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hearth as `hearth serve` builds it (``HearthApplication/start(overrides:)``) — real SQLite file, real microhttpd
/// listener on 127.0.0.1, port 0 — for one test: the HearthTesting product's `InProcessHearth` with the tests'
/// settings, and URLSession as the client. `shutdown()` stops the listener and closes the database; the directory is
/// removed.
final class TestHearth: Sendable {
    /// The harness underneath.
    let harness: InProcessHearth
    var directory: URL { harness.directory }
    var databasePath: String { harness.databasePath }
    var hearth: HearthServer { harness.server }
    var store: any ServingStore { harness.store }
    var server: HTTPServer { harness.listener }
    var port: Int { harness.port }

    init(
        devices: String,
        options: FulfillmentOptions = FulfillmentOptions(),
        maxBodyBytes: Int = 1_048_576,
        deviceAPI: Bool = false,
        recorder: FulfillmentRecorder? = nil,
        deliverer: (any CommandDeliverer)? = nil,
        threads: Int = 2
    ) throws {
        harness = try InProcessHearth(
            devices: .json(devices),
            settings: HearthConfiguration.testSettings(threads: threads, api: deviceAPI),
            configure: { configuration in
                configuration.http.maxBodyBytes = maxBodyBytes
                configuration.fulfillment = options
            },
            overrides: HearthApplication.Overrides(deliverer: deliverer, recorder: recorder)
        )
    }

    func shutdown() {
        harness.stop()
    }

    /// A token for a user, valid for `ttl` seconds (or forever).
    func token(for user: String, ttl: Int? = nil) throws -> String {
        try harness.token(for: user, ttl: ttl)
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data

        var json: JSONValue? { try? JSONParser.parse(Array(body)) }
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// Sends one request with URLSession.
    func send(
        _ method: String = "POST",
        path: String = "/fulfillment",
        body: Data? = nil,
        token: String? = nil,
        contentType: String? = "application/json"
    ) async throws -> Response {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
        return Response(status: http.statusCode, headers: headers, body: data)
    }

    /// POSTs an intent given as JSON text.
    func intent(_ json: String, token: String) async throws -> Response {
        try await send(body: Data(json.utf8), token: token)
    }
}
