import Clocks
import CommandDelivery
import Cryptography
import DeviceAPI
import Foundation
import Fulfillment
import HearthConfig
import HearthHTTP
import HomeGraph
import Logging
import MatterModel
import MicroHTTPD
import OAuth
import OpenIDConnect
import RecordReplay
import Registry
import Reporting
import ServiceLifecycle

/// `hearth serve`: the registry, the listener and the service group that runs them until SIGTERM/SIGINT.
///
/// The one place Hearth is wired: ``run(stop:overrides:onListening:)`` (what `hearth serve` runs) and
/// ``start(overrides:)`` (what in-process tests and embedders use) both build the server through the same private
/// builder, from the configuration, the logger and the clock, with ``Overrides`` for what a test puts in place.
///
/// Start order: everything is checked before anything is written. The configuration's files (TLS, the HomeGraph
/// key, the seed when the database is new) are read, and the listening address bound, before the database is
/// opened or created; a start that fails after creating it removes the new file again.
///
/// A stop can be asked for at any moment (``StopRequest``): before the database is opened, start-up ends there and
/// writes nothing; while it is opened, migrated or seeded, that finishes (each is one transaction) and the database
/// is closed; once the listener has started, the service group stops it.
///
/// Shutdown order: the listener stops accepting and finishes in-flight requests, then the HomeGraph drain stops
/// (its pending rows stay queued), then the database's log is checkpointed into its file and the database closes.
public struct HearthApplication: Sendable {
    public let configuration: HearthConfiguration
    let logger: Logger
    /// The one clock of the application: every component that reads time gets this one.
    let clock: any HearthClock

    public init(configuration: HearthConfiguration, logger: Logger, clock: any HearthClock = SystemClock()) {
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
    }

    /// Why `host` cannot be listened on (`--host`'s refusal), or `nil` when it can: an IPv4 or IPv6 literal, or
    /// `localhost`.
    public static func refusal(host: String) -> String? {
        ListenAddress(host) == nil ? ListenAddress.refusal(host) : nil
    }

    /// The URL `serve` listens on once bound to `port`: `http.host` (IPv6 in brackets), HTTPS when native TLS is
    /// configured.
    public func listeningURL(port: Int) -> String {
        let host = configuration.http.host
        return ListenAddress(host)?.url(scheme: configuration.edge.servesHTTPS ? "https" : "http", port: port) ?? host
    }

    /// Opens the registry (creating and migrating it if needed) and imports the seed file when it is empty.
    ///
    /// - Parameter seed: The seed file, already read and checked; `nil` reads `devices.seedFile` if it is needed.
    /// - Throws: ``DeviceFileError`` for a seed file that cannot be read or is invalid (the message says it is
    ///   `devices.seedFile`), `RegistryError` with `cannotOpen` when the database cannot be opened or created.
    public func openStore(seed: DeviceFile? = nil) throws -> any ServingStore {
        try openStore(seed: seed, seedWhenEmpty: false)
    }

    /// ``openStore(seed:)``; `seedWhenEmpty` imports `seed` into an empty registry even when `devices.seedFile` is
    /// not set (an override's seed).
    private func openStore(seed: DeviceFile?, seedWhenEmpty: Bool) throws -> any ServingStore {
        let store = try Storage.open(configuration, clock: clock)
        if let seed, seedWhenEmpty, try store.isEmpty() {
            _ = try store.importDevices(seed)
        } else if let path = configuration.seedFile, try store.isEmpty() {
            let file: DeviceFile
            do {
                file = try seed ?? loadSeed(path)
            } catch {
                try? store.close()
                throw error
            }
            logger.notice("Importing the seed device file into the empty registry", metadata: ["file": "\(path)"])
            let summary = try store.importDevices(file)
            logger.notice(
                "Imported the seed device file into the empty registry",
                metadata: ["file": "\(path)", "users": "\(summary.users)", "devices.added": "\(summary.added)"]
            )
        }
        return store
    }

    /// Reads and checks the seed file; errors say it is `devices.seedFile` and what to do.
    private func loadSeed(_ path: String) throws(DeviceFileError) -> DeviceFile {
        do {
            return try DeviceFileLoader.load(path: path, role: "devices.seedFile")
        } catch {
            var error = error
            error.message +=
                error.code == .unreadable
                ? "; set devices.seedFile (HEARTH_DEVICES_SEED_FILE) to a device file, or to \"\" to start empty"
                : " (devices.seedFile); fix the file, or set devices.seedFile to \"\" to start empty"
            throw error
        }
    }

    /// Runs until `stop` is requested, at any moment of start-up or later, and returns after an orderly stop
    /// ("Hearth stopped"). `onListening` gets the bound port once the listener accepts connections.
    public func run(
        stop: StopRequest,
        overrides: Overrides = Overrides(),
        onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws {
        stop.logWhenRequested(to: logger)
        guard let server = try build(overrides: overrides, stop: stop) else { return }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                // Shut down in reverse: the listener first (no more writes), then the drain.
                services: server.services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
                logger: logger
            )
        )
        // The listener already answers: from now on a request to stop stops the group.
        stop.shutDownWhenRequested(group)
        logger.notice(
            "Hearth is listening",
            metadata: ["http.host": "\(configuration.http.host)", "http.port": "\(server.port)"]
        )
        onListening(server.port)
        do {
            try await group.run()
        } catch {
            server.recorder?.drain()
            try? server.store.close()
            throw error
        }
        server.recorder?.drain()
        try closeStore(server.store)
        logger.notice("Hearth stopped")
    }

    /// Builds Hearth as `hearth serve` runs it and starts its listener: the registry opened (created, migrated and
    /// seeded if needed), the responder with every route the configuration turns on, the listener accepting
    /// connections. The services beside the listener (the HomeGraph drain, the change-log pruning) are not run;
    /// ``HearthServer/shutdown()`` stops the listener and closes the registry.
    ///
    /// What `overrides` names is used in place of what the configuration would build (tests, embedders).
    ///
    /// - Throws: what ``run(stop:overrides:onListening:)`` throws at start.
    public func start(overrides: Overrides = Overrides()) throws -> HearthServer {
        guard let server = try build(overrides: overrides, stop: StopRequest()) else {
            // A stop request no one can make was made.
            throw ConfigurationError("Hearth was stopped while it started")
        }
        return server
    }

    /// The one place Hearth is wired: from the configuration (and `overrides`), the registry, the responder, the
    /// listener (started) and the services beside it; `nil` when `stop` was requested on the way (what was opened is
    /// closed again, logged "Hearth stopped").
    private func build(overrides: Overrides, stop: StopRequest) throws -> HearthServer? {
        // 1. Read and check everything, writing nothing.
        var http = configuration.http
        http.tls = try configuration.edge.tlsCredentials(logger: logger)
        let throttle = try configuration.edge.makeAuthFailureThrottle(clock: clock)
        let userIdHashKey = try configuration.hashUserIds ? loadUserIdHashKey() : nil
        let metricsPath = configuration.metricsPath
        guard metricsPath.hasPrefix("/"), !metricsPath.contains("?"),
            !["/fulfillment", "/healthz"].contains(metricsPath),
            !metricsPath.hasPrefix("/v1/"), !metricsPath.hasPrefix("/oauth/")
        else {
            throw ConfigurationError(
                "metrics.path must be a path starting with / that is not one of Hearth's routes: \(metricsPath)"
            )
        }
        let metrics = configuration.metricsEnabled ? HearthMetrics(version: BuildInfo.version) : nil
        let homeGraphClient = try makeHomeGraphClient()
        let formKey = try configuration.formKey()
        let environment = ProcessInfo.processInfo.environment
        let upstream = try configuration.upstream?.resolve(environment: environment)
        let externalTokens = try configuration.externalTokens?.resolve(environment: environment)
        let deliverer = try overrides.deliverer ?? makeDeliverer(metrics: metrics)
        // A SQLite file this start creates is removed again if the start fails; a PostgreSQL database is the
        // operator's, and an empty one is seeded like a new file.
        let databasePath = configuration.database.sqlitePath
        let creating = databasePath.map { !FileManager.default.fileExists(atPath: $0) } ?? false
        // A new database is seeded: read and check the seed before the file exists.
        let seed =
            try overrides.seed
            ?? (creating ? configuration.seedFile.map { path throws(DeviceFileError) in try loadSeed(path) } : nil)
        // 2. Bind the address (a busy port or a bad host stops the start here).
        let socket = try ListeningSocket(host: http.host, port: http.port)
        guard stop.signal == nil else {
            socket.close()
            logger.notice("Hearth stopped", metadata: ["stage": "before opening the database"])
            return nil
        }
        // 3. Open or create the database; a failure from here on removes a database this start created.
        let store: any ServingStore
        do {
            store = try openStore(seed: seed, seedWhenEmpty: overrides.seed != nil)
        } catch {
            socket.close()
            if creating, let databasePath { Self.removeDatabase(at: databasePath) }
            throw error
        }
        // Asked to stop while the database was opened, migrated or seeded: each of those finished, so close it.
        guard stop.signal == nil else {
            socket.close()
            try closeStore(store)
            logger.notice("Hearth stopped", metadata: ["stage": "before listening"])
            return nil
        }
        // 4. The responder and the listener.
        do {
            let recorder =
                try overrides.recorder
                ?? configuration.recording.map { options in
                    try FulfillmentRecorder(options: options, logger: logger, clock: clock)
                }
            let reporting = try makeReporting(store: store, client: homeGraphClient, metrics: metrics)
            var oauthSettings = configuration.oauth
            oauthSettings.clients =
                overrides.oauthClients
                ?? OAuthClientConfiguration.resolve(
                    configuration.oauthClients,
                    environment: ProcessInfo.processInfo.environment,
                    logger: logger
                )
            let identityMetrics = metrics.map { OpenIDConnectMetrics(factory: $0.metricsFactory) } ?? .disabled
            let oauth = try OAuthServer(
                store: store,
                settings: oauthSettings,
                logger: logger,
                formKey: formKey,
                clock: clock,
                signInBudget: try overrides.signInBudget
                    ?? configuration.edge.makeAuthFailureThrottle(
                        burst: oauthSettings.signInBurst,
                        perMinute: oauthSettings.signInPerMinute,
                        clock: clock
                    ),
                // Wrong client secrets spend a budget like bad bearer tokens (the same settings, its own buckets).
                clientSecretBudget: try overrides.clientSecretBudget
                    ?? configuration.edge.makeAuthFailureThrottle(clock: clock),
                verifyPassword: overrides.verifyPassword ?? { PasswordHasher.verify(password: $0, encoded: $1) },
                upstream: upstream.map {
                    upstreamSignIn(
                        $0,
                        metrics: metrics,
                        identityMetrics: identityMetrics,
                        settings: overrides.identityProvider ?? OpenIDProviderSettings()
                    )
                }
            )
            // Bad API keys spend the same budget as bad bearer tokens.
            let changes: ChangesResponder? =
                configuration.apiEnabled ? ChangesResponder(store: store, clock: clock) : nil
            var streamCounts: (@Sendable () -> (streams: Int, polls: Int))?
            if let changes {
                streamCounts = { (changes.openStreamCount, changes.waitingPollCount) }
            }
            let deviceAPI =
                configuration.apiEnabled
                ? DeviceAPIResponder(
                    store: store,
                    changes: changes,
                    authFailureDelay: { request in throttle.delayAfterFailure(of: throttle.client(of: request)) },
                    appFlip: oauthSettings.clients.isEmpty
                        ? nil : AppFlipCodeIssuer(store: store, settings: oauthSettings, clock: clock, logger: logger),
                    clock: clock,
                    logger: logger
                ) : nil
            let responder = HearthResponder(
                store: store,
                intents: HearthResponder.Intents(options: configuration.fulfillment, deliverer: deliverer),
                endpoints: HearthResponder.Endpoints(
                    oauth: oauth,
                    deviceAPI: deviceAPI,
                    throttle: throttle,
                    externalTokens: externalTokens.map {
                        externalTokenAuthority(
                            $0,
                            metrics: identityMetrics,
                            settings: overrides.identityProvider ?? OpenIDProviderSettings()
                        )
                    }
                ),
                observation: HearthResponder.Observation(
                    metrics: metrics,
                    metricsPath: configuration.metricsPath,
                    streamCounts: streamCounts,
                    userIdHashKey: userIdHashKey,
                    recorder: recorder
                ),
                logger: logger,
                clock: clock
            )
            let listener = HTTPServer(
                configuration: http,
                responder: responder,
                logger: logger,
                socket: socket,
                clock: overrides.listenerClock ?? SystemClock()
            )
            let port = try listener.start()
            let retention = ChangeRetentionService(
                store: store,
                retention: configuration.changeRetention,
                clock: clock,
                logger: logger
            )
            return HearthServer(
                store: store,
                port: port,
                metrics: metrics,
                listener: listener,
                recorder: recorder,
                // In start order; a service group stops them in reverse: the listener first (no more writes).
                services: (reporting.map { [$0] } ?? []) + [retention, listener]
            )
        } catch {
            socket.close()
            try? store.close()
            if creating, let databasePath { Self.removeDatabase(at: databasePath) }
            throw error
        }
    }

    /// Checkpoints the registry's log into its file (logged: a copy of the file alone is then the whole registry), and
    /// closes it. A checkpoint that fails or cannot empty the log is a warning, not a failed stop.
    private func closeStore(_ store: any ServingStore) throws {
        do {
            if let checkpoint = try store.checkpoint() {
                if checkpoint.truncated {
                    logger.notice(
                        "Checkpointed the database's write-ahead log into the database file",
                        metadata: ["wal.bytes": "\(checkpoint.walBytes)"]
                    )
                } else {
                    logger.warning(
                        "The database's write-ahead log was not emptied: another process was reading it",
                        metadata: ["wal.bytes": "\(checkpoint.walBytes)"]
                    )
                }
            }
        } catch {
            logger.warning(
                "The database's write-ahead log could not be checkpointed",
                metadata: ["error": "\(error)"]
            )
        }
        try store.close()
    }

    /// Removes a database file this start created, with its WAL and shared-memory files.
    private static func removeDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// The HomeGraph drain, or `nil` when no service-account key is configured. Either way the registry's reporting
    /// setting is written, so that every writer (a CLI process too) queues HomeGraph work exactly when it is sent.
    func makeReporting(
        store: any ServingStore,
        client: (client: HomeGraphClient, clientEmail: String)?,
        metrics: HearthMetrics? = nil
    ) throws -> ReportingService? {
        guard let homeGraph = configuration.homeGraph, let client else {
            try store.setReporting(enabled: false)
            logger.notice(
                "HomeGraph reporting is disabled (no homegraph.serviceAccountKeyFile): nothing is queued or sent"
            )
            return nil
        }
        try store.setReporting(enabled: true)
        logger.notice(
            "HomeGraph reporting is enabled",
            metadata: [
                "homegraph.endpoint": "\(client.client.endpoint.absoluteString)",
                "homegraph.client_email": "\(client.clientEmail)",
            ]
        )
        var callFinished: (@Sendable (String, HomeGraphOutcome) -> Void)?
        if let metrics {
            callFinished = { call, outcome in metrics.recordHomeGraphCall(call, outcome: outcome) }
        }
        return ReportingService(
            store: store,
            client: client.client,
            options: homeGraph.reporting,
            logger: logger,
            clock: clock,
            callFinished: callFinished
        )
    }

    /// The webhook deliverer in `commands.delivery: webhook` mode (URL and secret checked), else `nil`.
    func makeDeliverer(metrics: HearthMetrics? = nil) throws -> (any CommandDeliverer)? {
        guard let webhook = try configuration.commands.webhook(environment: ProcessInfo.processInfo.environment)
        else { return nil }
        logger.notice(
            "EXECUTE commands are delivered to the device backend",
            metadata: [
                "commands.webhook_url": "\(webhook.url.absoluteString)",
                "commands.deadline_ms": "\(Int(configuration.fulfillment.deliveryDeadline / .milliseconds(1)))",
            ]
        )
        return WebhookDeliverer(
            url: webhook.url,
            secret: webhook.secret,
            maxAnswerBytes: configuration.commands.maxAnswerBytes,
            clock: clock,
            logger: logger,
            observe: observeWebhook(metrics)
        )
    }

    /// Each webhook delivery's outcome and duration into the metrics, when they are on.
    private func observeWebhook(
        _ metrics: HearthMetrics?
    ) -> (@Sendable (_ outcome: String, _ duration: Duration) -> Void)? {
        guard let metrics else { return nil }
        return { outcome, duration in metrics.recordWebhookCall(outcome: outcome, duration: duration) }
    }

    /// The key of `log.hashUserIds`: `log.userIdHashKeyFile`'s bytes (one trailing newline dropped), or 32 random
    /// bytes for this start when no file is set.
    func loadUserIdHashKey() throws -> [UInt8] {
        guard let path = configuration.userIdHashKeyFile else {
            logger.notice("log.hashUserIds uses a random key for this start (no log.userIdHashKeyFile)")
            return try SecureRandom.bytes(count: 32)
        }
        guard var key = FileManager.default.contents(atPath: path).map(Array.init) else {
            throw ConfigurationError("log.userIdHashKeyFile cannot be read: \(path)")
        }
        if key.last == UInt8(ascii: "\n") { key.removeLast() }
        guard key.count >= 16 else {
            throw ConfigurationError("log.userIdHashKeyFile must hold at least 16 bytes: \(path)")
        }
        return key
    }

    /// The HomeGraph client (the key file read and checked) and the key's account, or `nil` when no service-account
    /// key is configured.
    func makeHomeGraphClient() throws -> (client: HomeGraphClient, clientEmail: String)? {
        guard let homeGraph = configuration.homeGraph else {
            return nil
        }
        var key = try ServiceAccountKey(contentsOfFile: homeGraph.serviceAccountKeyFile)
        if let tokenURI = homeGraph.tokenURI {
            guard let url = URL(string: tokenURI), url.scheme != nil, url.host != nil else {
                throw ConfigurationError("homegraph.tokenURI is not a URL: \(tokenURI)")
            }
            key.tokenURI = url
        }
        guard let endpoint = URL(string: homeGraph.endpoint), endpoint.scheme != nil, endpoint.host != nil else {
            throw ConfigurationError("homegraph.endpoint is not a URL: \(homeGraph.endpoint)")
        }
        let client = HomeGraphClient(
            endpoint: endpoint,
            tokens: AccessTokenProvider(key: key, clock: clock, logger: logger),
            logger: logger,
            clock: clock
        )
        return (client, key.clientEmail)
    }
}
