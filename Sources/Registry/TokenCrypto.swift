import Cryptography

// The Registry's only contact with the Cryptography module: hashing, comparing and minting bearer tokens.

/// The SHA-256 hash of a token's UTF-8 bytes: what the registry stores instead of the token.
func tokenHash(_ token: String) -> [UInt8] {
    SHA256.hash(Array(token.utf8))
}

/// Whether two token hashes are equal, compared in constant time.
func tokensEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    constantTimeEquals(a, b)
}

/// A new random bearer token (32 random bytes, base64url: 43 characters).
func newToken() throws -> String {
    try SecureRandom.token(byteCount: 32)
}
