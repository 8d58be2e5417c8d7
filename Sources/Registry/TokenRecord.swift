import Clocks

/// What the registry knows of one bearer token: never the token, only its SHA-256 hash.
struct TokenRecord: Sendable {
    var hash: [UInt8]
    /// Who the token speaks for (user and OAuth client).
    var principal: Principal
    /// Unix seconds; `nil` never expires.
    var expires: Int64?
    var revoked: Bool
    /// Refresh tokens are kept in the same table but never open `/fulfillment`.
    var isRefresh: Bool = false

    /// The token's principal, if this record is the access token whose hash is `hash` (compared in constant time)
    /// and the token is neither revoked nor expired at `now`.
    func principal(forHash hash: [UInt8], now: UnixTime) -> Principal? {
        guard tokensEqual(self.hash, hash), !revoked, !isRefresh else { return nil }
        if let expires, now.seconds >= expires { return nil }
        return principal
    }
}
