import Foundation
import Fulfillment
import Logging
import MatterModel
import MicroHTTPD
import OAuth
import Registry
import ServiceLifecycle

/// `hearth serve`: the registry, the listener and the service group that runs them until SIGTERM/SIGINT.
///
/// Shutdown order: the listener stops accepting and finishes in-flight requests, then the database closes.
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
            revalidationInterval: configuration.cacheRevalidationInterval
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
        var oauthSettings = configuration.oauth
        oauthSettings.clients = OAuthClientConfiguration.resolve(
            configuration.oauthClients,
            environment: ProcessInfo.processInfo.environment,
            logger: logger
        )
        let oauth = try OAuthServer(store: store, settings: oauthSettings, logger: logger)
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
                services: [.init(service: server)],
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
}
