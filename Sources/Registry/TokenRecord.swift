import Clocks
import Cryptography

/// What the registry knows of one bearer token: never the token, only its SHA-256 hash.
struct TokenRecord: Sendable {
    var hash: SHA256Digest
    /// Who the token speaks for (user and OAuth client).
    var principal: Principal
    /// Unix seconds; `nil` never expires.
    var expires: Int64?
    var revoked: Bool
    /// Refresh tokens are kept in the same table but never open `/fulfillment`.
    var isRefresh: Bool = false

    /// The token's principal, if this record is the access token whose hash is `hash` (compared in constant time)
    /// and the token is neither revoked nor expired at `now`.
    func principal(forHash hash: SHA256Digest, now: UnixTime) -> Principal? {
        guard self.hash == hash, !revoked, !isRefresh else { return nil }
        if let expires, now.seconds >= expires { return nil }
        return principal
    }
}
