import Foundation

/// A self-signed certificate for `localhost` / `127.0.0.1` and its key, made by the `openssl` command line in a
/// temporary directory (removed by ``remove()``).
public struct SelfSignedCertificate {
    public let directory: URL
    public let certificatePath: String
    public let keyPath: String

    /// Generates an RSA-2048 (or EC P-256) key and a certificate valid for one day.
    public init(ellipticCurve: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificatePath = directory.appendingPathComponent("tls.crt").path
        keyPath = directory.appendingPathComponent("tls.key").path
        let key = ellipticCurve ? ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"] : ["-newkey", "rsa:2048"]
        try runOpenSSLChecked(
            ["req", "-x509"] + key + [
                "-nodes", "-keyout", keyPath, "-out", certificatePath, "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ]
        )
    }

    public var certificatePEM: [UInt8] { Array(FileManager.default.contents(atPath: certificatePath) ?? Data()) }
    public var keyPEM: [UInt8] { Array(FileManager.default.contents(atPath: keyPath) ?? Data()) }

    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
