/// What became of one call to HomeGraph, as the outbox needs to know it.
public enum HomeGraphOutcome: Sendable, Hashable {
    /// HomeGraph accepted it (2xx).
    case delivered
    /// Try again later: 429, 5xx, no answer at all, or a token endpoint that is down. `after` is the server's
    /// `Retry-After` when it sent one; otherwise the caller picks its own backoff.
    case retryable(after: Duration?)
    /// 404: Google does not know the agent user, or one of the devices (it has not seen their SYNC yet, which happens
    /// for about 30 s after the first SYNC, or they were removed).
    case notFound
    /// HomeGraph refused the request itself (400 and other 4xx); retrying the same body will not help. Google's
    /// `error.message`, or the status when it sent none.
    case rejected(String)
    /// Still 401/403 after one fresh token, or the token endpoint refused the service account's assertion: the key,
    /// the project or the HomeGraph API setting needs fixing.
    case unauthorized
}
