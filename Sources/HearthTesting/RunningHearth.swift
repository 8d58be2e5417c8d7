import Clocks
import HearthApp
import Logging
import Registry
import Synchronization
import UnixSignals

/// Hearth run in this process through the app layer's entry, `HearthApplication.run(stop:onListening:)`, as
/// `hearth serve` runs it, and stopped as SIGTERM stops it: what ``LiveHearth`` runs.
///
/// Not `HearthApplication.start(overrides:)` (``InProcessHearth``'s): that builds the same server but does not run
/// the services beside the listener (the HomeGraph drain, the change-log pruning), so a harness whose configuration
/// turns reporting or `changes.retentionHours` on would silently neither report nor prune.
final class RunningHearth: Sendable {
    private let stopRequest: StopRequest
    private let run: Task<Void, any Error>
    private let configuration: HearthConfiguration
    private let clock: any HearthClock
    /// A second connection to the registry for credentials, opened on first use, as `hearth token issue` opens one.
    private let credentials = Mutex<(any ServingStore)?>(nil)

    private init(
        stopRequest: StopRequest,
        run: Task<Void, any Error>,
        configuration: HearthConfiguration,
        clock: any HearthClock
    ) {
        self.stopRequest = stopRequest
        self.run = run
        self.configuration = configuration
        self.clock = clock
    }

    /// Starts Hearth with the configuration file, the harness's own keys over it, and returns once it listens.
    static func start(
        configurationFile: String,
        databasePath: String,
        seedFile: String?,
        clock: any HearthClock,
        logger: Logger
    ) async throws -> (server: RunningHearth, port: Int) {
        let values = try ConfigValues.load(
            file: configurationFile,
            environment: [:],
            overrides: [
                .set(\.http.host, "127.0.0.1"),
                .set(\.http.port, 0),
                .set(\.database.path, databasePath),
                .set(\.devices.seedFile, seedFile),
                .set(\.api.enabled, true),
                .set(\.database.cacheRevalidationMilliseconds, 0),
            ]
        )
        let configuration = HearthConfiguration(values)
        let application = HearthApplication(configuration: configuration, logger: logger, clock: clock)
        let stopRequest = StopRequest()
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let run = Task {
            defer { listening.finish() }
            try await application.run(stop: stopRequest) { port in listening.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await run.value
            throw LiveHearthError(code: .stoppedBeforeListening, message: "Hearth stopped before it listened")
        }
        return (RunningHearth(stopRequest: stopRequest, run: run, configuration: configuration, clock: clock), port)
    }

    /// Asks Hearth to stop as SIGTERM does and waits until it has; closes the credentials connection first.
    func stop() async throws {
        let store = credentials.withLock { store in
            defer { store = nil }
            return store
        }
        try? store?.close()
        stopRequest.request(.sigterm)
        try await run.value
    }

    /// `hearth token issue --user`.
    func issueToken(forUser agentUserId: String, ttl: Int?) throws -> String {
        try withCredentials { try $0.issueToken(forUser: agentUserId, ttl: ttl, now: clock.unixTime) }
    }

    /// `hearth apikeys create --name`.
    func createAPIKey(name: String) throws -> String {
        try withCredentials { try $0.create(name: name, now: clock.unixTime) }
    }

    private func withCredentials<Value>(_ body: (any ServingStore) throws -> Value) throws -> Value {
        try credentials.withLock { store in
            if store == nil { store = try Storage.open(configuration, clock: clock, environment: [:]) }
            return try body(store!)
        }
    }
}
