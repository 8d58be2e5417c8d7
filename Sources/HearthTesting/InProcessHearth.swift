import Clocks
import Foundation
import HTTPTypes
import HearthApp
import JSON
import Logging
import MicroHTTPD
import Registry
import Synchronization

/// Hearth built in the test's own process, as `hearth serve` builds it (`HearthApplication.start(overrides:)`): the
/// real listener on 127.0.0.1, port 0 (the bound port is handed back), a real SQLite file in a temporary directory of
/// its own, the registry open beside it for the test to read and change, and what `hearth serve` would build in
/// place swapped for the test's (`HearthApplication.Overrides`: the seed, the command deliverer, the recorder, the
/// OAuth clients and budgets, the listener's clock), under one clock the test can move.
///
/// Where ``LiveHearth`` runs Hearth whole as `hearth serve` runs it and hands back only its port and credentials,
/// an `InProcessHearth` opens the inside: ``store`` (the registry), ``server`` (the listener, the metrics),
/// ``configuration``, and ``logLines`` (the log as `hearth serve` writes it). It does not run the services
/// `hearth serve` runs beside the listener (the HomeGraph drain, the change-log pruning); a test that needs them
/// uses ``LiveHearth``.
///
/// Everything comes from the arguments: the test process's environment (`HEARTH_*` variables) and working directory
/// (`Config/hearth.json`) are not read. Several run side by side, each on its own port and database.
///
/// ```swift
/// import HearthTesting
/// import Testing
///
/// @Test func theLampAnswersQuery() async throws {
///     let clock = ManualClock(unixMilliseconds: 1_700_000_000_000)
///     try await InProcessHearth.withRunning(devices: .json(myHome), clock: clock) { hearth in
///         let token = try hearth.token(for: "alice", ttl: 60)
///         let answer = try await hearth.query(["lamp"], token: token)
///         #expect(answer["payload"]?["devices"]?["lamp"]?["on"] == false)
///         clock.advance(by: .seconds(61))
///         let late = try await hearth.send(.post, "/fulfillment", body: Array(#"{}"#.utf8), bearer: token)
///         #expect(late.status == 401)
///     }
/// }
/// ```
public final class InProcessHearth: Sendable {
    /// The registry a harness starts with (as ``LiveHearth``'s).
    public typealias Devices = LiveHearth.Devices
    /// One answer: status, head and body (as ``LiveHearth``'s).
    public typealias Response = LiveHearth.Response

    /// Hearth, built and listening: its registry, port, metrics (`nil` unless `metrics.enabled`) and listener.
    public let server: HearthServer
    /// The configuration Hearth was built from: the file, the harness's keys and the test's, `configure` last.
    public let configuration: HearthConfiguration
    /// Hearth's one clock: what the OAuth server, the bearer check and the registry read time from; ``token(for:ttl:)``
    /// dates tokens by it.
    public let clock: any HearthClock
    /// The harness's own directory (the database, the device and configuration files); removed by ``stop()``.
    public let directory: URL
    /// The SQLite file of the registry.
    public var databasePath: String { directory.appendingPathComponent("hearth.sqlite").path }
    /// The port Hearth listens on (127.0.0.1).
    public var port: Int { server.port }
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The registry Hearth serves from, open until ``stop()``: what `hearth devices`, `hearth token` and the other
    /// administration commands change, changed directly.
    public var store: any ServingStore { server.store }
    /// The listener (its counts of delayed and deferred answers; `shutdown()` stops it alone).
    public var listener: HTTPServer { server.listener }

    private let client: LoopbackClient
    private let captured: LogLines
    private let stopped = Mutex(false)

    /// Builds Hearth and starts its listener; returns once it accepts connections.
    ///
    /// The configuration is read in `hearth serve`'s order, then the harness's keys, then the test's:
    /// 1. the defaults, then `configuration`, a configuration file's text as `Config/hearth.json` is written
    ///    (`{"fulfillment": {"strictOperationValidation": false}}`), its keys checked as `hearth serve` checks them;
    /// 2. the harness's keys: `http.host` 127.0.0.1, `http.port` 0, `database.path` (its directory),
    ///    `devices.seedFile` none (the seed is `devices`), `api.enabled` true;
    /// 3. `settings`, typed keys (`.set(\.http.threads, 4)`), checked as the command line's are;
    /// 4. `configure`, for what has no key (`$0.fulfillment = FulfillmentOptions(…)`, `$0.oauth = …`).
    ///
    /// - Parameters:
    ///   - devices: The device file imported into the new registry (`overrides.seed` takes precedence).
    ///   - configuration: A configuration file's text; none by default.
    ///   - settings: Keys set over the file and the harness's keys.
    ///   - configure: Changes the built configuration last.
    ///   - overrides: What Hearth uses in place of what the configuration would build.
    ///   - clock: Hearth's one clock (a `ManualClock`, to move time by hand); the real one by default. The listener's
    ///     delayed answers wait on `overrides.listenerClock`, the real clock unless given.
    ///   - logFormats: The log formats captured into ``logLines``, each line as `hearth serve` writes it (secrets
    ///     redacted, `log.format`); none by default.
    ///   - logLevel: The lowest level logged (to ``logLines`` and `logHandlers`).
    ///   - logHandlers: Further handlers Hearth logs to (swift-log's `InMemoryLogHandler`, say).
    /// - Throws: `ConfigurationError` for a key it does not know or a value out of range, `DeviceFileError` for a
    ///   device file it refuses, what `HearthApplication.start(overrides:)` throws; the directory is removed again.
    public init(
        devices: Devices = .exampleHome,
        configuration: String? = nil,
        settings: [ConfigOverride] = [],
        configure: (inout HearthConfiguration) throws -> Void = { _ in },
        overrides: HearthApplication.Overrides = HearthApplication.Overrides(),
        clock: any HearthClock = SystemClock(),
        logFormats: [LogFormat] = [],
        logLevel: Logger.Level = .info,
        logHandlers: [any LogHandler] = []
    ) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-testing-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let captured = LogLines()
        do {
            var overrides = overrides
            if overrides.seed == nil, let path = try Self.deviceFile(devices, in: directory) {
                overrides.seed = try DeviceFileLoader.load(path: path, role: "the harness's device file")
            }
            let configurationFile = directory.appendingPathComponent("hearth.json").path
            try Data((configuration ?? "{}").utf8).write(to: URL(fileURLWithPath: configurationFile))
            let values = try ConfigValues.load(
                file: configurationFile,
                environment: [:],
                overrides: [
                    .set(\.http.host, "127.0.0.1"),
                    .set(\.http.port, 0),
                    .set(\.database.path, directory.appendingPathComponent("hearth.sqlite").path),
                    .set(\.devices.seedFile, nil),
                    .set(\.api.enabled, true),
                ] + settings
            )
            var built = HearthConfiguration(values)
            try configure(&built)
            var logger = Logger(label: "hearth") { label in
                let handlers: [any LogHandler] =
                    logHandlers
                    + logFormats.map { format -> any LogHandler in
                        SanitizingLogHandler(
                            wrapping: LineLogHandler(label: label, format: format, clock: clock, sink: captured.append)
                        )
                    }
                if handlers.isEmpty { return SwiftLogNoOpLogHandler() }
                return MultiplexLogHandler(handlers)
            }
            logger.logLevel = logLevel
            server = try HearthApplication(configuration: built, logger: logger, clock: clock).start(
                overrides: overrides
            )
            self.configuration = built
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        self.clock = clock
        self.directory = directory
        self.captured = captured
        client = LoopbackClient(port: server.port)
    }

    /// Starts Hearth, runs `body` with it, and stops it however `body` ends. The arguments are
    /// ``init(devices:configuration:settings:configure:overrides:clock:logFormats:logLevel:logHandlers:)``'s.
    public static func withRunning<Result: Sendable>(
        devices: Devices = .exampleHome,
        configuration: String? = nil,
        settings: [ConfigOverride] = [],
        configure: (inout HearthConfiguration) throws -> Void = { _ in },
        overrides: HearthApplication.Overrides = HearthApplication.Overrides(),
        clock: any HearthClock = SystemClock(),
        logFormats: [LogFormat] = [],
        logLevel: Logger.Level = .info,
        logHandlers: [any LogHandler] = [],
        _ body: (InProcessHearth) async throws -> Result
    ) async throws -> Result {
        let hearth = try InProcessHearth(
            devices: devices,
            configuration: configuration,
            settings: settings,
            configure: configure,
            overrides: overrides,
            clock: clock,
            logFormats: logFormats,
            logLevel: logLevel,
            logHandlers: logHandlers
        )
        defer { hearth.stop() }
        return try await body(hearth)
    }

    /// Stops the listener (the requests in flight are answered first), writes what the recorder holds, closes the
    /// registry and removes the directory. Stopping twice does nothing.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of the device file `devices` names, written into `directory` when given as text; `nil` for none.
    private static func deviceFile(_ devices: Devices, in directory: URL) throws -> String? {
        switch devices {
        case .exampleHome: return LiveHearth.exampleHomePath
        case .file(let path): return path
        case .json(let text):
            let path = directory.appendingPathComponent("devices.json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        case .none: return nil
        }
    }

    // MARK: - Logs

    /// Every line logged so far in ``init(devices:configuration:settings:configure:overrides:clock:logFormats:logLevel:logHandlers:)``'s
    /// `logFormats`, newline included, in the order written. All are kept in memory while the harness lives.
    public var logLines: [String] { captured.all }

    // MARK: - Credentials

    /// A new bearer token for `agentUserId` (creating the user when it has no devices), valid for `ttl` seconds of
    /// ``clock`` or without end; what account linking gives Google.
    public func token(for agentUserId: String, ttl: Int? = nil) throws -> String {
        try checkRunning()
        return try store.issueToken(forUser: agentUserId, ttl: ttl, now: clock.unixTime)
    }

    /// A new API key for `/v1` (the device backend's API), as `hearth apikeys create --name` makes one.
    public func apiKey(name: String = "test-\(UUID().uuidString)") throws -> String {
        try checkRunning()
        return try store.create(name: name, now: clock.unixTime)
    }

    private func checkRunning() throws {
        if stopped.withLock({ $0 }) {
            throw LiveHearthError(code: .stopped, message: "this InProcessHearth was stopped")
        }
    }

    // MARK: - Requests

    /// Sends one request to Hearth and returns the answer, whatever its status.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The path and query (`/v1/users`).
    ///   - headerFields: Header fields, sent as given (`Content-Type: application/json` added to a body without one).
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
}
