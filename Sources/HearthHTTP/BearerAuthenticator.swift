import Clocks
import Foundation
import HTTPMessages
import HTTPTypes
import Registry

/// Finds the principal (user and OAuth client) behind `Authorization: Bearer <token>`.
///
/// Missing, malformed, unknown, expired and revoked tokens all get the same 401 with
/// `WWW-Authenticate: Bearer` (RFC 6750), so an answer says nothing about which tokens exist. A registry that
/// cannot be asked is a failure of its own (``Failure/registryUnavailable(_:)``): the caller answers it in Google's
/// shape, since the request itself may be fine.
struct BearerAuthenticator: Sendable {
    /// Why no principal was found.
    enum Failure: Error {
        /// The token is missing, malformed, unknown, expired or revoked: answer this 401.
        case refused(HTTPError)
        /// The registry failed while looking the token up.
        case registryUnavailable(any Error)
        /// The token is not Hearth's own and its verdict is not in memory: ask ``ExternalTokenAuthority`` and wait.
        case askProvider(token: String, authority: any ExternalTokenAuthority)
        /// The identity provider could not be asked about the token: answer 503 with `Retry-After`, never 401.
        case providerUnavailable(HTTPError)
    }

    let store: any TokenStore
    /// Wall time, against which token expiry is checked.
    let clock: any HearthClock
    /// The identity provider whose access tokens are accepted too; `nil`: Hearth's own tokens only.
    var external: (any ExternalTokenAuthority)? = nil

    func authenticate(_ request: Request) throws(Failure) -> Principal {
        guard let header = request.headerFields.value(of: .authorization) else {
            throw .refused(
                HTTPError(
                    status: .unauthorized,
                    message: "an Authorization: Bearer token is required",
                    headerFields: [.wwwAuthenticate: "Bearer realm=\"hearth\""]
                )
            )
        }
        let token = Self.bearerToken(header, external: external != nil)
        guard let token else {
            throw .refused(Self.invalid("the Authorization header is not a Bearer token"))
        }
        // Hearth's own tokens are base64url and never hold a dot; a JWT always does, so it skips the registry.
        let mayBeOwn = !(external != nil && token.utf8.contains(UInt8(ascii: ".")))
        if mayBeOwn {
            let user: Principal?
            do {
                user = try store.principal(forToken: token, now: clock.unixTime)
            } catch {
                throw .registryUnavailable(error)
            }
            if let user { return user }
        }
        guard let external else { throw .refused(Self.invalid("the token is unknown, expired or revoked")) }
        guard let verdict = external.cachedVerdict(for: token) else {
            throw .askProvider(token: token, authority: external)
        }
        return try Self.principal(verdict, retryAfterSeconds: external.retryAfterSeconds)
    }

    /// The principal of an external token's verdict, or the refusal to answer.
    static func principal(_ verdict: ExternalTokenVerdict, retryAfterSeconds: Int) throws(Failure) -> Principal {
        switch verdict {
        case .user(let agentUserId):
            return Principal(agentUserId: agentUserId, clientId: nil)
        case .refused:
            throw .refused(invalid("the token is unknown, expired or revoked"))
        case .unavailable:
            throw .providerUnavailable(
                HTTPError(
                    status: .serviceUnavailable,
                    message: "the identity provider cannot be reached to check the token; try again later",
                    headerFields: [.retryAfter: String(retryAfterSeconds)]
                )
            )
        }
    }

    /// The longest identity provider's token read: a JWT access token signed RS256 with a 2048-bit key is 342
    /// characters of signature alone, with its claims commonly 800 to 2,000; 16 KiB is the bound JOSE's
    /// `CompactJWS` puts on a token (the listener's `http.maxHeaderBytes` bounds the whole head anyway).
    static let maxExternalTokenLength = 16_384

    /// The token of a `Bearer` credential (``BearerCredential/token(_:maxLength:)``): at most 512 characters, or
    /// ``maxExternalTokenLength`` when the identity provider's tokens are accepted too.
    static func bearerToken(_ header: String, external: Bool = false) -> String? {
        BearerCredential.token(header, maxLength: external ? maxExternalTokenLength : 512)
    }

    private static func invalid(_ message: String) -> HTTPError {
        HTTPError(
            status: .unauthorized,
            message: message,
            headerFields: [.wwwAuthenticate: "Bearer realm=\"hearth\", error=\"invalid_token\""]
        )
    }
}
