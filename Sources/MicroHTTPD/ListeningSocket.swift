internal import CMicroHTTPD
internal import CMicroHTTPDShims
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket bound to an address and listening, before any server serves it: connections wait in the listen
/// backlog. Binding first lets a program find a busy port or a bad address before it creates anything else (its
/// database); an ``HTTPServer`` given the socket serves it from ``HTTPServer/start()`` on.
///
/// The socket is closed when this object goes away, unless a server took it.
public final class ListeningSocket: Sendable {
    /// The address bound.
    public let address: ListenAddress
    /// The port bound (the kernel's choice when 0 was asked for).
    public let port: Int
    /// The descriptor until a server takes it.
    private let descriptor: Mutex<MHD_socket?>

    /// Binds `host:port` and listens.
    ///
    /// - Throws: ``HTTPServerError`` with ``HTTPServerError/Code/addressInUse`` when the port is taken,
    ///   ``HTTPServerError/Code/invalidConfiguration`` when `host` is not an IP literal or `localhost`, or not an
    ///   address of this machine, or the port is out of range, ``HTTPServerError/Code/permissionDenied`` when the
    ///   system refuses the port, ``HTTPServerError/Code/startFailed`` otherwise.
    public init(host: String, port: Int) throws(HTTPServerError) {
        guard (0...65535).contains(port) else {
            throw HTTPServerError(code: .invalidConfiguration, message: "port \(port) is not in 0...65535.")
        }
        guard let address = ListenAddress(host) else {
            throw HTTPServerError(code: .invalidConfiguration, message: "host \(ListenAddress.refusal(host)).")
        }
        var boundPort: UInt16 = 0
        var errorNumber: Int32 = 0
        let socket = address.bytes.withUnsafeBytes { bytes in
            CMicroHTTPDShims_bind_listen_socket(
                address.family == .ipv6 ? AF_INET6 : AF_INET,
                bytes.baseAddress!,
                UInt16(port),
                &boundPort,
                &errorNumber
            )
        }
        guard socket != MHD_INVALID_SOCKET else {
            throw Self.failure(errorNumber: errorNumber, endpoint: "\(address.urlHost):\(port)")
        }
        self.address = address
        self.port = Int(boundPort)
        self.descriptor = Mutex(socket)
    }

    deinit {
        if let socket = descriptor.withLock({ $0 }) {
            CMicroHTTPDShims_close_socket(socket)
        }
    }

    /// Hands the descriptor to its one user; `nil` once taken or closed.
    func take() -> MHD_socket? {
        descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
    }

    /// Closes the socket now (a start that failed later); no effect once a server took it.
    public func close() {
        if let socket = take() {
            CMicroHTTPDShims_close_socket(socket)
        }
    }

    private static func failure(errorNumber: Int32, endpoint: String) -> HTTPServerError {
        let detail = errorNumber == 0 ? "no reason given" : String(cString: strerror(errorNumber))
        switch errorNumber {
        case EADDRINUSE:
            return HTTPServerError(
                code: .addressInUse,
                message: "Cannot listen on \(endpoint): \(detail). Stop what uses the port, or choose another port."
            )
        case EADDRNOTAVAIL, EAFNOSUPPORT:
            return HTTPServerError(
                code: .invalidConfiguration,
                message:
                    "Cannot listen on \(endpoint): \(detail). Give an address of this machine (or 0.0.0.0, or ::)."
            )
        case EACCES, EPERM:
            return HTTPServerError(
                code: .permissionDenied,
                message: "Cannot listen on \(endpoint): \(detail). Ports below 1024 need privileges: use a higher one."
            )
        default:
            return HTTPServerError(code: .startFailed, message: "Cannot listen on \(endpoint): \(detail).")
        }
    }
}
