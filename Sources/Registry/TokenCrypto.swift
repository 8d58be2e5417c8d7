import Cryptography
import Foundation

// Where the Registry uses the Cryptography module: hashing and minting bearer tokens. The hash, a `SHA256Digest`,
// is what token records and the read cache hold, and its `==` is the constant-time comparison.

/// The SHA-256 hash of a token's UTF-8 bytes: what the registry stores instead of the token. Held inline: every
/// request's bearer token is hashed to look it up, and an array each side cost more than the hash's arithmetic.
/// `==` between two of them takes constant time (``SHA256Digest``).
package func tokenHash(_ token: String) -> SHA256Digest {
    SHA256.digest(utf8: token)
}

extension SHA256Digest {
    /// The digest as a SQLite blob.
    package var data: Data { Data(bytes) }
}

/// A new random bearer token (32 random bytes, base64url: 43 characters).
package func newToken() throws -> String {
    try SecureRandom.token(byteCount: 32)
}
