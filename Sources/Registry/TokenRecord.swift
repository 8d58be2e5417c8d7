import Clocks
import Cryptography

/// What the registry knows of one bearer token: never the token, only its SHA-256 hash.
package struct TokenRecord: Sendable {
    package var hash: SHA256Digest
    /// Who the token speaks for (user and OAuth client).
    package var principal: Principal
    /// Unix seconds; `nil` never expires.
    package var expires: Int64?
    package var revoked: Bool
    /// Refresh tokens are kept in the same table but never open `/fulfillment`.
    package var isRefresh: Bool = false

    package init(hash: SHA256Digest, principal: Principal, expires: Int64?, revoked: Bool, isRefresh: Bool = false) {
        self.hash = hash
        self.principal = principal
        self.expires = expires
        self.revoked = revoked
        self.isRefresh = isRefresh
    }

    /// The token's principal, if this record is the access token whose hash is `hash` (compared in constant time)
    /// and the token is neither revoked nor expired at `now`.
    package func principal(forHash hash: SHA256Digest, now: UnixTime) -> Principal? {
        guard self.hash == hash, !revoked, !isRefresh else { return nil }
        if let expires, now.seconds >= expires { return nil }
        return principal
    }
}
