#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How an ``HTTPServer`` listens, and the limits it enforces on every connection.
///
/// Every field has a default suited to a JSON API on a small machine behind a TLS-terminating proxy.
public struct HTTPServerConfiguration: Sendable, Hashable {
    /// The address to bind to: an IPv4 literal (`127.0.0.1`, `0.0.0.0` for every interface), an IPv6 literal
    /// (`::1`, `::` for every interface, IPv4 included), or `localhost` (see ``ListenAddress``).
    ///
    /// The server binds to exactly this address. Host names other than `localhost` are not supported.
    public var host: String
    /// The TCP port; `0` asks the kernel for an ephemeral port (``HTTPServer/start()`` returns the real one).
    public var port: Int
    /// Threads serving connections (microhttpd's thread pool over epoll). Values below 2 use one polling thread.
    public var threadPoolSize: Int
    /// The largest request body accepted; larger bodies are answered with 413 and a JSON error.
    public var maxBodyBytes: Int
    /// Memory microhttpd may use per connection (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`).
    ///
    /// This bounds the request line plus headers: a request whose headers do not fit is answered with 431
    /// by microhttpd itself. Bodies stream through whatever this limit is.
    public var connectionMemoryLimit: Int
    /// Seconds after which an idle keep-alive connection or a stalled request is closed.
    public var connectionTimeoutSeconds: Int
    /// The most connections served at once; further connections wait in the kernel's listen backlog.
    public var connectionLimit: Int
    /// How long ``HTTPServer/shutdown()`` waits for in-flight requests before closing their connections.
    public var shutdownGracePeriodSeconds: Double
    /// The most connections one peer address may hold at once (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`); 0 = no
    /// per-address limit.
    ///
    /// A connection over the limit is accepted and closed at once, without an answer, so one address cannot take
    /// every slot of ``connectionLimit``. Behind a reverse proxy on the same host every peer is the proxy, so the
    /// limit then caps the proxy as a whole: leave it 0 there and let the proxy limit its clients.
    public var perIPConnectionLimit: Int
    /// The certificate and key to serve HTTPS with (microhttpd over GnuTLS); `nil` serves plain HTTP.
    public var tls: TLSCredentials?

    /// Creates a configuration; every parameter has a default.
    ///
    /// - Parameters:
    ///   - host: The address to bind to (default `127.0.0.1`).
    ///   - port: The TCP port (default 8080; `0` for an ephemeral port).
    ///   - threadPoolSize: Serving threads (default: the number of active processor cores).
    ///   - maxBodyBytes: The largest accepted request body (default 1 MiB).
    ///   - connectionMemoryLimit: Per-connection memory, which bounds the header size (default 32 KiB).
    ///   - connectionTimeoutSeconds: Idle and stall timeout (default 30 s).
    ///   - connectionLimit: Concurrent connections (default 1024).
    ///   - shutdownGracePeriodSeconds: Time given to in-flight requests on shutdown (default 10 s).
    ///   - perIPConnectionLimit: Connections one peer address may hold at once (default 0: no limit).
    ///   - tls: The certificate and key for HTTPS (default `nil`: plain HTTP).
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threadPoolSize: Int = HTTPServerConfiguration.activeProcessorCount,
        maxBodyBytes: Int = 1 << 20,
        connectionMemoryLimit: Int = 32 << 10,
        connectionTimeoutSeconds: Int = 30,
        connectionLimit: Int = 1024,
        shutdownGracePeriodSeconds: Double = 10,
        perIPConnectionLimit: Int = 0,
        tls: TLSCredentials? = nil
    ) {
        self.host = host
        self.port = port
        self.threadPoolSize = threadPoolSize
        self.maxBodyBytes = maxBodyBytes
        self.connectionMemoryLimit = connectionMemoryLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionLimit = connectionLimit
        self.shutdownGracePeriodSeconds = shutdownGracePeriodSeconds
        self.perIPConnectionLimit = perIPConnectionLimit
        self.tls = tls
    }

    /// The number of processor cores currently online (at least 1): the default ``threadPoolSize``.
    public static var activeProcessorCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
