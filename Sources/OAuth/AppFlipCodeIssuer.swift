import Clocks
import Logging
import Registry

/// Mints authorization codes for App Flip (`POST /v1/users/{agentUserId}/authorization-codes`): the manufacturer's
/// app, where the user is already signed in, asks its backend for a code; the backend asks Hearth; the app hands the
/// code to the Google Home app, and Google redeems it at `/oauth/token` like any code (same client, exact redirect
/// URI, PKCE when a challenge was given).
///
/// In Google's App Flip flow the app returns an authorization code to the Google app, which Google then exchanges at
/// the token endpoint; the code is bound to the client and redirect URI as a code from `/oauth/authorize` is.
public struct AppFlipCodeIssuer: Sendable {
    private let store: any AccountStore
    private let clients: [String: OAuthClient]
    private let codeTTLSeconds: Int
    private let clock: any HearthClock
    private let logger: Logger

    /// Creates the issuer for the configured clients; codes live `settings.authorizationCodeTTLSeconds`.
    public init(store: any AccountStore, settings: OAuthSettings, clock: any HearthClock, logger: Logger) {
        self.store = store
        var clients: [String: OAuthClient] = [:]
        for client in settings.clients { clients[client.id] = client }
        self.clients = clients
        self.codeTTLSeconds = settings.authorizationCodeTTLSeconds
        self.clock = clock
        self.logger = logger
    }

    /// Issues a code for `user`, as the authorization endpoint does after the user's consent.
    ///
    /// The caller has checked that the user exists. The client must be configured and `redirectURI` one of its
    /// allowed ones (compared exactly); a `codeChallenge` needs `codeChallengeMethod` `S256` (RFC 7636 §4.3: a
    /// missing method means `plain`, which is refused as at `/oauth/authorize`).
    ///
    /// - Throws: ``AppFlipRefusal``.
    public func issue(
        forUser user: String,
        clientID: String,
        redirectURI: String,
        codeChallenge: String?,
        codeChallengeMethod: String?
    ) throws(AppFlipRefusal) -> AppFlipCode {
        guard let client = clients[clientID] else {
            throw AppFlipRefusal(.unknownClient, "clientID is not a configured OAuth client")
        }
        guard client.allows(redirectURI: redirectURI) else {
            throw AppFlipRefusal(.redirectURINotAllowed, "redirectURI is not one of the client's redirect URIs")
        }
        switch (codeChallenge, codeChallengeMethod) {
        case (nil, nil):
            break
        case (nil, _?):
            throw AppFlipRefusal(.invalidCodeChallenge, "codeChallengeMethod without codeChallenge")
        case (_?, nil), (_?, "plain"?):
            throw AppFlipRefusal(.invalidCodeChallenge, "codeChallengeMethod must be S256; plain is refused")
        case (let challenge?, "S256"?):
            guard PKCE.isWellFormedChallenge(challenge) else {
                throw AppFlipRefusal(.invalidCodeChallenge, "codeChallenge is not a base64url SHA-256 hash")
            }
        case (_?, _?):
            throw AppFlipRefusal(.invalidCodeChallenge, "codeChallengeMethod must be S256")
        }
        let grant = AuthorizationGrant(
            agentUserId: user,
            clientId: clientID,
            redirectURI: redirectURI,
            codeChallenge: codeChallenge
        )
        let code: String
        do {
            code = try store.issueAuthorizationCode(
                grant,
                now: clock.unixTime,
                ttl: codeTTLSeconds
            )
        } catch {
            logger.error("Registry failed while issuing an App Flip code", metadata: ["error": "\(error)"])
            throw AppFlipRefusal(.unavailable, "the registry is unavailable")
        }
        logger.info(
            "Issued an App Flip authorization code",
            metadata: ["agent_user.id": "\(user)", "oauth.client.id": "\(clientID)"]
        )
        return AppFlipCode(code: code, expiresIn: codeTTLSeconds)
    }
}

/// An authorization code minted for App Flip.
public struct AppFlipCode: Sendable, Hashable {
    /// The code (32 random bytes, base64url; the registry keeps its hash).
    public var code: String
    /// Seconds it can be redeemed (`oauth.authorizationCodeTTLSeconds`).
    public var expiresIn: Int

    /// Creates a code.
    public init(code: String, expiresIn: Int) {
        self.code = code
        self.expiresIn = expiresIn
    }
}

/// Why an App Flip code was not issued.
public struct AppFlipRefusal: Error, Sendable, Hashable {
    /// What was wrong.
    public enum Code: String, Sendable, Hashable {
        /// `clientID` is not a configured OAuth client.
        case unknownClient
        /// `redirectURI` is not one of the client's.
        case redirectURINotAllowed
        /// `codeChallenge`/`codeChallengeMethod` are not an S256 challenge.
        case invalidCodeChallenge
        /// The registry failed.
        case unavailable
    }

    /// What was wrong.
    public var code: Code
    /// For the caller's answer.
    public var message: String

    /// Creates a refusal.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
