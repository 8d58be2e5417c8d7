import Clocks
import Foundation
import HTTPTypes
import JSON
import Logging
import Synchronization

/// A real Hearth for a test: the real listener on 127.0.0.1, port 0 (the bound port is handed back), a real SQLite
/// file in a temporary directory of its own, a device file (the example home unless told otherwise), and a graceful
/// stop that removes the directory again.
///
/// Several run side by side, each on its own port and database. Everything comes from the arguments: the test
/// process's environment (`HEARTH_*` variables) and working directory (`Config/hearth.json`) are not read.
///
/// From a manufacturer's package, `Package.swift`:
///
/// ```swift
/// dependencies: [
///     .package(url: "https://github.com/…/hearth.git", from: "…"),
/// ],
/// targets: [
///     .testTarget(
///         name: "MyBackendTests",
///         dependencies: [.product(name: "HearthTesting", package: "hearth")]
///     ),
/// ]
/// ```
///
/// and a test:
///
/// ```swift
/// import HearthTesting
/// import Testing
///
/// @Test func theLampAnswersQuery() async throws {
///     try await LiveHearth.withRunning(devices: .json(myHome)) { hearth in
///         let token = try hearth.token(for: "alice")
///         let answer = try await hearth.intent(
///             #"{"requestId": "q", "inputs": [{"intent": "action.devices.QUERY", "#
///                 + #""payload": {"devices": [{"id": "lamp"}]}}]}"#,
///             token: token
///         )
///         #expect(answer["payload"]?["devices"]?["lamp"]?["on"] == false)
///     }
/// }
/// ```
///
/// ``withRunning(devices:configuration:clock:logger:_:)`` stops the server however the body ends; with
/// ``start(devices:configuration:clock:logger:)`` the test calls ``stop()`` itself.
public final class LiveHearth: Sendable {
    /// The registry a harness starts with.
    public enum Devices: Sendable {
        /// Hearth's example home (`Config/devices.json` of the Hearth checkout this library was built from).
        case exampleHome
        /// A device file at this path (the format of `hearth devices import`).
        case file(String)
        /// A device file's text.
        case json(String)
        /// No devices and no users.
        case none
    }

    /// One answer: status, head and body.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The header fields.
        public var headerFields: HTTPFields
        /// The body.
        public var body: [UInt8]

        /// The body parsed as JSON; `nil` when it is not JSON.
        public var json: JSONValue? { try? JSONParser.parse(body) }
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The port Hearth listens on (127.0.0.1).
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The harness's own directory (the database, the device and configuration files); removed by ``stop()``.
    public let directory: URL
    /// The SQLite file of the registry.
    public var databasePath: String { directory.appendingPathComponent("hearth.sqlite").path }

    private let server: RunningHearth
    private let client: LoopbackClient
    private let stopped = Mutex(false)

    private init(port: Int, directory: URL, server: RunningHearth) {
        self.port = port
        self.directory = directory
        self.server = server
        self.client = LoopbackClient(port: port)
    }

    /// Starts Hearth and returns once it listens.
    ///
    /// - Parameters:
    ///   - devices: The device file imported into the new registry.
    ///   - configuration: A configuration file's text, as `Config/hearth.json` is written
    ///     (`{"fulfillment": {"strictOperationValidation": false}}`); keys are checked as `hearth serve` checks them.
    ///     The harness sets the address (127.0.0.1, port 0), the database (its directory), the seed (`devices`) and
    ///     `api.enabled` (true) over it, and reads changes from other connections at once
    ///     (`database.cacheRevalidationMilliseconds` 0), so that ``token(for:ttl:)`` and ``apiKey(name:)`` take
    ///     effect before they return.
    ///   - clock: Hearth's clock (a `ManualClock` from HearthFakes, to move time by hand); the real one by default.
    ///   - logger: Where Hearth logs; nowhere by default.
    /// - Throws: Hearth's own error when it cannot start (a configuration key it does not know, a device file it
    ///   refuses), after removing the directory.
    public static func start(
        devices: Devices = .exampleHome,
        configuration: String? = nil,
        clock: any HearthClock = SystemClock(),
        logger: Logger = Logger(label: "hearth-testing", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws -> LiveHearth {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-testing-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            let seed: String?
            switch devices {
            case .exampleHome: seed = Self.exampleHomePath
            case .file(let path): seed = path
            case .json(let text):
                seed = directory.appendingPathComponent("devices.json").path
                try Data(text.utf8).write(to: URL(fileURLWithPath: seed!))
            case .none: seed = nil
            }
            let configurationFile = directory.appendingPathComponent("hearth.json")
            try Data((configuration ?? "{}").utf8).write(to: configurationFile)
            let (server, port) = try await RunningHearth.start(
                configurationFile: configurationFile.path,
                databasePath: directory.appendingPathComponent("hearth.sqlite").path,
                seedFile: seed,
                clock: clock,
                logger: logger
            )
            return LiveHearth(port: port, directory: directory, server: server)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Starts Hearth, runs `body` with it, and stops it however `body` ends. The arguments are
    /// ``start(devices:configuration:clock:logger:)``'s.
    public static func withRunning<Result: Sendable>(
        devices: Devices = .exampleHome,
        configuration: String? = nil,
        clock: any HearthClock = SystemClock(),
        logger: Logger = Logger(label: "hearth-testing", factory: { _ in SwiftLogNoOpLogHandler() }),
        _ body: (LiveHearth) async throws -> Result
    ) async throws -> Result {
        let hearth = try await start(devices: devices, configuration: configuration, clock: clock, logger: logger)
        let result: Result
        do {
            result = try await body(hearth)
        } catch {
            try? await hearth.stop()
            throw error
        }
        try await hearth.stop()
        return result
    }

    /// Stops Hearth as SIGTERM stops `hearth serve` (the listener finishes what it answers, the database is
    /// checkpointed and closed), waits until it has, and removes the directory. Stopping twice does nothing.
    ///
    /// - Throws: What Hearth's run ended with, if not a clean stop.
    public func stop() async throws {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.stop()
    }

    // MARK: - Credentials

    /// A new bearer token for `agentUserId` (creating the user when it has no devices), valid for `ttl` seconds or
    /// without end; what account linking gives Google.
    public func token(for agentUserId: String, ttl: Int? = nil) throws -> String {
        try checkRunning()
        return try server.issueToken(forUser: agentUserId, ttl: ttl)
    }

    /// A new API key for `/v1` (the device backend's API), as `hearth apikeys create --name` makes one.
    public func apiKey(name: String = "test-\(UUID().uuidString)") throws -> String {
        try checkRunning()
        return try server.createAPIKey(name: name)
    }

    private func checkRunning() throws {
        if stopped.withLock({ $0 }) {
            throw LiveHearthError(code: .stopped, message: "this LiveHearth was stopped")
        }
    }

    // MARK: - Requests

    /// Sends one request to Hearth and returns the answer, whatever its status.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The path and query (`/v1/users`).
    ///   - headerFields: Header fields, sent as given.
    ///   - body: The body.
    ///   - bearer: A token or API key, sent as `Authorization: Bearer …`.
    public func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        headerFields: HTTPFields = [:],
        body: [UInt8] = [],
        bearer: String? = nil
    ) async throws -> Response {
        try checkRunning()
        return try await client.send(method, path, headerFields: headerFields, body: body, bearer: bearer)
    }

    /// POSTs an intent request (`{"requestId", "inputs": [{"intent": "action.devices.…"}]}`) to `/fulfillment` with
    /// `token` and returns the answer's JSON.
    ///
    /// - Throws: ``LiveHearthError/Code/unexpectedAnswer`` when the answer is not 200 with a JSON object.
    public func intent(_ request: String, token: String) async throws -> JSONValue {
        try checkRunning()
        return try await client.intent(request, token: token)
    }

    /// SYNC for the user `token` speaks for: the answer's JSON.
    public func sync(token: String) async throws -> JSONValue {
        try await intent(IntentRequest.sync, token: token)
    }

    /// QUERY of `deviceIds`: the answer's JSON.
    public func query(_ deviceIds: [String], token: String) async throws -> JSONValue {
        try await intent(IntentRequest.query(deviceIds), token: token)
    }

    /// EXECUTE of one command (`action.devices.commands.OnOff`, `{"on": true}`) on `deviceIds`: the answer's JSON.
    public func execute(
        _ command: String,
        params: JSONObject,
        on deviceIds: [String],
        token: String
    ) async throws -> JSONValue {
        try await intent(IntentRequest.execute(command, params: params, on: deviceIds), token: token)
    }

    // MARK: - The example home

    /// `Config/devices.json` of the checkout this file was compiled from: a package dependency is built from its
    /// source, so the file is there beside it.
    static let exampleHomePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Config/devices.json").path
}
