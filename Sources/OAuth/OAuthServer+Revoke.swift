import Clocks
import HTTPMessages
import HTTPTypes
import Logging
import Registry

// `POST /oauth/revoke`: token revocation (RFC 7009), which Google calls when a user unlinks.
extension OAuthServer {
    /// The longest `token` looked up: Hearth's tokens are 43 characters; anything longer is no token of Hearth's
    /// and is answered as an unknown one, without a registry lookup.
    static let maximumRevokedTokenLength = 1024

    /// `POST /oauth/revoke` (RFC 7009 §2.1): the client authenticates as at the token endpoint (HTTP Basic or
    /// `client_id`/`client_secret`, failures held back by the same budget), and sends `token` with an optional
    /// `token_type_hint`. An access or refresh token of that client unlinks its user from the client, as DISCONNECT
    /// does (the registry logs `user unlinked`).
    ///
    /// Answers: 200 with an empty body when the token was revoked and also when it is unknown, expired or already
    /// revoked (§2.2: "The authorization server responds with HTTP status code 200 if the token has been revoked
    /// successfully or if the client submitted an invalid token"); 400 `invalid_request` without `token`; 401
    /// `invalid_client` as at `/oauth/token`; 503 `temporarily_unavailable` with `Retry-After` when the registry
    /// fails (§2.2.1: the client "may assume the token was not revoked and should retry later").
    ///
    /// `token_type_hint` is read and ignored: §2.1 lets the server search all its tokens ("If the server is unable
    /// to locate the token using the given hint, it MUST extend its search across all of its supported token
    /// types"), and Hearth looks both kinds up at once.
    ///
    /// A token issued to another client is refused with 400 `invalid_grant`. §2.1: "The authorization server first
    /// validates the client credentials ... and then verifies whether the token was issued to the client making the
    /// revocation request. If this validation fails, the request is refused and the client is informed of the error
    /// by the authorization server as described below." §2.2.1 answers with RFC 6749 §5.2's codes, and
    /// `invalid_grant` is the one for a grant that "was issued to another client".
    public func revoke(_ request: Request) -> Response {
        let client: OAuthClient
        let fields: FormFields
        switch authenticatedForm(request, refusing: "a revocation") {
        case .failure(let refusal): return refusal.response
        case .success(let (authenticated, form)): (client, fields) = (authenticated, form)
        }
        guard let token = fields["token"] else {
            return TokenResponse.error(.invalidRequest, "token is missing")
        }
        let metadata: Logger.Metadata = ["oauth.client.id": "\(client.id)"]
        guard token.utf8.count <= Self.maximumRevokedTokenLength, !token.utf8.contains(0) else {
            logger.debug("A revocation named no token of Hearth's", metadata: metadata)
            return Self.revoked()
        }
        let outcome: GrantRevocation
        do {
            outcome = try store.revokeGrant(token: token, clientId: client.id, now: clock.unixTime)
        } catch {
            logger.error(
                "Registry failed during a revocation",
                metadata: metadata.merging(["error": "\(error)"]) { $1 }
            )
            return TokenResponse.error(
                .temporarilyUnavailable,
                "Hearth cannot revoke tokens right now; try again later"
            )
        }
        switch outcome {
        case .revoked(let user, let tokens):
            logger.info(
                "Revoked a grant",
                metadata: metadata.merging(["agent_user.id": "\(user)", "tokens.revoked": "\(tokens)"]) { $1 }
            )
            return Self.revoked()
        case .unknown:
            logger.debug("A revocation named an unknown, expired or revoked token", metadata: metadata)
            return Self.revoked()
        case .otherClient:
            logger.warning("Refused a revocation of another client's token", metadata: metadata)
            return TokenResponse.error(.invalidGrant, "the token was issued to another client")
        }
    }

    /// 200, empty, not to be cached.
    private static func revoked() -> Response {
        Response(status: .ok, headerFields: [.cacheControl: "no-store", .pragma: "no-cache"])
    }
}
