/// What the registry knows of one bearer token: never the token, only its SHA-256 hash.
struct TokenRecord: Sendable {
    var hash: [UInt8]
    var user: String
    /// Unix seconds; `nil` never expires.
    var expires: Int64?
    var revoked: Bool

    /// The token's user, if this record is the token whose hash is `hash` (compared in constant time) and the
    /// token is neither revoked nor expired at `now`.
    func user(forHash hash: [UInt8], now: UnixTime) -> String? {
        guard tokensEqual(self.hash, hash), !revoked else { return nil }
        if let expires, now.seconds >= expires { return nil }
        return user
    }
}
