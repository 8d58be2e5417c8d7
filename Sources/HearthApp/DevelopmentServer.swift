import HTTPMessages
import Logging
import MicroHTTPD
import ServiceLifecycle
import UnixSignals

/// How the development fakes (`hearth fake-homegraph`, `hearth fake-device-backend`) run: one responder on the
/// listener at `host:port`, under a service group until SIGTERM/SIGINT.
enum DevelopmentServer {
    /// Serves `responder` until a shutdown signal; `onListening` gets the URL once it accepts connections.
    static func run(
        _ responder: some HTTPResponder,
        host: String,
        port: Int,
        logger: Logger,
        onListening: @Sendable (String) -> Void
    ) async throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: host, port: port, shutdownGracePeriodSeconds: 2),
            responder: responder,
            logger: logger
        )
        let bound = try server.start()
        onListening(ListenAddress(host)?.url(scheme: "http", port: bound) ?? host)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: server)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }
}
