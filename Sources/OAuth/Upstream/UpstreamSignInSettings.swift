/// Sign-in through the manufacturer's identity provider (`oauth.upstream.*`): with these set, `GET /oauth/authorize`
/// sends the browser to the provider instead of showing Hearth's password form, and Hearth's consent page follows
/// the provider's callback.
public struct UpstreamSignInSettings: Sendable {
    /// The identity provider (HearthApp adapts `OpenIDConnect` to it).
    public var provider: any UpstreamIdentityProvider
    /// `oauth.upstream.callbackURL`: the exact redirect URI registered at the provider
    /// (`https://hearth.example.com/oauth/upstream/callback`); never derived from a request's `Host`. An `http:` URL
    /// (a loopback test) drops `Secure` from the sign-in cookie.
    public var callbackURL: String
    /// `oauth.upstream.createUsers` (default `true`): a first sign-in creates the user (`user created` in the change
    /// log) when the user approves; `false`: only users the backend created through `/v1` may link.
    public var createUsers: Bool
    /// How long a started sign-in waits for the provider's callback, in seconds (default 600).
    public var signInTTLSeconds: Int
    /// How long the consent page may wait for the user's answer, in seconds (default 600).
    public var consentTTLSeconds: Int
    /// Whether a provider's user id may be a Hearth user id (HearthApp passes the `/v1` rule, `APIIdentifier`, so
    /// the backend can address every user the provider brings). By default: non-empty, at most 255 bytes, no
    /// control character.
    public var acceptsUser: @Sendable (String) -> Bool
    /// Told of every sign-in's outcome (HearthApp counts them as `hearth_upstream_sign_ins_total`).
    public var record: @Sendable (UpstreamSignInEvent) -> Void

    /// Creates the settings.
    public init(
        provider: any UpstreamIdentityProvider,
        callbackURL: String,
        createUsers: Bool = true,
        signInTTLSeconds: Int = 600,
        consentTTLSeconds: Int = 600,
        acceptsUser: @escaping @Sendable (String) -> Bool = UpstreamSignInSettings.isPlausibleUser,
        record: @escaping @Sendable (UpstreamSignInEvent) -> Void = { _ in }
    ) {
        self.provider = provider
        self.callbackURL = callbackURL
        self.createUsers = createUsers
        self.signInTTLSeconds = signInTTLSeconds
        self.consentTTLSeconds = consentTTLSeconds
        self.acceptsUser = acceptsUser
        self.record = record
    }

    /// Non-empty, at most 255 UTF-8 bytes (OpenID Connect Core §2 bounds `sub` so), no control character.
    @Sendable public static func isPlausibleUser(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 255 && !id.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Whether the sign-in cookie may go without `Secure`: only when the callback itself is plain `http:`.
    var cookieIsSecure: Bool {
        !callbackURL.lowercased().hasPrefix("http://")
    }
}

/// One sign-in's outcome, for metrics: `hearth_upstream_sign_ins_total{outcome, step}`.
public struct UpstreamSignInEvent: Sendable, Hashable {
    /// How far the sign-in got.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Sent to the identity provider.
        case redirected
        /// The user approved; Google got a code.
        case completed
        /// The user (at the provider or on the consent page) declined; Google got `access_denied`.
        case denied
        /// Refused: an unknown, expired or replayed sign-in, another browser's, an ID token or user refused.
        case refused
        /// The provider or the registry could not be asked.
        case failed
    }

    /// The outcome.
    public var outcome: Outcome
    /// Where it ended, from a closed set: `authorize`, `callback`, `consent`, or an ``UpstreamSignInFailure/Step``.
    public var step: String

    /// Creates an event.
    public init(outcome: Outcome, step: String) {
        self.outcome = outcome
        self.step = step
    }
}
