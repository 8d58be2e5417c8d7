import Clocks
import DeviceAPI
import Foundation
import HTTPMessages
import HearthTestSupport
import JSON
import Logging
import MicroHTTPD
import OAuth
import Registry
import RegistrySQLite

/// A real listener on a loopback port serving ``DeviceAPIResponder`` from a SQLite file in a temporary directory,
/// with one API key (and, when asked for, the change stream at `/v1/changes`); requests go through curl.
final class TestDeviceAPI: Sendable {
    let store: SQLiteRegistry
    let server: HTTPServer
    let port: Int
    let key: String
    let directory: URL

    /// The OAuth client App Flip codes are minted for (`POST /v1/users/{u}/authorization-codes`).
    static let googleClient = OAuthClient(
        id: "google",
        redirectURIs: ["https://oauth-redirect.googleusercontent.com/r/hearth-test"],
        secret: "google-secret"
    )

    /// - Parameter changes: Whether `/v1/changes` is served (else it answers 404).
    init(changes: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SQLiteRegistry(path: directory.appendingPathComponent("hearth.sqlite").path)
        key = try store.create(name: "backend", now: SystemClock().unixTime)
        let api = DeviceAPIResponder(
            store: store,
            changes: changes ? ChangesResponder(store: store, clock: SystemClock()) : nil,
            appFlip: AppFlipCodeIssuer(
                store: store,
                settings: OAuthSettings(clients: [Self.googleClient]),
                clock: SystemClock(),
                logger: .silent
            ),
            logger: .silent
        )
        server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 2),
            responder: api,
            logger: .silent
        )
        port = try server.start()
    }

    /// Runs `body` with a fresh API (serving `/v1/changes` when `changes`), then stops it and removes its files.
    static func with<T>(changes: Bool = false, _ body: (TestDeviceAPI) throws -> T) throws -> T {
        let api = try TestDeviceAPI(changes: changes)
        defer {
            api.server.shutdown()
            try? api.store.close()
            try? FileManager.default.removeItem(at: api.directory)
        }
        return try body(api)
    }

    /// One request with the key (or `authorization`, or none when it is empty); `body` as JSON text, sent as
    /// `contentType`.
    func request(
        _ method: String,
        _ path: String,
        json body: String? = nil,
        contentType: String = "application/json",
        headers: [String] = [],
        authorization: String? = nil
    ) throws -> Curl.Result {
        var arguments = ["-X", method]
        let credential = authorization ?? "Bearer \(key)"
        if !credential.isEmpty { arguments += ["-H", "Authorization: \(credential)"] }
        for header in headers { arguments += ["-H", header] }
        if body != nil {
            arguments += ["-H", "Content-Type: \(contentType)", "--data-binary", "@-"]
        }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        return try Curl.run(arguments, input: body.map { Array($0.utf8) })
    }
}

extension Curl.Result {
    /// The body as a JSON object (empty when it is not one).
    var json: JSONObject {
        (try? JSONParser.parse(body))?.objectValue ?? JSONObject()
    }

    /// The value of a response header (case-insensitive name), if present.
    func header(_ name: String) -> String? {
        for line in headers.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == name.lowercased() {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}

/// Device objects in the device-file format.
enum DeviceJSON {
    static let light = """
        {"name": "Kitchen ceiling", "room": "Kitchen", "deviceTypes": ["DimmableLight"],
         "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 100}}}
        """
}

extension Logger {
    static let silent = Logger(label: "device-api-tests") { _ in SwiftLogNoOpLogHandler() }
}
