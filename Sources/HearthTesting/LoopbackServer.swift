import Clocks
import Foundation
import HTTPMessages
import Logging
import MicroHTTPD

/// A fake (or any `HTTPResponder`) served on 127.0.0.1, port 0, by the listener Hearth itself uses: how a test gives
/// Hearth a device backend (`FakeDeviceBackend`) or a HomeGraph (`FakeHomeGraph`) to talk to.
///
/// ```swift
/// let backend = FakeDeviceBackend(secret: Array(secret.utf8), logger: logger)
/// let server = try LoopbackServer(serving: backend)
/// defer { server.stop() }
/// // commands.webhookURL: server.baseURL.absoluteString + "/commands"
/// ```
public final class LoopbackServer: Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let server: HTTPServer

    /// Starts serving `responder` and returns once it listens.
    ///
    /// - Parameters:
    ///   - responder: Answers every request, on the listener's threads.
    ///   - clock: The clock a delayed answer waits on (`FakeDeviceBackend.Options.delay`).
    ///   - logger: Where the listener logs; nowhere by default.
    public init(
        serving responder: some HTTPResponder,
        clock: any HearthClock = SystemClock(),
        logger: Logger = Logger(label: "hearth-testing", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws {
        server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 2),
            responder: responder,
            logger: logger,
            clock: clock
        )
        port = try server.start()
    }

    /// Stops listening, after the requests in flight are answered (blocks until then, at most two seconds).
    public func stop() {
        server.shutdown()
    }
}
