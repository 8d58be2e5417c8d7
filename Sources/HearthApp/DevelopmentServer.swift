import HTTPMessages
import Logging
import MicroHTTPD
import ServiceLifecycle

/// How the development fakes (`hearth fake-homegraph`, `hearth fake-device-backend`) run: one responder on the
/// listener at `host:port`, under a service group until a stop is requested (``StopRequest``), like `hearth serve`.
enum DevelopmentServer {
    /// Serves `responder` until `stop` is requested, at any moment of start-up or later, and returns after an orderly
    /// stop, logging `stopped` last. `onListening` gets the URL once it accepts connections.
    ///
    /// A stop requested before the listener starts ends the run there (nothing was bound); once it has started, the
    /// service group stops it (in-flight requests finish, up to two seconds).
    static func run(
        _ responder: some HTTPResponder,
        host: String,
        port: Int,
        stop: StopRequest,
        stopped: Logger.Message,
        logger: Logger,
        onListening: @Sendable (String) -> Void
    ) async throws {
        stop.logWhenRequested(to: logger)
        guard stop.signal == nil else {
            logger.notice(stopped, metadata: ["stage": "before listening"])
            return
        }
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: host, port: port, shutdownGracePeriodSeconds: 2),
            responder: responder,
            logger: logger
        )
        let bound = try server.start()
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [.init(service: server)], logger: logger)
        )
        stop.shutDownWhenRequested(group)
        onListening(ListenAddress(host)?.url(scheme: "http", port: bound) ?? host)
        try await group.run()
        logger.notice(stopped)
    }
}
