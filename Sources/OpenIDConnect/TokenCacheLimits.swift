/// How long, and how many, access-token verdicts ``AccessTokenVerifier`` keeps.
///
/// Memory: an entry is a 32-byte SHA-256 of the token (never the token), the user string, an expiry and the
/// dictionary's and eviction queue's overhead, about 160 bytes plus the user's length; the default 10,000 entries
/// take about 2 MB at most.
public struct TokenCacheLimits: Sendable, Hashable {
    /// The most verdicts kept; past it, the oldest is evicted. Default 10,000.
    public var maxEntries: Int
    /// The longest an accepted token's verdict is kept (never past the token's `exp`). Default 5 minutes: a token
    /// revoked at the provider is still accepted for at most this long.
    public var acceptedTTL: Duration
    /// How long a refusal is kept. Default 30 seconds.
    public var refusedTTL: Duration

    /// Creates limits; every argument has the default documented on its property.
    public init(maxEntries: Int = 10_000, acceptedTTL: Duration = .seconds(300), refusedTTL: Duration = .seconds(30)) {
        self.maxEntries = max(0, maxEntries)
        self.acceptedTTL = acceptedTTL
        self.refusedTTL = refusedTTL
    }
}
