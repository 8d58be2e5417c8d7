import Cryptography
import Foundation
import HearthTestSupport
import JSON

/// An RSA key made with the openssl command line, with its public half as a JWK: what the test identity provider
/// signs ID tokens and access tokens with and publishes in its JWKS.
struct SigningKey: Sendable {
    let keyID: String
    let privateKey: RSAPrivateKey
    /// `{"kty":"RSA","kid":…,"use":"sig","alg":"RS256","n":…,"e":"AQAB"}`.
    let jwk: JSONValue

    /// Two keys made once for the whole suite (making a key takes a while on a busy machine).
    static let first = try! SigningKey.generate(keyID: "key-1")
    static let second = try! SigningKey.generate(keyID: "key-2")
    static let stranger = try! SigningKey.generate(keyID: "key-1")

    static func generate(keyID: String) throws -> SigningKey {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("key.pem").path
            try RSAKeyPair.write(privateKeyPath: path)
            let modulusLine = try runOpenSSLChecked(["rsa", "-in", path, "-noout", "-modulus"])
            guard let hex = modulusLine.split(separator: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines)
            else { throw TestFailure("no modulus in \(modulusLine)") }
            var modulus: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                guard let byte = UInt8(hex[index..<next], radix: 16) else { throw TestFailure("bad modulus hex") }
                modulus.append(byte)
                index = next
            }
            let pem = try String(contentsOfFile: path, encoding: .utf8)
            return SigningKey(
                keyID: keyID,
                privateKey: try RSAPrivateKey(pem: pem),
                jwk: [
                    "kty": "RSA", "kid": .string(keyID), "use": "sig", "alg": "RS256",
                    "n": .string(Base64URL.encode(modulus)), "e": "AQAB",
                ]
            )
        }
    }

    /// A compact JWS of `claims`, RS256, with this key's `kid` (or `keyID` when given) and `typ`.
    func sign(_ claims: JSONValue, typ: String = "JWT", keyID: String? = nil) -> String {
        let header: JSONValue = ["alg": "RS256", "kid": .string(keyID ?? self.keyID), "typ": .string(typ)]
        let input =
            Base64URL.encode(JSONWriter.bytes(header)) + "." + Base64URL.encode(JSONWriter.bytes(claims))
        let signature = try! privateKey.signRS256(Array(input.utf8))
        return input + "." + Base64URL.encode(signature)
    }

    /// `{"keys":[…]}` of `keys`.
    static func jwks(_ keys: [SigningKey]) -> String {
        String(decoding: JSONWriter.bytes(["keys": .array(keys.map(\.jwk))]), as: UTF8.self)
    }
}
