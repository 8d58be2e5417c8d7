import Clocks
import Foundation
import HTTPMessages
import HTTPTypes
import Registry

/// Finds the principal (user and OAuth client) behind `Authorization: Bearer <token>`.
///
/// Missing, malformed, unknown, expired and revoked tokens all get the same 401 with
/// `WWW-Authenticate: Bearer` (RFC 6750), so an answer says nothing about which tokens exist.
struct BearerAuthenticator: Sendable {
    let store: any TokenStore
    /// Wall time, against which token expiry is checked.
    let clock: any HearthClock

    func authenticate(_ request: Request) throws(HTTPError) -> Principal {
        guard let header = request.headerFields.value(of: .authorization) else {
            throw HTTPError(
                status: .unauthorized,
                message: "an Authorization: Bearer token is required",
                headerFields: [.wwwAuthenticate: "Bearer realm=\"hearth\""]
            )
        }
        let token = Self.bearerToken(header)
        guard let token else {
            throw Self.invalid("the Authorization header is not a Bearer token")
        }
        let user: Principal?
        do {
            user = try store.principal(forToken: token, now: clock.unixTime)
        } catch {
            throw HTTPError(status: .serviceUnavailable, message: "the registry is unavailable")
        }
        guard let user else { throw Self.invalid("the token is unknown, expired or revoked") }
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
