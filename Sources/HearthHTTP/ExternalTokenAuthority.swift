/// The manufacturer's identity provider, as `/fulfillment` asks it about bearer tokens that are not Hearth's own
/// (`auth.externalTokens.*`: Google linked straight to the provider).
///
/// Only a token the registry does not know reaches it. A verdict from memory (a key already fetched, a token
/// already checked) comes from ``cachedVerdict(for:)`` on the listener's thread; anything that needs the provider
/// goes through ``verdict(for:)`` while the request waits as a deferred response, holding no thread.
public protocol ExternalTokenAuthority: Sendable {
    /// The verdict from memory alone, or `nil` when the provider must be asked. Never does I/O.
    func cachedVerdict(for token: String) -> ExternalTokenVerdict?

    /// The verdict, asking the provider when needed (its keys, or its introspection endpoint).
    func verdict(for token: String) async -> ExternalTokenVerdict

    /// The `Retry-After` of the 503 answered while the provider cannot be asked.
    var retryAfterSeconds: Int { get }
}

/// What the identity provider says of a token.
public enum ExternalTokenVerdict: Sendable, Hashable {
    /// The token is valid and speaks for this user (its configured claim's value).
    case user(String)
    /// The token is not valid (expired, for another audience, badly signed …); `reason` is the metrics label.
    case refused(reason: String)
    /// The provider could not be asked: not the token's fault, so never a 401 (Google would refresh, then unlink).
    case unavailable(reason: String)
}
