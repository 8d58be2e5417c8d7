import Clocks

/// Sign-in accounts, OAuth authorization codes and the OAuth tokens they turn into: what account linking stores.
///
/// Every method is synchronous, safe from any thread, and one transaction. Secrets are never stored: passwords as
/// PBKDF2 strings, codes and tokens as SHA-256 hashes. Tokens are checked and revoked through ``TokenStore``;
/// wrong passwords are counted through ``AttemptStore``. Implemented by ``SQLRegistry``.
public protocol AccountStore: Sendable {
    /// Creates the sign-in account of a user (the user is created if it has no devices yet). The password is
    /// hashed with PBKDF2 (``PasswordHasher``) before the writer is taken.
    ///
    /// - Throws: ``RegistryError/Code/conflict`` when the login is taken or the user already has an account.
    func addAccount(user agentUserId: String, login: String, password: String, now: UnixTime) throws

    /// Every account, sorted by user; never a hash.
    func accounts() throws -> [Account]

    /// Removes a user's account, revokes all its tokens and spends its unused codes; `false` when the user had
    /// none. The devices stay.
    func removeAccount(user agentUserId: String) throws -> Bool

    /// What checking a sign-in needs for a login, or `nil` when no account has that login.
    func signInRecord(login: String) throws -> SignInRecord?

    /// Stores a new authorization code for `grant` (only its hash) and returns the code: 32 random bytes,
    /// base64url.
    func issueAuthorizationCode(_ grant: AuthorizationGrant, now: UnixTime, ttl: Int) throws -> String

    /// Exchanges a code for tokens, in one write transaction:
    /// - unknown code: ``CodeRedemption/unknown``;
    /// - a code used before: every token issued from it is revoked (RFC 6749 §4.1.2), ``CodeRedemption/replayed``;
    /// - `accept` refuses the stored grant (expired, another client, another redirect URI, PKCE): the code stays
    ///   unused, ``CodeRedemption/refused``;
    /// - otherwise the code is spent and an access token (`accessTTL` seconds) and a refresh token (no expiry) are
    ///   issued to the grant's user and client.
    func redeemAuthorizationCode(
        _ code: String,
        accessTTL: Int,
        now: UnixTime,
        accept: (StoredAuthorizationCode) -> Bool
    ) throws -> CodeRedemption

    /// A new access token for a refresh token of `clientId`, in one write transaction; ``RefreshOutcome/invalid``
    /// when the refresh token is unknown, revoked, of another client, or was rotated more than the grace period
    /// ago. With `rotation` the answer also carries a new refresh token, and the presented one stays valid for
    /// `rotation.graceSeconds` from its first rotation.
    func refreshAccessToken(
        _ refreshToken: String,
        clientId: String,
        accessTTL: Int,
        rotation: RefreshRotation?,
        now: UnixTime
    ) throws -> RefreshOutcome
}

/// A sign-in account as `hearth users list` shows it.
public struct Account: Sendable, Hashable {
    public var agentUserId: String
    public var login: String
    public var created: UnixTime

    public init(agentUserId: String, login: String, created: UnixTime) {
        self.agentUserId = agentUserId
        self.login = login
        self.created = created
    }
}

/// What checking one sign-in needs: the user, the password hash and the wrong-password record.
public struct SignInRecord: Sendable, Hashable {
    public var agentUserId: String
    /// `pbkdf2-sha256$…` (``PasswordHasher``).
    public var passwordHash: String
    public var attempts: LoginAttempts

    public init(agentUserId: String, passwordHash: String, attempts: LoginAttempts) {
        self.agentUserId = agentUserId
        self.passwordHash = passwordHash
        self.attempts = attempts
    }
}

/// Wrong passwords for one login: the same record as a device's wrong PINs (count, window start, lockout end).
public typealias LoginAttempts = PINAttempts

/// What a user approved at the authorization endpoint, bound into the code.
public struct AuthorizationGrant: Sendable, Hashable {
    public var agentUserId: String
    public var clientId: String
    /// The exact `redirect_uri` of the authorization request; the token request must repeat it.
    public var redirectURI: String
    /// The PKCE `code_challenge` (S256), when the request had one.
    public var codeChallenge: String?
    public var scope: String?

    public init(
        agentUserId: String,
        clientId: String,
        redirectURI: String,
        codeChallenge: String? = nil,
        scope: String? = nil
    ) {
        self.agentUserId = agentUserId
        self.clientId = clientId
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.scope = scope
    }
}

/// A stored, unused authorization code as the token endpoint checks it.
public struct StoredAuthorizationCode: Sendable, Hashable {
    public var grant: AuthorizationGrant
    /// Unix seconds; the code is refused from this instant on.
    public var expires: UnixTime

    public init(grant: AuthorizationGrant, expires: UnixTime) {
        self.grant = grant
        self.expires = expires
    }
}

/// Tokens issued at the token endpoint. Only their hashes are stored.
public struct IssuedTokens: Sendable, Hashable {
    public var accessToken: String
    /// Seconds the access token lives.
    public var expiresIn: Int
    /// A new refresh token: always for a code, and for a refresh only when refresh tokens rotate.
    public var refreshToken: String?
    /// Who the tokens speak for.
    public var principal: Principal

    public init(accessToken: String, expiresIn: Int, refreshToken: String?, principal: Principal) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.principal = principal
    }
}

/// How ``AccountStore/redeemAuthorizationCode(_:accessTTL:now:accept:)`` ended.
public enum CodeRedemption: Sendable, Hashable {
    case issued(IssuedTokens)
    case unknown
    /// The code had been used: the tokens issued from it (this many) are revoked.
    case replayed(revoked: Int)
    /// The grant was refused by the caller's check; the code stays unused.
    case refused
}

/// Refresh-token rotation: each refresh returns a new refresh token; the old one works for a grace period.
public struct RefreshRotation: Sendable, Hashable {
    public var graceSeconds: Int

    public init(graceSeconds: Int) {
        self.graceSeconds = graceSeconds
    }
}

/// How ``AccountStore/refreshAccessToken(_:clientId:accessTTL:rotation:now:)`` ended.
public enum RefreshOutcome: Sendable, Hashable {
    case issued(IssuedTokens)
    case invalid
}
