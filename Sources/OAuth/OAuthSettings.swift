import Registry

/// The authorization server's settings (config keys under `oauth.`).
public struct OAuthSettings: Sendable {
    /// `oauth.clients`, with their secrets resolved.
    public var clients: [OAuthClient]
    /// `oauth.accessTokenTTLSeconds`: access token lifetime (default 3600).
    public var accessTokenTTLSeconds: Int
    /// `oauth.rotateRefreshTokens`: a refresh also returns a new refresh token (default `false`, as Google advises).
    public var rotateRefreshTokens: Bool
    /// `oauth.refreshTokenGraceSeconds`: how long a rotated refresh token keeps working (default 300).
    public var refreshTokenGraceSeconds: Int
    /// `oauth.authorizationCodeTTLSeconds`: how long a code can be exchanged (default 600, at most 600).
    public var authorizationCodeTTLSeconds: Int
    /// `oauth.signInFormTTLSeconds`: how long a sign-in page's CSRF token is accepted (default 900).
    public var signInFormTTLSeconds: Int
    /// `oauth.maxLoginAttempts` (default 5), `oauth.loginAttemptWindowSeconds` (default 900),
    /// `oauth.loginLockoutSeconds` (default 300): how many wrong passwords lock a login, and for how long.
    public var loginLockout: LockoutPolicy
    /// `oauth.signInWorkers`: password checks that may run at once, off the listener's threads (default 1).
    public var signInWorkers: Int
    /// `oauth.signInQueueLimit`: password checks that may wait for a worker; beyond, "busy, try again" (default 8).
    public var signInQueueLimit: Int
    /// `oauth.signInBurst`: sign-in attempts a client may make at once before its answers are held back and its
    /// passwords no longer checked until the budget refills (default 10).
    public var signInBurst: Int
    /// `oauth.signInPerMinute`: how fast the sign-in budget refills, per minute (default 10).
    public var signInPerMinute: Int

    /// Creates settings; the defaults are Hearth's configuration defaults.
    public init(
        clients: [OAuthClient] = [],
        accessTokenTTLSeconds: Int = 3600,
        rotateRefreshTokens: Bool = false,
        refreshTokenGraceSeconds: Int = 300,
        authorizationCodeTTLSeconds: Int = 600,
        signInFormTTLSeconds: Int = 900,
        loginLockout: LockoutPolicy = .loginDefaults,
        signInWorkers: Int = 1,
        signInQueueLimit: Int = 8,
        signInBurst: Int = 10,
        signInPerMinute: Int = 10
    ) {
        self.clients = clients
        self.accessTokenTTLSeconds = accessTokenTTLSeconds
        self.rotateRefreshTokens = rotateRefreshTokens
        self.refreshTokenGraceSeconds = refreshTokenGraceSeconds
        self.authorizationCodeTTLSeconds = authorizationCodeTTLSeconds
        self.signInFormTTLSeconds = signInFormTTLSeconds
        self.loginLockout = loginLockout
        self.signInWorkers = signInWorkers
        self.signInQueueLimit = signInQueueLimit
        self.signInBurst = signInBurst
        self.signInPerMinute = signInPerMinute
    }
}
