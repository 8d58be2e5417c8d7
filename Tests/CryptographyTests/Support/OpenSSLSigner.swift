import Foundation
import HearthTestSupport

/// A private key made and used by the openssl command line, so that what Cryptography verifies was signed by a
/// second implementation.
struct OpenSSLSigner: Sendable {
    /// The private key, PKCS#8 PEM.
    let privatePEM: String

    /// A fresh key: `genpkey` with `algorithm` (`RSA`, `EC`) and `options` (`rsa_keygen_bits:2048`,
    /// `ec_paramgen_curve:P-256`).
    static func make(algorithm: String, option: String) throws -> OpenSSLSigner {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("key.pem").path
            try runOpenSSLChecked(["genpkey", "-algorithm", algorithm, "-pkeyopt", option, "-out", keyPath])
            return OpenSSLSigner(privatePEM: try String(contentsOfFile: keyPath, encoding: .utf8))
        }
    }

    /// Runs openssl with the key's file in `{key}`'s place and returns the bytes it wrote to `{out}`; `{in}` is a
    /// file holding `input`.
    func run(_ arguments: [String], input: [UInt8] = []) throws -> [UInt8] {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("key.pem").path
            let inPath = directory.appendingPathComponent("in").path
            let outPath = directory.appendingPathComponent("out").path
            try Data(privatePEM.utf8).write(to: URL(fileURLWithPath: keyPath))
            try Data(input).write(to: URL(fileURLWithPath: inPath))
            let substituted = arguments.map { argument in
                argument.replacingOccurrences(of: "{key}", with: keyPath)
                    .replacingOccurrences(of: "{in}", with: inPath)
                    .replacingOccurrences(of: "{out}", with: outPath)
            }
            try runOpenSSLChecked(substituted)
            return Array(try Data(contentsOf: URL(fileURLWithPath: outPath)))
        }
    }

    /// The public key as DER SubjectPublicKeyInfo.
    func publicDER() throws -> [UInt8] {
        try run(["pkey", "-in", "{key}", "-pubout", "-outform", "DER", "-out", "{out}"])
    }

    /// The signature of `message` by `openssl dgst -<digest>` with extra `-sigopt`s.
    func sign(_ message: [UInt8], digest: String, options: [String] = []) throws -> [UInt8] {
        try run(
            ["dgst", "-\(digest)", "-sign", "{key}"] + options.flatMap { ["-sigopt", $0] } + ["-out", "{out}", "{in}"],
            input: message
        )
    }
}
