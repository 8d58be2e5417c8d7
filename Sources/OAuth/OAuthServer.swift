import Clocks
import Cryptography
import Foundation
import HTTPMessages
import HTTPTypes
import Logging
import Registry

/// The OAuth 2.0 authorization server of account linking (RFC 6749 authorization-code grant with PKCE):
/// `GET`/`POST /oauth/authorize` and `POST /oauth/token`; `POST /oauth/revoke` (RFC 7009, ``revoke(_:)``); and, with
/// ``UpstreamSignInSettings``, sign-in through the manufacturer's identity provider: `GET /oauth/upstream/callback`
/// (``upstreamCallback(_:)``) and `POST /oauth/consent` (``consent(_:)``).
///
/// Handlers run on the listener's threads, except the password check of a sign-in: that PBKDF2 (tens of
/// milliseconds of CPU by design) runs on a small bounded worker pool and answers through a ``DeferredResponse``,
/// so sign-in attempts cannot take the listener from `/fulfillment`. Before hashing, each attempt is charged to its
/// client's budget (``AttemptBudget``); a client past it is told to wait, and its password is not checked. State
/// lives in the registry (``AccountStore``), except the used CSRF tokens and the wrong-password records of unknown
/// logins, which are per process and in memory. Nothing secret is logged: not passwords, codes, tokens, client
/// secrets nor CSRF tokens.
public struct OAuthServer: Sendable {
    /// What account linking reads and writes: accounts, codes and tokens, wrong-password records, sign-ins through
    /// the identity provider and revocation, and users (created at a first upstream sign-in).
    public typealias Store = any AccountStore & AttemptStore & UpstreamSignInStore & DeviceAdminStore

    let store: Store
    let settings: OAuthSettings
    let clients: [String: OAuthClient]
    /// Sign-in through the manufacturer's identity provider; `nil`: Hearth's own password form.
    let upstream: UpstreamSignInSettings?
    private let formToken: SignInFormToken
    let logger: Logger
    let clock: any HearthClock
    private let signInBudget: (any AttemptBudget)?
    private let clientSecretBudget: (any AttemptBudget)?
    private let verifyPassword: @Sendable (_ password: String, _ encoded: String) -> Bool
    private let hashing: BoundedWorkQueue
    private let usedFormTokens = UsedFormTokens()
    private let unknownLogins: UnknownLoginAttempts

    /// Verified against when a login is unknown or locked, so a refusal takes as long as a wrong password.
    private static let dummyHash: String? = try? PasswordHasher.hash(password: "hearth-no-such-login")

    /// Creates the server.
    ///
    /// - Parameters:
    ///   - formKey: the HMAC key of sign-in CSRF tokens; by default 32 random bytes drawn now (a restart voids
    ///     sign-in pages still open).
    ///   - clock: wall-clock time (codes, tokens and lockouts are stored in it); tests pass their own.
    ///   - signInBudget: charged once per sign-in attempt before its password is checked; `nil`: no budget.
    ///   - clientSecretBudget: charged for each failed client authentication at the token endpoint, whose 401 is
    ///     then held back once the budget is spent; `nil`: every 401 at once.
    ///   - verifyPassword: the password check (PBKDF2, ``PasswordHasher/verify(password:encoded:)``); tests pass a
    ///     slow one.
    ///   - upstream: sign-in through the manufacturer's identity provider instead of Hearth's password form; `nil`
    ///     (the default): the password form, as without it.
    public init(
        store: Store,
        settings: OAuthSettings,
        logger: Logger,
        formKey: [UInt8]? = nil,
        clock: any HearthClock = SystemClock(),
        signInBudget: (any AttemptBudget)? = nil,
        clientSecretBudget: (any AttemptBudget)? = nil,
        verifyPassword: @escaping @Sendable (_ password: String, _ encoded: String) -> Bool = {
            PasswordHasher.verify(password: $0, encoded: $1)
        },
        upstream: UpstreamSignInSettings? = nil
    ) throws {
        self.store = store
        self.upstream = upstream
        self.settings = settings
        var clients: [String: OAuthClient] = [:]
        for client in settings.clients { clients[client.id] = client }
        self.clients = clients
        self.formToken = SignInFormToken(key: try formKey ?? SecureRandom.bytes(count: 32))
        self.logger = logger
        self.clock = clock
        self.signInBudget = signInBudget
        self.clientSecretBudget = clientSecretBudget
        self.verifyPassword = verifyPassword
        self.hashing = BoundedWorkQueue(workers: settings.signInWorkers, queueLimit: settings.signInQueueLimit)
        self.unknownLogins = UnknownLoginAttempts(lockout: settings.loginLockout)
        _ = Self.dummyHash
    }

    // MARK: - Authorization endpoint

    /// `GET /oauth/authorize` shows the sign-in page; `POST` (the page's form) signs in and redirects. With
    /// ``UpstreamSignInSettings``, `GET` sends the browser to the identity provider instead (the request checked
    /// alike), and the password form is refused.
    public func authorize(_ request: Request) -> Response {
        switch request.method {
        case .get, .head:
            guard let fields = FormFields(request.query ?? "") else {
                return SignInPage.error("The request's parameters are not correctly encoded.")
            }
            if let upstream { return startUpstreamSignIn(fields, upstream: upstream) }
            return showSignIn(fields)
        case .post:
            if upstream != nil {
                logger.info("Refused a password sign-in: sign-in goes through the identity provider")
                return SignInPage.error(
                    "Sign-in goes through your account's own sign-in page. Start again from the Google Home app."
                )
            }
            guard Self.isForm(request.headerFields.value(of: .contentType)),
                let fields = FormFields(String(decoding: request.body, as: UTF8.self))
            else {
                return SignInPage.error("The sign-in form was not sent as a form.")
            }
            return signIn(fields, request: request)
        default:
            var response = SignInPage.error("Use GET or POST.", status: 405)
            response.headerFields[.allow] = "GET, HEAD, POST"
            return response
        }
    }

    private func showSignIn(_ fields: FormFields) -> Response {
        switch AuthorizationRequest.parse(fields, clients: clients) {
        case .failure(let refusal):
            return refused(refusal)
        case .success(let (authorization, _)):
            return page(authorization, message: nil)
        }
    }

    private func page(
        _ authorization: AuthorizationRequest,
        message: String?,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let csrf = formToken.make(for: authorization, now: clock.unixTime, ttl: settings.signInFormTTLSeconds)
        return SignInPage.signIn(authorization, csrf: csrf, message: message, status: status)
    }

    func refused(_ refusal: AuthorizationRequest.Refusal) -> Response {
        switch refusal {
        case .page(let message):
            logger.info("Refused an authorization request without redirecting", metadata: ["reason": "\(message)"])
            return SignInPage.error(message)
        case .redirect(let error, let description, let redirectURI, let state):
            logger.info("Refused an authorization request", metadata: ["oauth.error": "\(error)"])
            return Self.redirect(
                AuthorizationRequest.redirect(
                    redirectURI,
                    [("error", error), ("error_description", description), ("state", state)]
                )
            )
        }
    }

    private func signIn(_ fields: FormFields, request: Request) -> Response {
        let authorization: AuthorizationRequest
        switch AuthorizationRequest.parse(fields, clients: clients) {
        case .failure(let refusal): return refused(refusal)
        case .success(let (parsed, _)): authorization = parsed
        }
        let now = clock.unixTime
        let metadata: Logger.Metadata = ["oauth.client.id": "\(authorization.clientId)"]
        guard let csrf = fields["csrf_token"], let expiry = formToken.verifiedExpiry(csrf, for: authorization, now: now)
        else {
            logger.info("Refused a sign-in form with a bad or expired CSRF token", metadata: metadata)
            return page(
                authorization,
                message: "This sign-in form expired or was not sent by this page. Please sign in again.",
                status: 400
            )
        }
        // Each form works once: a replayed POST (a reloaded page, or a script reusing one token) is refused before
        // anything else, and every page the user sees next carries a fresh token.
        switch usedFormTokens.consume(csrf, expiry: expiry, now: now) {
        case .fresh:
            break
        case .replayed:
            logger.info("Refused a sign-in form sent a second time", metadata: metadata)
            return page(
                authorization,
                message: "This sign-in form was already sent. Please sign in again.",
                status: 400
            )
        case .full:
            logger.warning("Refused a sign-in: too many sign-in forms in use", metadata: metadata)
            return busy(authorization)
        }
        if fields["decision"] == "deny" {
            logger.info("The user declined account linking", metadata: metadata)
            return Self.redirect(
                AuthorizationRequest.redirect(
                    authorization.redirectURI,
                    [("error", "access_denied"), ("state", authorization.state)]
                )
            )
        }
        guard let login = fields["login"], let password = fields["password"] else {
            return page(authorization, message: "Enter your login and password.")
        }
        // Charged before any hashing: a client past its budget is told to wait, and its password is not checked.
        if let signInBudget {
            let delay = signInBudget.charge(signInBudget.client(of: request))
            if delay > .zero {
                logger.info("Held back a sign-in: too many attempts from this client", metadata: metadata)
                var response = page(
                    authorization,
                    message: "Too many sign-in attempts from your network. Wait a minute, then try again.",
                    status: 429
                )
                response.headerFields[.retryAfter] = "60"
                response.delay = delay
                return response
            }
        }
        // No account has a login holding U+0000 (stores cannot keep one), and SQLite would look up the part before
        // it: such a login is wrong without asking the registry.
        if login.utf8.contains(0) {
            logger.info("Refused a sign-in", metadata: metadata)
            return wrongCredentials(authorization)
        }
        let record: SignInRecord?
        do {
            record = try store.signInRecord(login: login)
        } catch {
            logger.error("Registry failed during a sign-in", metadata: ["error": "\(error)"])
            return unavailable()
        }
        // A locked login, known or not, is refused without hashing: both kinds lock alike, so this tells nothing
        // about which logins exist, and a locked login costs no CPU.
        let locked =
            record.map { settings.loginLockout.isLocked($0.attempts, now: now) }
            ?? unknownLogins.isLocked(login, now: now)
        if locked {
            logger.info("Refused a sign-in", metadata: metadata)
            return wrongCredentials(authorization)
        }
        let answer = DeferredResponse()
        let submitted = hashing.submit { [self] in
            answer.complete(finishSignIn(authorization, login: login, password: password, record: record, now: now))
        }
        guard submitted else {
            logger.warning("Refused a sign-in: every password-check worker is busy", metadata: metadata)
            return busy(authorization)
        }
        return .deferred(answer, ifAbandoned: unavailable())
    }

    /// On a hashing worker: checks the password, records the outcome, and answers with a code or the form again.
    private func finishSignIn(
        _ authorization: AuthorizationRequest,
        login: String,
        password: String,
        record: SignInRecord?,
        now: UnixTime
    ) -> Response {
        let user: String?
        do {
            user = try verifySignIn(login: login, password: password, record: record, now: now)
        } catch {
            logger.error("Registry failed during a sign-in", metadata: ["error": "\(error)"])
            return unavailable()
        }
        guard let user else {
            logger.info("Refused a sign-in", metadata: ["oauth.client.id": "\(authorization.clientId)"])
            return wrongCredentials(authorization)
        }
        let grant = AuthorizationGrant(
            agentUserId: user,
            clientId: authorization.clientId,
            redirectURI: authorization.redirectURI,
            codeChallenge: authorization.codeChallenge,
            scope: authorization.scope
        )
        let code: String
        do {
            code = try store.issueAuthorizationCode(grant, now: now, ttl: settings.authorizationCodeTTLSeconds)
        } catch {
            logger.error("Registry failed while issuing an authorization code", metadata: ["error": "\(error)"])
            return Self.redirect(
                AuthorizationRequest.redirect(
                    authorization.redirectURI,
                    [("error", "temporarily_unavailable"), ("state", authorization.state)]
                )
            )
        }
        logger.info(
            "Issued an authorization code",
            metadata: ["agent_user.id": "\(user)", "oauth.client.id": "\(authorization.clientId)"]
        )
        return Self.redirect(
            AuthorizationRequest.redirect(authorization.redirectURI, [("code", code), ("state", authorization.state)])
        )
    }

    private func wrongCredentials(_ authorization: AuthorizationRequest) -> Response {
        page(
            authorization,
            message: "The login or password is wrong, or this login is locked for a while after too many attempts."
        )
    }

    /// The honest answer when the password-check workers are all busy: the form again, 503, try again shortly.
    private func busy(_ authorization: AuthorizationRequest) -> Response {
        var response = page(
            authorization,
            message: "Hearth is busy checking other sign-ins. Please try again in a few seconds.",
            status: 503
        )
        response.headerFields[.retryAfter] = "5"
        return response
    }

    func unavailable() -> Response {
        SignInPage.error("Hearth cannot sign you in right now. Please try again later.", status: 503)
    }

    /// The user whose login and password these are, or `nil`. Unknown logins and wrong passwords look alike from
    /// outside, in answer and in time (a PBKDF2 verification in both cases), and both lock after
    /// ``OAuthSettings/loginLockout`` says (``LockoutPolicy``).
    private func verifySignIn(login: String, password: String, record: SignInRecord?, now: UnixTime) throws -> String? {
        let lockout = settings.loginLockout
        guard let record else {
            _ = verifyPassword(password, Self.dummyHash ?? "")
            if unknownLogins.recordFailure(login, now: now) {
                logger.notice("A login is locked after too many wrong passwords", metadata: ["login.known": "false"])
            }
            return nil
        }
        if verifyPassword(password, record.passwordHash) {
            if !record.attempts.isClean {
                try store.updateLoginAttempts(user: record.agentUserId) { $0 = LoginAttempts() }
            }
            return record.agentUserId
        }
        let locked = try store.updateLoginAttempts(user: record.agentUserId) { attempts -> Bool in
            // Re-checked inside the transaction: a concurrent attempt may have locked it meanwhile.
            guard !lockout.isLocked(attempts, now: now) else { return true }
            return lockout.recordFailure(&attempts, now: now)
        }
        if locked {
            logger.notice(
                "A login is locked after too many wrong passwords",
                metadata: ["agent_user.id": "\(record.agentUserId)", "login.known": "true"]
            )
        }
        return nil
    }

    // MARK: - Token endpoint

    /// A refusal answered before a token or revocation request is looked at.
    struct ClientRefusal: Error {
        let response: Response
    }

    /// The form of a `POST` to the token or revocation endpoint and the client it authenticates (RFC 6749 §2.3.1,
    /// the same rules at both): a form body, Basic or `client_id`/`client_secret` but not both, a known client with
    /// its secret, no parameter twice. `what` names the request in the log line of a failed authentication.
    func authenticatedForm(
        _ request: Request,
        refusing what: String
    ) -> Result<(OAuthClient, FormFields), ClientRefusal> {
        guard request.method == .post else {
            return .failure(ClientRefusal(response: TokenResponse.methodNotAllowed()))
        }
        guard Self.isForm(request.headerFields.value(of: .contentType)) else {
            return .failure(
                ClientRefusal(
                    response: TokenResponse.error(.invalidRequest, "the body must be application/x-www-form-urlencoded")
                )
            )
        }
        guard let fields = FormFields(String(decoding: request.body, as: UTF8.self)) else {
            return .failure(
                ClientRefusal(response: TokenResponse.error(.invalidRequest, "the body is not correctly form-encoded"))
            )
        }
        let credentials: ClientCredentials
        switch ClientCredentials.read(request, fields) {
        case .failure(.conflicting(let message)):
            return .failure(ClientRefusal(response: TokenResponse.error(.invalidRequest, message)))
        case .failure(.missing(let message)):
            return .failure(ClientRefusal(response: clientAuthenticationFailed(request, message)))
        case .success(let read): credentials = read
        }
        guard let client = clients[credentials.id], client.secretMatches(credentials.secret) else {
            logger.info(
                "Refused \(what): client authentication failed",
                metadata: ["oauth.client.id": "\(credentials.id)"]
            )
            return .failure(
                ClientRefusal(response: clientAuthenticationFailed(request, "client authentication failed"))
            )
        }
        if let name = fields.duplicated.sorted().first {
            return .failure(
                ClientRefusal(response: TokenResponse.error(.invalidRequest, "\(name) was sent more than once"))
            )
        }
        return .success((client, fields))
    }

    /// `POST /oauth/token`: `authorization_code` and `refresh_token` grants.
    public func token(_ request: Request) -> Response {
        let client: OAuthClient
        let fields: FormFields
        switch authenticatedForm(request, refusing: "a token request") {
        case .failure(let refusal): return refusal.response
        case .success(let (authenticated, form)): (client, fields) = (authenticated, form)
        }
        guard let grantType = fields["grant_type"] else {
            return TokenResponse.error(.invalidRequest, "grant_type is missing")
        }
        do {
            switch grantType {
            case "authorization_code": return try exchangeCode(fields, client: client)
            case "refresh_token": return try refresh(fields, client: client)
            default:
                return TokenResponse.error(
                    .unsupportedGrantType,
                    "grant_type must be authorization_code or refresh_token"
                )
            }
        } catch {
            logger.error(
                "Registry failed at the token endpoint",
                metadata: ["error": "\(error)", "oauth.client.id": "\(client.id)"]
            )
            return TokenResponse.error(.temporarilyUnavailable, "Hearth cannot issue tokens right now; try again later")
        }
    }

    /// `invalid_client` (401), held back once the client has spent its budget of failures: the same answer, later,
    /// so guessing secrets is slowed as bad bearer tokens are. A correct secret is never slowed.
    func clientAuthenticationFailed(_ request: Request, _ message: String) -> Response {
        var response = TokenResponse.error(.invalidClient, message)
        if let clientSecretBudget {
            response.delay = clientSecretBudget.charge(clientSecretBudget.client(of: request))
        }
        return response
    }

    private func exchangeCode(_ fields: FormFields, client: OAuthClient) throws -> Response {
        guard let code = fields["code"] else { return TokenResponse.error(.invalidRequest, "code is missing") }
        guard let redirectURI = fields["redirect_uri"] else {
            return TokenResponse.error(.invalidRequest, "redirect_uri is missing")
        }
        let verifier = fields["code_verifier"]
        if let verifier, !PKCE.isWellFormedVerifier(verifier) {
            return TokenResponse.error(.invalidRequest, "code_verifier must be 43 to 128 unreserved characters")
        }
        let now = clock.unixTime
        let outcome = try store.redeemAuthorizationCode(code, accessTTL: settings.accessTokenTTLSeconds, now: now) {
            stored in
            guard stored.grant.clientId == client.id, now < stored.expires,
                Array(stored.grant.redirectURI.utf8) == Array(redirectURI.utf8)
            else { return false }
            switch (stored.grant.codeChallenge, verifier) {
            case (nil, nil): return true
            case (let challenge?, let verifier?):
                let computed = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
                return constantTimeEquals(Array(computed.utf8), Array(challenge.utf8))
            default: return false
            }
        }
        let metadata: Logger.Metadata = ["oauth.client.id": "\(client.id)"]
        switch outcome {
        case .issued(let tokens):
            logger.info(
                "Exchanged an authorization code for tokens",
                metadata: metadata.merging(["agent_user.id": "\(tokens.principal.agentUserId)"]) { $1 }
            )
            return TokenResponse.success(
                accessToken: tokens.accessToken,
                expiresIn: tokens.expiresIn,
                refreshToken: tokens.refreshToken
            )
        case .replayed(let revoked):
            logger.warning(
                "An authorization code was used twice; the tokens issued from it are revoked",
                metadata: metadata.merging(["tokens.revoked": "\(revoked)"]) { $1 }
            )
            return TokenResponse.error(.invalidGrant, "the authorization code was already used")
        case .unknown, .refused:
            logger.info("Refused an authorization code", metadata: metadata)
            return TokenResponse.error(
                .invalidGrant,
                "the authorization code is invalid, expired, or was issued for another client, redirect URI or "
                    + "code verifier"
            )
        }
    }

    private func refresh(_ fields: FormFields, client: OAuthClient) throws -> Response {
        guard let refreshToken = fields["refresh_token"] else {
            return TokenResponse.error(.invalidRequest, "refresh_token is missing")
        }
        let outcome = try store.refreshAccessToken(
            refreshToken,
            clientId: client.id,
            accessTTL: settings.accessTokenTTLSeconds,
            rotation: settings.rotateRefreshTokens
                ? RefreshRotation(graceSeconds: settings.refreshTokenGraceSeconds) : nil,
            now: clock.unixTime
        )
        switch outcome {
        case .issued(let tokens):
            logger.debug(
                "Refreshed an access token",
                metadata: ["oauth.client.id": "\(client.id)", "agent_user.id": "\(tokens.principal.agentUserId)"]
            )
            return TokenResponse.success(
                accessToken: tokens.accessToken,
                expiresIn: tokens.expiresIn,
                refreshToken: tokens.refreshToken
            )
        case .invalid:
            logger.info("Refused a refresh token", metadata: ["oauth.client.id": "\(client.id)"])
            return TokenResponse.error(.invalidGrant, "the refresh token is invalid, revoked or of another client")
        }
    }

    // MARK: - Helpers

    static func redirect(_ location: String) -> Response {
        Response(
            status: .found,
            headerFields: [
                .location: location, .cacheControl: "no-store", .pragma: "no-cache", .referrerPolicy: "no-referrer",
            ]
        )
    }

    /// `application/x-www-form-urlencoded`, with or without parameters, any case.
    static func isForm(_ contentType: String?) -> Bool {
        MediaType.matches(contentType, "application/x-www-form-urlencoded")
    }
}
