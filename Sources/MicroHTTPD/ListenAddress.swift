#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The address a server listens on, parsed from ``HTTPServerConfiguration/host``: an IPv4 literal (`127.0.0.1`,
/// `0.0.0.0`), an IPv6 literal (`::1`, or `::` for every interface, IPv4 included: dual stack), or `localhost`
/// (127.0.0.1). An IPv6 literal may be written in brackets (`[::1]`). Host names and zone ids (`fe80::1%eth0`)
/// are refused.
public struct ListenAddress: Sendable, Hashable {
    /// The address family.
    public enum Family: Sendable, Hashable {
        case ipv4
        case ipv6
    }

    /// The family.
    public let family: Family
    /// The address's bytes in network order: 4 for IPv4, 16 for IPv6.
    public let bytes: [UInt8]
    /// The address as written for people, without brackets (`127.0.0.1`, `::1`).
    public let literal: String

    /// Parses `host`; `nil` when it is not an IP literal or `localhost`.
    public init?(_ host: String) {
        var text = host
        if text == "localhost" { text = "127.0.0.1" }
        if text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 { text = String(text.dropFirst().dropLast()) }
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if inet_pton(AF_INET, text, &ipv4) == 1 {
            family = .ipv4
            bytes = withUnsafeBytes(of: &ipv4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &ipv6) == 1 {
            family = .ipv6
            bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        } else {
            return nil
        }
        literal = text
    }

    /// The host as it goes in a URL: `127.0.0.1`, or `[::1]` (RFC 3986 §3.2.2).
    public var urlHost: String {
        family == .ipv6 ? "[\(literal)]" : literal
    }

    /// `http(s)://host:port` for this address.
    public func url(scheme: String, port: Int) -> String {
        "\(scheme)://\(urlHost):\(port)"
    }

    /// Why `host` is refused, for messages: says what is accepted.
    public static func refusal(_ host: String) -> String {
        "\"\(host)\" is not an IP address: give an IPv4 or IPv6 literal (127.0.0.1, 0.0.0.0, ::1, ::) or localhost"
    }
}
