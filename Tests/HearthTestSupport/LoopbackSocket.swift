#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket connected to `127.0.0.1`, the one way the raw test clients open their connections.
public enum LoopbackSocket {
    /// A descriptor connected to `127.0.0.1:port`: reads time out after `readTimeoutSeconds`; bound to
    /// `sourceAddress` first when given; `configure` runs on the descriptor before it connects (socket options).
    /// On failure the descriptor is closed here and ``RawHTTPClient/Failure`` names the call that failed.
    public static func connect(
        port: Int,
        readTimeoutSeconds: Int,
        sourceAddress: String? = nil,
        configure: (Int32) -> Void = { _ in }
    ) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw RawHTTPClient.Failure(operation: "socket", errorNumber: errno)
        }
        var timeout = timeval(tv_sec: readTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        configure(descriptor)
        if let sourceAddress {
            guard call(descriptor, "bind", sourceAddress, 0, bind) else {
                let number = errno
                close(descriptor)
                throw RawHTTPClient.Failure(operation: "bind", errorNumber: number)
            }
        }
        guard call(descriptor, "connect", "127.0.0.1", port, Glibc.connect) else {
            let number = errno
            close(descriptor)
            throw RawHTTPClient.Failure(operation: "connect to \(port)", errorNumber: number)
        }
        return descriptor
    }

    /// Calls `bind` or `connect` with the IPv4 address `host:port`; whether it succeeded.
    private static func call(
        _ descriptor: Int32,
        _ name: String,
        _ host: String,
        _ port: Int,
        _ function: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                function(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }
}
