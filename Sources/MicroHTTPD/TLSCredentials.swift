/// A PEM certificate chain and its private key, for serving HTTPS through microhttpd (GnuTLS).
///
/// The key is a secret: ``description`` never shows it, and the listener wipes its own copy when it is released.
public struct TLSCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The certificate chain, PEM (`-----BEGIN CERTIFICATE-----` …), leaf first.
    public var certificatePEM: [UInt8]
    /// The private key, PEM (PKCS#8, PKCS#1 RSA or SEC1 EC), unencrypted.
    public var privateKeyPEM: [UInt8]

    /// Creates credentials from the PEM texts as read from their files.
    public init(certificatePEM: [UInt8], privateKeyPEM: [UInt8]) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// Says how large the texts are, never what the key holds.
    public var description: String {
        "TLSCredentials(certificate: \(certificatePEM.count) bytes, key: <redacted>)"
    }
}
