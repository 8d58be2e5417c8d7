import Cryptography
import Foundation
import HearthTestSupport
import Testing

struct RSAPrivateKeyTests {
    /// Verifies `signature` over `message` with `openssl dgst -sha256 -verify`, using the public half of the key at
    /// `keyPath`, and returns what openssl said.
    private func verifyWithOpenSSL(
        signature: [UInt8],
        message: [UInt8],
        keyPath: URL,
        in directory: URL
    ) throws -> CommandResult {
        let publicKey = directory.appendingPathComponent("pub.pem")
        let signatureFile = directory.appendingPathComponent("sig.bin")
        let messageFile = directory.appendingPathComponent("msg")
        let exported = try runOpenSSL(["pkey", "-in", keyPath.path, "-pubout", "-out", publicKey.path])
        guard exported.status == 0 else {
            throw TestFailure("openssl pkey -pubout failed: \(exported.output)")
        }
        try Data(signature).write(to: signatureFile)
        try Data(message).write(to: messageFile)
        return try runOpenSSL([
            "dgst", "-sha256", "-verify", publicKey.path, "-signature", signatureFile.path, messageFile.path,
        ])
    }

    @Test func pkcs8KeySignaturesVerifyWithOpenSSL() throws {
        try withTemporaryDirectory { directory in
            let keyPath = try generateRSAKey(in: directory)
            let pem = try String(contentsOf: keyPath, encoding: .utf8)
            #expect(pem.contains("-----BEGIN PRIVATE KEY-----"))
            let key = try RSAPrivateKey(pem: pem)
            #expect(key.bitCount == 2048)

            let message = Array("eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJoZWFydGgifQ".utf8)
            let signature = try key.signRS256(message)
            #expect(signature.count == 256)
            let verified = try verifyWithOpenSSL(
                signature: signature,
                message: message,
                keyPath: keyPath,
                in: directory
            )
            #expect(verified.status == 0)
            #expect(verified.output.contains("Verified OK"))
        }
    }

    @Test func tamperedMessageFailsVerification() throws {
        try withTemporaryDirectory { directory in
            let keyPath = try generateRSAKey(in: directory)
            let key = try RSAPrivateKey(pem: try String(contentsOf: keyPath, encoding: .utf8))
            let signature = try key.signRS256(Array("turn on the kitchen light".utf8))
            let verified = try verifyWithOpenSSL(
                signature: signature,
                message: Array("turn on the kitchen lighT".utf8),
                keyPath: keyPath,
                in: directory
            )
            #expect(verified.status != 0)
            #expect(!verified.output.contains("Verified OK"))
            #expect(verified.output.contains("Verification failure"))
        }
    }

    @Test func pkcs1KeyGivesTheSameSignatureAsOpenSSL() throws {
        try withTemporaryDirectory { directory in
            let keyPath = try generateRSAKey(in: directory)
            let traditionalPath = directory.appendingPathComponent("rsa.pem")
            let converted = try runOpenSSL(["rsa", "-in", keyPath.path, "-traditional", "-out", traditionalPath.path])
            #expect(converted.status == 0)
            let traditional = try String(contentsOf: traditionalPath, encoding: .utf8)
            #expect(traditional.contains("-----BEGIN RSA PRIVATE KEY-----"))

            let message = Array("RS256 is deterministic".utf8)
            let messageFile = directory.appendingPathComponent("msg")
            let expectedFile = directory.appendingPathComponent("expected.bin")
            try Data(message).write(to: messageFile)
            let signed = try runOpenSSL([
                "dgst", "-sha256", "-sign", keyPath.path, "-out", expectedFile.path, messageFile.path,
            ])
            #expect(signed.status == 0)
            let expected = [UInt8](try Data(contentsOf: expectedFile))

            let fromPKCS1 = try RSAPrivateKey(pem: traditional).signRS256(message)
            let fromPKCS8 = try RSAPrivateKey(pem: try String(contentsOf: keyPath, encoding: .utf8)).signRS256(message)
            #expect(fromPKCS1 == expected)
            #expect(fromPKCS8 == expected)
        }
    }

    @Test func concurrentSigningFromOneKey() async throws {
        let pem = try withTemporaryDirectory { directory in
            try String(contentsOf: try generateRSAKey(in: directory), encoding: .utf8)
        }
        let key = try RSAPrivateKey(pem: pem)
        let message = Array("shared key, many threads".utf8)
        let expected = try key.signRS256(message)
        let signatures = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<32 {
                group.addTask { try key.signRS256(message) }
            }
            var all: [[UInt8]] = []
            for try await signature in group {
                all.append(signature)
            }
            return all
        }
        #expect(signatures.count == 32)
        #expect(signatures.allSatisfy { $0 == expected })
    }

    @Test(arguments: [
        "",
        "not a key",
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        "-----BEGIN RSA PRIVATE KEY-----\nbm90IGEga2V5\n-----END RSA PRIVATE KEY-----\n",
    ])
    func garbagePEMThrowsInvalidKey(pem: String) {
        #expect {
            _ = try RSAPrivateKey(pem: pem)
        } throws: { error in
            guard let error = error as? CryptographyError else {
                return false
            }
            return error.code == .invalidKey && error.description.hasPrefix("invalidKey: ")
        }
    }

    @Test func garbageErrorCarriesOpenSSLReason() {
        do {
            _ = try RSAPrivateKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
            Issue.record("garbage PEM was accepted")
        } catch {
            #expect(error.code == .invalidKey)
            #expect(error.message.contains("OpenSSL: error:"))
        }
    }

    @Test(arguments: [
        ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"],
        ["-algorithm", "ED25519"],
    ])
    func nonRSAKeyThrowsInvalidKey(generation: [String]) throws {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("other.pem")
            let generated = try runOpenSSL(["genpkey"] + generation + ["-out", keyPath.path])
            #expect(generated.status == 0)
            let pem = try String(contentsOf: keyPath, encoding: .utf8)
            do throws(CryptographyError) {
                _ = try RSAPrivateKey(pem: pem)
                Issue.record("a non-RSA key was accepted")
            } catch {
                #expect(error.code == .invalidKey)
                #expect(error.message.contains("not an RSA key"))
            }
        }
    }

    // Without a passphrase callback OpenSSL would prompt on the terminal; the test would hang or fail.
    @Test func encryptedKeyThrowsWithoutPrompting() throws {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("encrypted.pem")
            let generated = try runOpenSSL([
                "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-aes-256-cbc", "-pass",
                "pass:secret", "-out", keyPath.path,
            ])
            #expect(generated.status == 0)
            let pem = try String(contentsOf: keyPath, encoding: .utf8)
            #expect(pem.contains("ENCRYPTED PRIVATE KEY"))
            #expect {
                _ = try RSAPrivateKey(pem: pem)
            } throws: { error in
                (error as? CryptographyError)?.code == .invalidKey
            }
        }
    }
}
