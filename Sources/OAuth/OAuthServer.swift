import Cryptography
import Foundation
import Logging
import MicroHTTPD
import Registry

/// The OAuth 2.0 authorization server of account linking (RFC 6749 authorization-code grant with PKCE):
/// `GET`/`POST /oauth/authorize` and `POST /oauth/token`.
///
/// Handlers run synchronously on the listener's threads; state lives in the registry (``AccountStore``). Nothing
/// secret is logged: not passwords, codes, tokens, client secrets nor CSRF tokens.
public struct OAuthServer: Sendable {
    private let store: any AccountStore
    private let settings: OAuthSettings
    private let clients: [String: OAuthClient]
    private let formToken: SignInFormToken
    private let logger: Logger
    private let clock: @Sendable () -> UnixTime

    /// Verified against when a login is unknown or locked, so a refusal takes as long as a wrong password.
    private static let dummyHash: String? = try? PasswordHasher.hash(password: "hearth-no-such-login")

    /// Creates the server.
    ///
    /// - Parameters:
    ///   - formKey: the HMAC key of sign-in CSRF tokens; by default 32 random bytes drawn now (a restart voids
    ///     sign-in pages still open).
    ///   - clock: wall-clock time (codes, tokens and lockouts are stored in it); tests pass their own.
    public init(
        store: any AccountStore,
        settings: OAuthSettings,
        logger: Logger,
        formKey: [UInt8]? = nil,
        clock: @escaping @Sendable () -> UnixTime = { UnixTime(seconds: Int64(Date().timeIntervalSince1970)) }
    ) throws {
        self.store = store
        self.settings = settings
        var clients: [String: OAuthClient] = [:]
        for client in settings.clients { clients[client.id] = client }
        self.clients = clients
        self.formToken = SignInFormToken(key: try formKey ?? SecureRandom.bytes(count: 32))
        self.logger = logger
        self.clock = clock
        _ = Self.dummyHash
    }

    // MARK: - Authorization endpoint

    /// `GET /oauth/authorize` shows the sign-in page; `POST` (the page's form) signs in and redirects.
    public func authorize(_ request: HTTPRequest) -> HTTPResponse {
        switch request.method {
        case "GET", "HEAD":
            guard let fields = FormFields(request.query ?? "") else {
                return SignInPage.error("The request's parameters are not correctly encoded.")
            }
            return showSignIn(fields)
        case "POST":
            guard Self.isForm(request.headers["Content-Type"]),
                let fields = FormFields(String(decoding: request.body, as: UTF8.self))
            else {
                return SignInPage.error("The sign-in form was not sent as a form.")
            }
            return signIn(fields)
        default:
            var response = SignInPage.error("Use GET or POST.", status: 405)
            response.headers.add(name: "Allow", value: "GET, HEAD, POST")
            return response
        }
    }

    private func showSignIn(_ fields: FormFields) -> HTTPResponse {
        switch AuthorizationRequest.parse(fields, clients: clients) {
        case .failure(let refusal):
            return refused(refusal)
        case .success(let (authorization, _)):
            return page(authorization, message: nil)
        }
    }

    private func page(_ authorization: AuthorizationRequest, message: String?, status: Int = 200) -> HTTPResponse {
        let csrf = formToken.make(for: authorization, now: clock(), ttl: settings.signInFormTTLSeconds)
        return SignInPage.signIn(authorization, csrf: csrf, message: message, status: status)
    }

    private func refused(_ refusal: AuthorizationRequest.Refusal) -> HTTPResponse {
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

    private func signIn(_ fields: FormFields) -> HTTPResponse {
        let authorization: AuthorizationRequest
        switch AuthorizationRequest.parse(fields, clients: clients) {
        case .failure(let refusal): return refused(refusal)
        case .success(let (parsed, _)): authorization = parsed
        }
        let now = clock()
        guard let csrf = fields["csrf_token"], formToken.verify(csrf, for: authorization, now: now) else {
            logger.info(
                "Refused a sign-in form with a bad or expired CSRF token",
                metadata: ["oauth.client.id": "\(authorization.clientId)"]
            )
            return page(
                authorization,
                message: "This sign-in form expired or was not sent by this page. Please sign in again.",
                status: 400
            )
        }
        if fields["decision"] == "deny" {
            logger.info("The user declined account linking", metadata: ["oauth.client.id": "\(authorization.clientId)"])
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
        let user: String?
        do {
            user = try verifySignIn(login: login, password: password, now: now)
        } catch {
            logger.error("Registry failed during a sign-in", metadata: ["error": "\(error)"])
            return SignInPage.error("Hearth cannot sign you in right now. Please try again later.", status: 503)
        }
        guard let user else {
            logger.info("Refused a sign-in", metadata: ["oauth.client.id": "\(authorization.clientId)"])
            return page(
                authorization,
                message: "The login or password is wrong, or this login is locked for a while after too many attempts."
            )
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

    /// The user whose login and password these are, or `nil`. Unknown logins, wrong passwords and locked logins
    /// look alike from outside, in answer and in time (a PBKDF2 verification in every case).
    private func verifySignIn(login: String, password: String, now: UnixTime) throws -> String? {
        guard let record = try store.signInRecord(login: login) else {
            _ = PasswordHasher.verify(password: password, encoded: Self.dummyHash ?? "")
            return nil
        }
        let limits = settings.loginLimits
        if limits.isLocked(record.attempts, now: now) {
            _ = PasswordHasher.verify(password: password, encoded: Self.dummyHash ?? "")
            return nil
        }
        if PasswordHasher.verify(password: password, encoded: record.passwordHash) {
            if !record.attempts.isClean {
                try store.updateLoginAttempts(user: record.agentUserId) { $0 = LoginAttempts() }
            }
            return record.agentUserId
        }
        let locked = try store.updateLoginAttempts(user: record.agentUserId) { attempts -> Bool in
            // Re-checked inside the transaction: a concurrent attempt may have locked it meanwhile.
            guard !limits.isLocked(attempts, now: now) else { return true }
            limits.recordFailure(&attempts, now: now)
            return limits.isLocked(attempts, now: now)
        }
        if locked {
            logger.notice(
                "A login is locked after too many wrong passwords",
                metadata: ["agent_user.id": "\(record.agentUserId)"]
            )
        }
        return nil
    }

    // MARK: - Token endpoint

    /// `POST /oauth/token`: `authorization_code` and `refresh_token` grants.
    public func token(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "POST" else { return TokenResponse.methodNotAllowed() }
        guard Self.isForm(request.headers["Content-Type"]) else {
            return TokenResponse.error(.invalidRequest, "the body must be application/x-www-form-urlencoded")
        }
        guard let fields = FormFields(String(decoding: request.body, as: UTF8.self)) else {
            return TokenResponse.error(.invalidRequest, "the body is not correctly form-encoded")
        }
        let credentials: ClientCredentials
        switch ClientCredentials.read(request, fields) {
        case .failure(.conflicting(let message)): return TokenResponse.error(.invalidRequest, message)
        case .failure(.missing(let message)): return TokenResponse.error(.invalidClient, message)
        case .success(let read): credentials = read
        }
        guard let client = clients[credentials.id], client.secretMatches(credentials.secret) else {
            logger.info(
                "Refused a token request: client authentication failed",
                metadata: ["oauth.client.id": "\(credentials.id)"]
            )
            return TokenResponse.error(.invalidClient, "client authentication failed")
        }
        if let name = fields.duplicated.sorted().first {
            return TokenResponse.error(.invalidRequest, "\(name) was sent more than once")
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

    private func exchangeCode(_ fields: FormFields, client: OAuthClient) throws -> HTTPResponse {
        guard let code = fields["code"] else { return TokenResponse.error(.invalidRequest, "code is missing") }
        guard let redirectURI = fields["redirect_uri"] else {
            return TokenResponse.error(.invalidRequest, "redirect_uri is missing")
        }
        let verifier = fields["code_verifier"]
        if let verifier, !PKCE.isWellFormedVerifier(verifier) {
            return TokenResponse.error(.invalidRequest, "code_verifier must be 43 to 128 unreserved characters")
        }
        let now = clock()
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

    private func refresh(_ fields: FormFields, client: OAuthClient) throws -> HTTPResponse {
        guard let refreshToken = fields["refresh_token"] else {
            return TokenResponse.error(.invalidRequest, "refresh_token is missing")
        }
        let outcome = try store.refreshAccessToken(
            refreshToken,
            clientId: client.id,
            accessTTL: settings.accessTokenTTLSeconds,
            rotation: settings.rotateRefreshTokens
                ? RefreshRotation(graceSeconds: settings.refreshTokenGraceSeconds) : nil,
            now: clock()
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

    private static func redirect(_ location: String) -> HTTPResponse {
        HTTPResponse(
            status: 302,
            headers: HTTPHeaders([
                ("Location", location), ("Cache-Control", "no-store"), ("Pragma", "no-cache"),
                ("Referrer-Policy", "no-referrer"),
            ])
        )
    }

    /// `application/x-www-form-urlencoded`, with or without parameters, any case.
    static func isForm(_ contentType: String?) -> Bool {
        MediaType.matches(contentType, "application/x-www-form-urlencoded")
    }
}
