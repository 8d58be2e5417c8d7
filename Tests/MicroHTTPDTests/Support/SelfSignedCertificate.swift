import Foundation

/// A self-signed certificate for `localhost` / `127.0.0.1` and its key, made by the `openssl` command line in a
/// temporary directory (removed by ``remove()``).
struct SelfSignedCertificate {
    let directory: URL
    let certificatePath: String
    let keyPath: String

    /// Generates an RSA-2048 (or EC P-256) key and a certificate valid for one day.
    init(ellipticCurve: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificatePath = directory.appendingPathComponent("tls.crt").path
        keyPath = directory.appendingPathComponent("tls.key").path
        let key = ellipticCurve ? ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"] : ["-newkey", "rsa:2048"]
        try Self.openssl(
            ["req", "-x509"] + key + [
                "-nodes", "-keyout", keyPath, "-out", certificatePath, "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ]
        )
    }

    var certificatePEM: [UInt8] { Array(FileManager.default.contents(atPath: certificatePath) ?? Data()) }
    var keyPEM: [UInt8] { Array(FileManager.default.contents(atPath: keyPath) ?? Data()) }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "openssl \(arguments.joined(separator: " ")) exited \(process.terminationStatus)"
            )
        }
    }
}
