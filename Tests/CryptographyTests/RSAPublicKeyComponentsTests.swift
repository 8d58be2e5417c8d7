import Cryptography
import HearthTestSupport
import Testing

struct RSAPublicKeyComponentsTests {
    static let signer = Result { try OpenSSLSigner.make(algorithm: "RSA", option: "rsa_keygen_bits:2048") }

    /// The modulus of `signer`'s key, from `openssl rsa -modulus` ("Modulus=<hex>").
    static func modulus(of signer: OpenSSLSigner) throws -> [UInt8] {
        let text = String(
            decoding: try signer.run(["rsa", "-in", "{key}", "-modulus", "-noout", "-out", "{out}"]),
            as: UTF8.self
        )
        guard let hex = text.split(separator: "=").last?.split(separator: "\n").first else {
            throw TestFailure("no modulus in \(text)")
        }
        return bytes(hex: String(hex))
    }

    static let message = Array("eyJhbGciOiJQUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0".utf8)

    @Test(arguments: SignatureDigest.allCases)
    func pkcs1AndPSSSignaturesByOpenSSLVerify(digest: SignatureDigest) throws {
        let signer = try Self.signer.get()
        let key = try RSAPublicKey(modulus: try Self.modulus(of: signer), exponent: [0x01, 0x00, 0x01])
        #expect(key.bitCount == 2048)
        let name = "sha\(digest.byteCount * 8)"
        let pkcs1 = try signer.sign(Self.message, digest: name)
        #expect(key.verify(message: Self.message, signature: pkcs1, digest: digest, padding: .pkcs1v15))
        #expect(!key.verify(message: Self.message, signature: pkcs1, digest: digest, padding: .pss))
        let pss = try signer.sign(
            Self.message,
            digest: name,
            options: ["rsa_padding_mode:pss", "rsa_pss_saltlen:digest"]
        )
        #expect(key.verify(message: Self.message, signature: pss, digest: digest, padding: .pss))
        #expect(!key.verify(message: Self.message, signature: pss, digest: digest, padding: .pkcs1v15))
        let otherDigest = SignatureDigest.allCases.first { $0 != digest }!
        #expect(!key.verify(message: Self.message, signature: pkcs1, digest: otherDigest, padding: .pkcs1v15))
        #expect(!key.verify(message: Self.message, signature: pss, digest: otherDigest, padding: .pss))
        #expect(!key.verify(message: Self.message + [0], signature: pss, digest: digest, padding: .pss))
    }

    /// RFC 7518 §3.5: the salt is as long as the hash. A PSS signature with an empty salt is refused.
    @Test func pssWithAnotherSaltLengthIsRefused() throws {
        let signer = try Self.signer.get()
        let key = try RSAPublicKey(modulus: try Self.modulus(of: signer), exponent: [0x01, 0x00, 0x01])
        let unsalted = try signer.sign(
            Self.message,
            digest: "sha256",
            options: ["rsa_padding_mode:pss", "rsa_pss_saltlen:0"]
        )
        #expect(!key.verify(message: Self.message, signature: unsalted, digest: .sha256, padding: .pss))
    }

    @Test func theKeyIsTheSameAsThePEMOne() throws {
        let signer = try Self.signer.get()
        let modulus = try Self.modulus(of: signer)
        // A leading zero byte (as some issuers write `n`) changes nothing.
        let key = try RSAPublicKey(modulus: [0] + modulus, exponent: [0, 0x01, 0x00, 0x01])
        let privateKey = try RSAPrivateKey(pem: signer.privatePEM)
        let pemKey = try RSAPublicKey(pem: try privateKey.publicKeyPEM())
        let signature = try privateKey.signRS256(Self.message)
        #expect(key.verifyRS256(message: Self.message, signature: signature))
        #expect(pemKey.verify(message: Self.message, signature: signature, digest: .sha256, padding: .pkcs1v15))
        #expect(
            !key.verify(
                message: Self.message,
                signature: Array(signature.dropLast()),
                digest: .sha256,
                padding: .pkcs1v15
            )
        )
        #expect(!key.verify(message: Self.message, signature: [0] + signature, digest: .sha256, padding: .pkcs1v15))
    }

    @Test func keysOutsideTheBoundsAreRefused() throws {
        let small = try OpenSSLSigner.make(algorithm: "RSA", option: "rsa_keygen_bits:1024")
        let smallModulus = try Self.modulus(of: small)
        do {
            _ = try RSAPublicKey(modulus: smallModulus, exponent: [0x01, 0x00, 0x01])
            Issue.record("a 1024-bit modulus was accepted")
        } catch {
            #expect(error.code == .invalidKey)
        }
        let modulus = try Self.modulus(of: try Self.signer.get())
        for exponent: [UInt8] in [[], [0], [1], [2], [0x01, 0x00, 0x00], [UInt8](repeating: 0xff, count: 9)] {
            #expect(throws: CryptographyError.self, "exponent \(exponent)") {
                try RSAPublicKey(modulus: modulus, exponent: exponent)
            }
        }
        #expect(throws: CryptographyError.self) {
            try RSAPublicKey(modulus: [UInt8](repeating: 0xff, count: 1025), exponent: [0x01, 0x00, 0x01])
        }
        #expect(throws: CryptographyError.self) { try RSAPublicKey(modulus: [], exponent: [0x01, 0x00, 0x01]) }
    }
}
