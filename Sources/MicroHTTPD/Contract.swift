// Contract for the rest of the MicroHTTPD module (to be replaced by the real implementation).
//
// public struct HTTPServerConfiguration: Sendable {
//     host: String = "127.0.0.1"; port: Int = 8080 (0 = ephemeral); threadPoolSize: Int = cores;
//     maxBodyBytes: Int = 1 MiB (then 413, JSON body); connectionMemoryLimit: Int = 32 KiB (headers; 431);
//     connectionTimeoutSeconds: Int = 30 (idle / stalled); connectionLimit: Int = 1024;
//     shutdownGracePeriodSeconds: Double = 10
// }
// public final class HTTPServer: Service, @unchecked Sendable {
//     public init(configuration: HTTPServerConfiguration, responder: some HTTPResponder, logger: Logger)
//     public func start() throws -> Int          // binds, starts the daemon, returns the real port
//     public var port: Int? { get }
//     public func shutdown()                     // stop accepting, finish in-flight requests, stop the daemon
//     public func run() async throws             // start() if needed, wait for graceful shutdown, shutdown()
// }
