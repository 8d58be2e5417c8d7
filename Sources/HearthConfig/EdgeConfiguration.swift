import Clocks
import Foundation
import HearthHTTP
import Logging
import MicroHTTPD

/// The hardened edge's settings: bad-token slowing and native TLS.
///
/// Read from `http.badTokenBurst`, `http.badTokenPerMinute`, `http.trustedProxies`, `tls.certificate` and
/// `tls.key`. Files are read, and the pairs and addresses checked, by ``tlsCredentials(logger:)`` and
/// ``makeAuthFailureThrottle()`` when `serve` starts, so a mistake stops the start with a clear message.
public struct EdgeConfiguration: Sendable {
    /// Bad bearer tokens a client may send at once before its 401s are held back.
    public var badTokenBurst: Int
    /// How fast the bad-token budget refills, per minute.
    public var badTokenPerMinute: Int
    /// `http.trustedProxies` as written: comma-separated IPv4 literals.
    public var trustedProxies: String
    /// `tls.certificate`: the PEM certificate chain's path, or `nil` for plain HTTP.
    public var tlsCertificatePath: String?
    /// `tls.key`: the PEM private key's path, or `nil` for plain HTTP.
    public var tlsKeyPath: String?

    public init(_ values: ConfigValues) {
        badTokenBurst = values[\.http.badTokenBurst]
        badTokenPerMinute = values[\.http.badTokenPerMinute]
        trustedProxies = values[\.http.trustedProxies]
        tlsCertificatePath = values[\.tls.certificate]
        tlsKeyPath = values[\.tls.key]
    }

    /// Whether `serve` listens with HTTPS (both TLS paths set).
    public var servesHTTPS: Bool {
        tlsCertificatePath != nil && tlsKeyPath != nil
    }

    /// The bad-token throttle these settings describe.
    ///
    /// - Throws: ``ConfigurationError`` when `http.trustedProxies` holds something that is not an IPv4 or IPv6
    ///   literal. IPv6 literals are kept in their canonical form (`::1`), the form peers are named in.
    public func makeAuthFailureThrottle(
        clock: any HearthClock = SystemClock()
    ) throws(ConfigurationError) -> AuthFailureThrottle {
        try makeAuthFailureThrottle(burst: badTokenBurst, perMinute: badTokenPerMinute, clock: clock)
    }

    /// A throttle with its own budget (`burst` at once, refilled at `perMinute`) and these settings' trusted
    /// proxies: sign-in attempts and client-secret failures each get one.
    ///
    /// - Throws: ``ConfigurationError`` when `http.trustedProxies` holds something that is not an IPv4 literal.
    public func makeAuthFailureThrottle(
        burst: Int,
        perMinute: Int,
        clock: any HearthClock = SystemClock()
    ) throws(ConfigurationError) -> AuthFailureThrottle {
        var proxies: Set<String> = []
        for entry in trustedProxies.split(separator: ",") {
            let address = entry.trimmingCharacters(in: .whitespaces)
            var ipv4 = in_addr()
            var ipv6 = in6_addr()
            if inet_pton(AF_INET, address, &ipv4) == 1 {
                proxies.insert(address)
            } else if inet_pton(AF_INET6, address, &ipv6) == 1 {
                var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                inet_ntop(AF_INET6, &ipv6, &text, socklen_t(text.count))
                proxies.insert(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            } else {
                throw ConfigurationError(
                    "http.trustedProxies: \"\(address)\" is not an IP address (write IPv4 or IPv6 addresses, "
                        + "comma-separated)"
                )
            }
        }
        return AuthFailureThrottle(burst: burst, perMinute: perMinute, trustedProxies: proxies, clock: clock)
    }

    /// Reads the certificate and key for native HTTPS; `nil` when neither is configured.
    ///
    /// Warns (on `logger`) when the key file can be read by its group or by anyone.
    ///
    /// - Throws: ``ConfigurationError`` when only one of `tls.certificate` and `tls.key` is set, or a file cannot be
    ///   read or is empty. Whether the two are a matching pair is checked when the listener starts.
    public func tlsCredentials(logger: Logger) throws(ConfigurationError) -> TLSCredentials? {
        switch (tlsCertificatePath, tlsKeyPath) {
        case (nil, nil):
            return nil
        case (_?, nil):
            throw ConfigurationError("tls.certificate is set but tls.key is not: set both for HTTPS, or neither")
        case (nil, _?):
            throw ConfigurationError("tls.key is set but tls.certificate is not: set both for HTTPS, or neither")
        case (let certificatePath?, let keyPath?):
            let certificate = try Self.read(certificatePath, key: "tls.certificate")
            let key = try Self.read(keyPath, key: "tls.key")
            if let attributes = try? FileManager.default.attributesOfItem(atPath: keyPath),
                let permissions = attributes[.posixPermissions] as? Int, permissions & 0o077 != 0
            {
                logger.warning(
                    "The TLS key file can be read by other users; make it readable by Hearth's user only (chmod 600)",
                    metadata: ["tls.key": "\(keyPath)", "file.mode": "\(String(permissions, radix: 8))"]
                )
            }
            return TLSCredentials(certificatePEM: certificate, privateKeyPEM: key)
        }
    }

    private static func read(_ path: String, key: String) throws(ConfigurationError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "it does not exist"
            throw ConfigurationError("\(key): cannot read \(path): \(reason)")
        }
        guard !data.isEmpty else {
            throw ConfigurationError("\(key): \(path) is empty")
        }
        return Array(data)
    }
}
