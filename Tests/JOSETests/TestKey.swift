import Cryptography
import Foundation
import HearthTestSupport
import JOSE

/// A private key made with the openssl command line, that signs JWS with openssl too, and publishes its public half
/// as a JSON Web Key: tokens made with a second implementation, not with the code under test.
struct TestKey: Sendable {
    enum Kind: Sendable {
        case rsa(bits: Int)
        case ec(ECPublicKey.Curve)
    }

    let kind: Kind
    /// The private key, PKCS#8 PEM.
    let privatePEM: String
    /// The public key's JWK members (`kty`, `n`/`e` or `crv`/`x`/`y`), without `kid`, `alg` or `use`.
    let publicMembers: [(String, String)]

    /// A fresh key.
    static func make(_ kind: Kind) throws -> TestKey {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("key.pem").path
            let derPath = directory.appendingPathComponent("pub.der").path
            switch kind {
            case .rsa(let bits):
                try runOpenSSLChecked([
                    "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-out", keyPath,
                ])
            case .ec(let curve):
                try runOpenSSLChecked([
                    "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:\(curve.rawValue)", "-out", keyPath,
                ])
            }
            try runOpenSSLChecked(["pkey", "-in", keyPath, "-pubout", "-outform", "DER", "-out", derPath])
            let der = Array(try Data(contentsOf: URL(fileURLWithPath: derPath)))
            let members: [(String, String)]
            switch kind {
            case .rsa:
                // `openssl rsa -modulus` prints "Modulus=<hex>"; genpkey's exponent is 65537.
                let output = try runOpenSSLChecked(["rsa", "-in", keyPath, "-modulus", "-noout"])
                let hex = output.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                members = [
                    ("kty", "RSA"), ("n", Base64URL.encode(bytes(hex: hex ?? ""))), ("e", "AQAB"),
                ]
            case .ec(let curve):
                // The SubjectPublicKeyInfo ends with the uncompressed point 04‖X‖Y.
                let length = curve.coordinateByteCount
                let x = Array(der[(der.count - 2 * length)..<(der.count - length)])
                let y = Array(der[(der.count - length)...])
                members = [
                    ("kty", "EC"), ("crv", curve.rawValue), ("x", Base64URL.encode(x)), ("y", Base64URL.encode(y)),
                ]
            }
            return TestKey(
                kind: kind,
                privatePEM: try String(contentsOfFile: keyPath, encoding: .utf8),
                publicMembers: members
            )
        }
    }

    /// The public key as a JWK object, with the given `kid`, `alg` and `use` when not `nil`.
    func jwk(keyID: String? = nil, algorithm: String? = nil, use: String? = nil) -> String {
        var members = publicMembers
        if let keyID { members.append(("kid", keyID)) }
        if let algorithm { members.append(("alg", algorithm)) }
        if let use { members.append(("use", use)) }
        return "{" + members.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
    }

    /// A key set holding the given JWK objects.
    static func keySet(_ jwks: String...) throws -> JSONWebKeySet {
        try JSONWebKeySet(json: Array("{\"keys\":[\(jwks.joined(separator: ","))]}".utf8))
    }

    /// The JWS signature of `message` under `algorithm` (`RS256`, `PS384`, `ES512`, …), made by `openssl dgst`; an
    /// ECDSA signature converted from DER to the raw R‖S of RFC 7518 §3.4.
    func sign(_ message: [UInt8], algorithm: String) throws -> [UInt8] {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("key.pem").path
            let messagePath = directory.appendingPathComponent("message").path
            let signaturePath = directory.appendingPathComponent("signature").path
            try Data(privatePEM.utf8).write(to: URL(fileURLWithPath: keyPath))
            try Data(message).write(to: URL(fileURLWithPath: messagePath))
            let digest = "-sha" + algorithm.suffix(3)
            var arguments = ["dgst", digest, "-sign", keyPath, "-out", signaturePath]
            if algorithm.hasPrefix("PS") {
                arguments += ["-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:digest"]
            }
            try runOpenSSLChecked(arguments + [messagePath])
            let signature = Array(try Data(contentsOf: URL(fileURLWithPath: signaturePath)))
            if case .ec(let curve) = kind {
                return try Self.raw(derSignature: signature, length: curve.coordinateByteCount)
            }
            return signature
        }
    }

    /// A compact JWS of `claims` (JSON text) with `header` (JSON text), signed under `algorithm`.
    func token(header: String, claims: String, algorithm: String) throws -> String {
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        let signature = try sign(Array(signingInput.utf8), algorithm: algorithm)
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// R‖S, each left-padded to `length`, from a DER `ECDSA-Sig-Value` (SEQUENCE of two INTEGERs).
    static func raw(derSignature der: [UInt8], length: Int) throws -> [UInt8] {
        var index = 0
        func readLength() throws -> Int {
            let first = Int(der[index])
            index += 1
            guard first & 0x80 != 0 else { return first }
            var value = 0
            for _ in 0..<(first & 0x7f) {
                value = value << 8 | Int(der[index])
                index += 1
            }
            return value
        }
        func readInteger() throws -> [UInt8] {
            guard der[index] == 0x02 else { throw TestFailure("not an INTEGER in the ECDSA signature") }
            index += 1
            let count = try readLength()
            let value = Array(der[index..<(index + count)].drop { $0 == 0 })
            index += count
            guard value.count <= length else { throw TestFailure("an ECDSA integer longer than the curve") }
            return [UInt8](repeating: 0, count: length - value.count) + value
        }
        guard der.first == 0x30 else { throw TestFailure("the ECDSA signature is not a SEQUENCE") }
        index = 1
        _ = try readLength()
        return try readInteger() + readInteger()
    }
}

/// Decodes hex digits (`"0b0b…"`); traps on malformed input, which is a bug in the test.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    precondition(digits.count.isMultiple(of: 2), "odd-length hex")
    return stride(from: 0, to: digits.count, by: 2).map { index in
        UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)!
    }
}
