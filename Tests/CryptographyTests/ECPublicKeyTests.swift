import Cryptography
import HearthTestSupport
import Testing

struct ECPublicKeyTests {
    /// A key on `curve`, made by openssl, with its public point's coordinates (the SubjectPublicKeyInfo ends with the
    /// uncompressed point 04‖X‖Y).
    static func key(on curve: ECPublicKey.Curve) throws -> (signer: OpenSSLSigner, x: [UInt8], y: [UInt8]) {
        let signer = try OpenSSLSigner.make(algorithm: "EC", option: "ec_paramgen_curve:\(curve.rawValue)")
        let der = try signer.publicDER()
        let length = curve.coordinateByteCount
        #expect(der[der.count - 2 * length - 1] == 0x04)
        return (
            signer, Array(der[(der.count - 2 * length)..<(der.count - length)]), Array(der[(der.count - length)...])
        )
    }

    /// R‖S from a DER `ECDSA-Sig-Value`, each left-padded to `length` (RFC 7518 §3.4's form).
    static func raw(_ der: [UInt8], length: Int) throws -> [UInt8] {
        // SEQUENCE (short or one-byte long length), INTEGER r, INTEGER s.
        var index = der[1] & 0x80 != 0 ? 3 : 2
        var result: [UInt8] = []
        for _ in 0..<2 {
            guard der[index] == 0x02 else { throw TestFailure("not an INTEGER") }
            let count = Int(der[index + 1])
            let value = Array(der[(index + 2)..<(index + 2 + count)].drop { $0 == 0 })
            result += [UInt8](repeating: 0, count: length - value.count) + value
            index += 2 + count
        }
        return result
    }

    @Test(arguments: ECPublicKey.Curve.allCases)
    func signaturesByOpenSSLVerify(curve: ECPublicKey.Curve) throws {
        let (signer, x, y) = try Self.key(on: curve)
        let key = try ECPublicKey(curve: curve, x: x, y: y)
        #expect(key.curve == curve)
        let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0".utf8)
        let digestName = "sha\(curve.digest.byteCount * 8)"
        let signature = try Self.raw(signer.sign(message, digest: digestName), length: curve.coordinateByteCount)
        #expect(signature.count == 2 * curve.coordinateByteCount)
        #expect(key.verify(message: message, signature: signature, digest: curve.digest))

        // Another hash, another message, a flipped bit, a wrong length, zero R: all refused.
        let otherDigest = SignatureDigest.allCases.first { $0 != curve.digest }!
        #expect(!key.verify(message: message, signature: signature, digest: otherDigest))
        #expect(!key.verify(message: message + [0x2e], signature: signature, digest: curve.digest))
        var flipped = signature
        flipped[signature.count - 1] ^= 1
        #expect(!key.verify(message: message, signature: flipped, digest: curve.digest))
        #expect(!key.verify(message: message, signature: Array(signature.dropLast()), digest: curve.digest))
        #expect(!key.verify(message: message, signature: signature + [0], digest: curve.digest))
        #expect(!key.verify(message: message, signature: [], digest: curve.digest))
        var zeroR = signature
        for index in 0..<curve.coordinateByteCount { zeroR[index] = 0 }
        #expect(!key.verify(message: message, signature: zeroR, digest: curve.digest))
    }

    @Test func aPointOffTheCurveIsRefused() throws {
        let (_, x, y) = try Self.key(on: .p256)
        var offCurve = y
        offCurve[31] ^= 1
        #expect(throws: CryptographyError.self) { try ECPublicKey(curve: .p256, x: x, y: offCurve) }
        #expect(throws: CryptographyError.self) {
            try ECPublicKey(curve: .p256, x: [UInt8](repeating: 0, count: 32), y: [UInt8](repeating: 0, count: 32))
        }
        // The right coordinates, declared on another curve: wrong lengths there.
        #expect(throws: CryptographyError.self) { try ECPublicKey(curve: .p384, x: x, y: y) }
    }

    @Test func coordinatesMustHaveTheCurvesFullLength() throws {
        let (_, x, y) = try Self.key(on: .p256)
        do {
            _ = try ECPublicKey(curve: .p256, x: [0] + x, y: [0] + y)
            Issue.record("33-byte coordinates were accepted on P-256")
        } catch {
            #expect(error.code == .invalidKey)
        }
        #expect(throws: CryptographyError.self) { try ECPublicKey(curve: .p256, x: Array(x.dropFirst()), y: y) }
    }
}
