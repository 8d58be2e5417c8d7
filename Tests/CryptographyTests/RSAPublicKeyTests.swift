import Cryptography
import Foundation
import HearthTestSupport
import Testing

struct RSAPublicKeyTests {
    /// A fresh 2048-bit key pair: the private key from `openssl genpkey`, the public one from `openssl pkey -pubout`.
    private func keyPair(in directory: URL) throws -> (privateKey: RSAPrivateKey, publicPEM: String) {
        let keyPath = try generateRSAKey(in: directory)
        let publicPath = directory.appendingPathComponent("pub.pem")
        let exported = try runOpenSSL(["pkey", "-in", keyPath.path, "-pubout", "-out", publicPath.path])
        guard exported.status == 0 else {
            throw TestFailure("openssl pkey -pubout failed: \(exported.output)")
        }
        return (
            try RSAPrivateKey(pem: try String(contentsOf: keyPath, encoding: .utf8)),
            try String(contentsOf: publicPath, encoding: .utf8)
        )
    }

    @Test func signatureByTheMatchingPrivateKeyVerifies() throws {
        try withTemporaryDirectory { directory in
            let (privateKey, publicPEM) = try keyPair(in: directory)
            let publicKey = try RSAPublicKey(pem: publicPEM)
            #expect(publicKey.bitCount == 2048)
            let message = Array("eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJoZWFydGgifQ".utf8)
            let signature = try privateKey.signRS256(message)
            #expect(publicKey.verifyRS256(message: message, signature: signature))
        }
    }

    @Test func tamperedMessageOrSignatureFails() throws {
        try withTemporaryDirectory { directory in
            let (privateKey, publicPEM) = try keyPair(in: directory)
            let publicKey = try RSAPublicKey(pem: publicPEM)
            let message = Array("turn on the kitchen light".utf8)
            let signature = try privateKey.signRS256(message)
            #expect(!publicKey.verifyRS256(message: Array("turn on the kitchen lighT".utf8), signature: signature))
            var flipped = signature
            flipped[100] ^= 0x01
            #expect(!publicKey.verifyRS256(message: message, signature: flipped))
            #expect(!publicKey.verifyRS256(message: message, signature: Array(signature.dropLast())))
            #expect(!publicKey.verifyRS256(message: message, signature: []))
            #expect(!publicKey.verifyRS256(message: [], signature: signature))
        }
    }

    @Test func signatureByAnotherKeyFails() throws {
        let (first, second) = try withTemporaryDirectory { directory in
            let first = try keyPair(in: directory)
            let secondDirectory = directory.appendingPathComponent("second")
            try FileManager.default.createDirectory(at: secondDirectory, withIntermediateDirectories: true)
            return (first, try keyPair(in: secondDirectory))
        }
        let message = Array("payload".utf8)
        let signature = try second.privateKey.signRS256(message)
        #expect(!(try RSAPublicKey(pem: first.publicPEM)).verifyRS256(message: message, signature: signature))
        #expect(try RSAPublicKey(pem: second.publicPEM).verifyRS256(message: message, signature: signature))
    }

    @Test func publicKeyPEMOfAPrivateKeyMatchesOpenSSL() throws {
        try withTemporaryDirectory { directory in
            let (privateKey, publicPEM) = try keyPair(in: directory)
            #expect(try privateKey.publicKeyPEM() == publicPEM)
            let derived = try RSAPublicKey(pem: try privateKey.publicKeyPEM())
            let signature = try privateKey.signRS256([1, 2, 3])
            #expect(derived.verifyRS256(message: [1, 2, 3], signature: signature))
        }
    }

    @Test(arguments: [
        "",
        "not a key",
        "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
    ])
    func garbageIsRefused(pem: String) {
        #expect(throws: CryptographyError.self) { try RSAPublicKey(pem: pem) }
    }

    @Test func privateKeyPEMIsNotAPublicKey() throws {
        try withTemporaryDirectory { directory in
            let keyPath = try generateRSAKey(in: directory)
            let pem = try String(contentsOf: keyPath, encoding: .utf8)
            #expect(throws: CryptographyError.self) { try RSAPublicKey(pem: pem) }
        }
    }

    @Test func ecKeyIsRefused() throws {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("ec.pem")
            let publicPath = directory.appendingPathComponent("ec-pub.pem")
            _ = try runOpenSSL([
                "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyPath.path,
            ])
            _ = try runOpenSSL(["pkey", "-in", keyPath.path, "-pubout", "-out", publicPath.path])
            let pem = try String(contentsOf: publicPath, encoding: .utf8)
            let error = #expect(throws: CryptographyError.self) { try RSAPublicKey(pem: pem) }
            #expect(error?.code == .invalidKey)
        }
    }
}
