import Clocks

/// Sign-ins through the manufacturer's identity provider while they are under way, and the revocation of a linked
/// grant (RFC 7009). What is stored here lets a sign-in started at one instance finish at another.
///
/// Two short-lived records, each stored under the SHA-256 hash of a random handle and taken at most once:
/// - a **started sign-in** (``UpstreamSignIn``), under the `state` sent to the identity provider, from the redirect
///   to the provider until its callback;
/// - a **pending consent** (``AuthorizationGrant``), under the handle in Hearth's consent form, from the callback
///   until the user approves.
///
/// Every method is synchronous, safe from any thread, and one transaction. A take is one `DELETE … RETURNING`, so a
/// record is returned once even when several instances of one database take it at the same instant. Expired records
/// are never returned; each take also deletes up to 100 expired records of its kind (``SQLRegistry``'s
/// `upstreamPruneBatch`), so they do not accumulate while sign-ins are finished. Implemented by ``SQLRegistry``
/// (tables `upstream_sign_in` and `pending_consent`, migration "v11: upstream sign-ins"); neither table is copied by
/// `hearth db copy`.
public protocol UpstreamSignInStore: Sendable {
    /// Stores a started sign-in under the hash of `state`.
    ///
    /// - Throws: ``RegistryError/Code/conflict`` when `state` is already stored.
    func beginUpstreamSignIn(state: String, _ signIn: UpstreamSignIn) throws

    /// Removes and returns the started sign-in stored under `state`; `nil` when there is none, it was taken before,
    /// or it expired before `now`.
    func takeUpstreamSignIn(state: String, now: UnixTime) throws -> UpstreamSignIn?

    /// Stores what the user is asked to approve under the hash of `handle`, until `expires`.
    func savePendingConsent(handle: String, grant: AuthorizationGrant, expires: UnixTime) throws

    /// Removes and returns the grant stored under `handle`; `nil` when there is none, it was taken before, or it
    /// expired before `now`.
    func takePendingConsent(handle: String, now: UnixTime) throws -> AuthorizationGrant?

    /// Removes every started sign-in and pending consent that expired by `now`; how many. Takes also remove a few
    /// expired rows each; this is the periodic sweep, so that sign-ins started and never finished (a crawler, an
    /// abandoned browser) leave nothing behind for longer than the sweep's interval.
    func pruneUpstreamSignIns(now: UnixTime) throws -> Int

    /// RFC 7009 revocation, in one transaction. When `token` is an access or refresh token issued to `clientId`,
    /// unlinks its user from that client as DISCONNECT does (``TokenStore/disconnect(user:clientId:)``: the user's
    /// tokens for the client are revoked, its queued HomeGraph work dropped) and logs `user unlinked`.
    func revokeGrant(token: String, clientId: String, now: UnixTime) throws -> GrantRevocation
}

/// A sign-in between Hearth's redirect to the identity provider and the provider's callback.
public struct UpstreamSignIn: Sendable, Hashable {
    /// The authorization request Google made, as checked at `/oauth/authorize`: the client, its exact
    /// `redirect_uri`, its PKCE `code_challenge` and `scope`. Its ``AuthorizationGrant/agentUserId`` is empty until
    /// the provider says who signed in.
    public var request: AuthorizationGrant
    /// Google's `state`, returned to Google unchanged with the code.
    public var clientState: String?
    /// The OpenID Connect `nonce` sent to the provider; the ID token must carry it.
    public var nonce: String
    /// The PKCE `code_verifier` whose S256 challenge was sent to the provider.
    public var codeVerifier: String
    /// The SHA-256 hash (hex) of the cookie set on the browser that started the sign-in; the callback must come
    /// with the same cookie.
    public var browserBinding: String
    /// Unix seconds; the sign-in is refused from this instant on.
    public var expires: UnixTime

    /// Creates a started sign-in.
    public init(
        request: AuthorizationGrant,
        clientState: String?,
        nonce: String,
        codeVerifier: String,
        browserBinding: String,
        expires: UnixTime
    ) {
        self.request = request
        self.clientState = clientState
        self.nonce = nonce
        self.codeVerifier = codeVerifier
        self.browserBinding = browserBinding
        self.expires = expires
    }
}

/// How ``UpstreamSignInStore/revokeGrant(token:clientId:now:)`` ended.
public enum GrantRevocation: Sendable, Hashable {
    /// The token's user was unlinked from the client; this many tokens were revoked.
    case revoked(agentUserId: String, tokens: Int)
    /// No such token, or one already revoked or expired (RFC 7009 §2.2 answers 200 all the same).
    case unknown
    /// The token was issued to another client: nothing is revoked (RFC 7009 §2.1).
    case otherClient
}
