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
    }

    let store: any TokenStore
    /// Wall time, against which token expiry is checked.
    let clock: any HearthClock

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
        let token = Self.bearerToken(header)
        guard let token else {
            throw .refused(Self.invalid("the Authorization header is not a Bearer token"))
        }
        let user: Principal?
        do {
            user = try store.principal(forToken: token, now: clock.unixTime)
        } catch {
            throw .registryUnavailable(error)
        }
        guard let user else { throw .refused(Self.invalid("the token is unknown, expired or revoked")) }
        return user
    }

    /// The token of a `Bearer` credential (``BearerCredential/token(_:)``).
    static func bearerToken(_ header: String) -> String? {
        BearerCredential.token(header)
    }

    private static func invalid(_ message: String) -> HTTPError {
        HTTPError(
            status: .unauthorized,
            message: message,
            headerFields: [.wwwAuthenticate: "Bearer realm=\"hearth\", error=\"invalid_token\""]
        )
    }
}
