/// The kinds of value a configuration key takes, with what is checked when one is set.
public enum ConfigKind: Sendable, Hashable {
    /// A string; `mayBeEmpty` when the empty string means "none".
    case string(mayBeEmpty: Bool)
    /// An integer within the range.
    case integer(ClosedRange<Int>)
    /// `true` or `false`.
    case boolean
    /// One of these strings.
    case choice([String])
    /// A number from 0 to 1 (`record.sampleRate`).
    case fraction
    /// `oauth.clients`: an array of `{"id", "redirectURIs", "secretFile"?}` (``OAuthClientConfiguration``).
    case oauthClients
}
