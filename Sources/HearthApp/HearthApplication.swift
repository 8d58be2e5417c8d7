import Foundation
import Fulfillment
import HomeGraph
import Logging
import MatterModel
import MicroHTTPD
import OAuth
import Registry
import Reporting
import ServiceLifecycle

/// `hearth serve`: the registry, the listener and the service group that runs them until SIGTERM/SIGINT.
///
/// Shutdown order: the listener stops accepting and finishes in-flight requests, then the HomeGraph drain stops
/// (its pending rows stay queued), then the database closes.
public struct HearthApplication: Sendable {
    public let configuration: HearthConfiguration
    private let logger: Logger

    public init(configuration: HearthConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Opens the registry (creating and migrating it if needed) and imports the seed file when it is empty.
    public func openStore() throws -> SQLiteDeviceStore {
        let store = try SQLiteDeviceStore(
            path: configuration.databasePath,
            synchronous: configuration.synchronous,
            revalidationInterval: configuration.cacheRevalidationInterval,
            outboxPolicy: HomeGraphOutboxPolicy()
        )
        if let seed = configuration.seedFile, try store.isEmpty() {
            let file = try DeviceFileLoader.load(path: seed)
            let summary = try store.importDevices(file)
            logger.notice(
                "Imported the seed device file into the empty registry",
                metadata: ["file": "\(seed)", "users": "\(summary.users)", "devices.added": "\(summary.added)"]
            )
        }
        return store
    }

    /// Runs until a shutdown signal. `onListening` gets the bound port once the listener accepts connections.
    public func run(onListening: @Sendable (Int) -> Void = { _ in }) async throws {
        var http = configuration.http
        http.tls = try configuration.edge.tlsCredentials(logger: logger)
        let throttle = try configuration.edge.makeAuthFailureThrottle()
        let store = try openStore()
        let reporting: ReportingService?
        let oauth: OAuthServer
        do {
            reporting = try makeReporting(store: store)
            var oauthSettings = configuration.oauth
            oauthSettings.clients = OAuthClientConfiguration.resolve(
                configuration.oauthClients,
                environment: ProcessInfo.processInfo.environment,
                logger: logger
            )
            oauth = try OAuthServer(
                store: store,
                settings: oauthSettings,
                logger: logger,
                signInBudget: configuration.edge.makeAuthFailureThrottle(
                    burst: oauthSettings.signInBurst,
                    perMinute: oauthSettings.signInPerMinute
                ),
                // Wrong client secrets spend a budget like bad bearer tokens (the same settings, its own buckets).
                clientSecretBudget: configuration.edge.makeAuthFailureThrottle()
            )
        } catch {
            try? store.close()
            throw error
        }
        let responder = HearthResponder(
            store: store,
            options: configuration.fulfillment,
            logger: logger,
            oauth: oauth,
            throttle: throttle
        )
        let server = HTTPServer(configuration: http, responder: responder, logger: logger)
        let port = try server.start()
        logger.notice(
            "Hearth is listening",
            metadata: ["http.host": "\(configuration.http.host)", "http.port": "\(port)"]
        )
        onListening(port)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                // Shut down in reverse: the listener first (no more writes), then the drain.
                services: (reporting.map { [ServiceGroupConfiguration.ServiceConfiguration(service: $0)] } ?? [])
                    + [.init(service: server)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        do {
            try await group.run()
        } catch {
            try? store.close()
            throw error
        }
        try store.close()
        logger.notice("Hearth stopped")
    }

    /// The HomeGraph drain, or `nil` when no service-account key is configured. Either way the registry's reporting
    /// setting is written, so that every writer (a CLI process too) queues HomeGraph work exactly when it is sent.
    func makeReporting(store: SQLiteDeviceStore) throws -> ReportingService? {
        guard let homeGraph = configuration.homeGraph else {
            try store.setReporting(enabled: false)
            logger.notice(
                "HomeGraph reporting is disabled (no homegraph.serviceAccountKeyFile): nothing is queued or sent"
            )
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
            tokens: AccessTokenProvider(key: key, logger: logger),
            logger: logger
        )
        try store.setReporting(enabled: true)
        logger.notice(
            "HomeGraph reporting is enabled",
            metadata: [
                "homegraph.endpoint": "\(endpoint.absoluteString)", "homegraph.client_email": "\(key.clientEmail)",
            ]
        )
        return ReportingService(store: store, client: client, options: homeGraph.reporting, logger: logger)
    }
}
