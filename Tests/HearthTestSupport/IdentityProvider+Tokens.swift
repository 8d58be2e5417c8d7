import Foundation
import JSON

extension IdentityProvider {
    /// A JWT to mint with `Tests/IdentityProvider/mint_token.py`: the provider's own keys, a key nobody published,
    /// no signature, HMAC with the public key, or tampered after signing — the tokens the refusal tests need.
    public struct TokenRequest: Sendable {
        /// Which key signs.
        public enum Key: String, Sendable {
            /// The provider's key ``TokenRequest/keyID`` (active or inactive), or its active key of the algorithm's
            /// type when that is `nil`.
            case provider
            /// A new key the provider never published, with ``TokenRequest/keyID`` as its `kid` (a known `kid` with
            /// the wrong key is a bad signature; a new one an unknown key).
            case fresh
        }

        /// The payload, exactly as given: the caller computes `exp`, `iat` and `nbf` from its own clock.
        public var claims: JSONValue
        /// Merged over `{"typ": "JWT", "alg": …, "kid": …}`; a member set to `null` is removed.
        public var header: JSONValue
        /// `RS256`…`RS512`, `PS256`…`PS512`, `ES256`, `ES384`, `ES512`, `none` (no signature), or `HS256`…`HS512`
        /// with ``hmacWithPublicKey``.
        public var algorithm: String
        public var keyID: String?
        public var key: Key
        /// For `HS*`: the secret is the PEM of the provider's public RSA key (the algorithm-confusion attack).
        public var hmacWithPublicKey: Bool
        /// Claims merged into the payload after signing, so the signature no longer matches.
        public var tamper: JSONValue

        public init(
            claims: JSONValue,
            header: JSONValue = [:],
            algorithm: String = "RS256",
            keyID: String? = nil,
            key: Key = .provider,
            hmacWithPublicKey: Bool = false,
            tamper: JSONValue = nil
        ) {
            self.claims = claims
            self.header = header
            self.algorithm = algorithm
            self.keyID = keyID
            self.key = key
            self.hmacWithPublicKey = hmacWithPublicKey
            self.tamper = tamper
        }

        /// The request as one line of mint_token.py's `--batch` input.
        var line: String {
            let request: JSONValue = [
                "claims": claims, "header": header, "alg": .string(algorithm),
                "kid": keyID.map(JSONValue.string) ?? .null, "key": .string(key.rawValue),
                "hmacWithPublicKey": .bool(hmacWithPublicKey), "tamper": tamper,
            ]
            return request.description
        }
    }

    /// One minted token.
    public func mint(_ request: TokenRequest) throws -> String {
        try mint([request])[0]
    }

    /// Several tokens, minted by one Python process (in order).
    public func mint(_ requests: [TokenRequest]) throws -> [String] {
        let script = Self.scripts.appendingPathComponent("mint_token.py").path
        let input = requests.map(\.line).joined(separator: "\n") + "\n"
        let result = try ChildProcess.run(
            try Self.environment.get(),
            [script, "--key-dir", keyDirectory.path, "--batch"],
            input: Array(input.utf8)
        )
        let tokens = result.stdoutText.split(separator: "\n").map(String.init)
        guard result.termination.succeeded, tokens.count == requests.count else {
            throw TestFailure("mint_token.py failed: \(result)")
        }
        return tokens
    }
}
