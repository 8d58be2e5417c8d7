import OutboundHTTP

/// The bounds and cache lifetimes of one ``OpenIDProvider``: what every request to the identity provider may cost,
/// and how long what it said is believed.
public struct OpenIDProviderSettings: Sendable, Hashable {
    /// The discovery document: 5 s for the whole transfer, at most 64 KiB (real documents are 1–6 KiB).
    public var discoveryLimits: OutboundLimits
    /// The JWKS: 5 s, at most 256 KiB (a key set is read only up to 64 keys; an RSA-4096 key is about 1 KiB).
    public var keysLimits: OutboundLimits
    /// The token endpoint's answer: 5 s, at most 64 KiB (an ID token is read only up to 16 KiB).
    public var tokenLimits: OutboundLimits
    /// A cached discovery document or JWKS lives for its `Cache-Control: max-age`, clamped to
    /// ``minimumCacheLifetime``…``maximumCacheLifetime``, or ``defaultCacheLifetime`` without one.
    public var minimumCacheLifetime: Duration
    /// See ``minimumCacheLifetime``.
    public var maximumCacheLifetime: Duration
    /// See ``minimumCacheLifetime``.
    public var defaultCacheLifetime: Duration
    /// The JWKS is fetched again for a token whose `kid` it does not hold (a rotated key) at most once per this
    /// interval, so that tokens with made-up key ids cannot make Hearth hammer the identity provider. Also how long a
    /// failed fetch waits before the next one while stale keys or metadata stand in.
    public var minimumRefetchInterval: Duration
    /// The same for an ID token, which Hearth receives from the provider's own token endpoint over the connection it
    /// opened, never from a caller: its unknown `kid` means the provider rotated its keys, so the keys are fetched
    /// again at most once per this much shorter interval, and a sign-in right after a rotation does not fail.
    public var idTokenRefetchInterval: Duration
    /// Seconds of clock difference tolerated on `exp`, `nbf` and `iat`.
    public var clockSkewSeconds: Int

    /// Creates settings; every argument has the default documented on its property.
    public init(
        discoveryLimits: OutboundLimits = OutboundLimits(deadline: .seconds(5), maxAnswerBytes: 65_536),
        keysLimits: OutboundLimits = OutboundLimits(deadline: .seconds(5), maxAnswerBytes: 262_144),
        tokenLimits: OutboundLimits = OutboundLimits(deadline: .seconds(5), maxAnswerBytes: 65_536),
        minimumCacheLifetime: Duration = .seconds(300),
        maximumCacheLifetime: Duration = .seconds(86_400),
        defaultCacheLifetime: Duration = .seconds(3_600),
        minimumRefetchInterval: Duration = .seconds(30),
        idTokenRefetchInterval: Duration = .seconds(1),
        clockSkewSeconds: Int = 60
    ) {
        self.discoveryLimits = discoveryLimits
        self.keysLimits = keysLimits
        self.tokenLimits = tokenLimits
        self.minimumCacheLifetime = minimumCacheLifetime
        self.maximumCacheLifetime = maximumCacheLifetime
        self.defaultCacheLifetime = defaultCacheLifetime
        self.minimumRefetchInterval = minimumRefetchInterval
        self.idTokenRefetchInterval = idTokenRefetchInterval
        self.clockSkewSeconds = clockSkewSeconds
    }

    /// How long an answer carrying `cacheControl` is cached: its `max-age` clamped, or the default. `no-store` and
    /// `no-cache` count as `max-age=0` (the minimum): a provider that says so is still asked at most that often.
    package func cacheLifetime(cacheControl: String?) -> Duration {
        guard let cacheControl else { return defaultCacheLifetime }
        var seconds: Int?
        for directive in cacheControl.split(separator: ",") {
            let trimmed = directive.trimmingSpaces.lowercased()
            if trimmed == "no-store" || trimmed == "no-cache" {
                seconds = 0
            } else if trimmed.hasPrefix("max-age="), seconds == nil {
                seconds = Int(trimmed.dropFirst("max-age=".count).trimmingSpaces)
            }
        }
        guard let seconds else { return defaultCacheLifetime }
        return min(max(.seconds(seconds), minimumCacheLifetime), maximumCacheLifetime)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
