import Foundation
import MicroHTTPD
import Registry

/// Finds the user behind `Authorization: Bearer <token>`.
///
/// Missing, malformed, unknown, expired and revoked tokens all get the same 401 with
/// `WWW-Authenticate: Bearer` (RFC 6750), so an answer says nothing about which tokens exist.
struct BearerAuthenticator: Sendable {
    let store: any DeviceStore

    func authenticate(_ request: HTTPRequest) throws(HTTPError) -> String {
        guard let header = request.headers["Authorization"] else {
            throw HTTPError(
                status: 401,
                message: "an Authorization: Bearer token is required",
                headers: [("WWW-Authenticate", "Bearer realm=\"hearth\"")]
            )
        }
        let token = Self.bearerToken(header)
        guard let token else {
            throw Self.invalid("the Authorization header is not a Bearer token")
        }
        let user: String?
        do {
            user = try store.authenticate(token: token, now: UnixTime(seconds: Int64(Date().timeIntervalSince1970)))
        } catch {
            throw HTTPError(status: 503, message: "the registry is unavailable")
        }
        guard let user else { throw Self.invalid("the token is unknown, expired or revoked") }
        return user
    }

    /// The token of a `Bearer` credential; the scheme is case-insensitive (RFC 7235).
    static func bearerToken(_ header: String) -> String? {
        let utf8 = header.utf8
        guard utf8.count > 7 else { return nil }
        let scheme = header.prefix(7)
        guard scheme.lowercased() == "bearer " else { return nil }
        let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.utf8.count <= 512, !token.contains(" ") else { return nil }
        return token
    }

    private static func invalid(_ message: String) -> HTTPError {
        HTTPError(
            status: 401,
            message: message,
            headers: [("WWW-Authenticate", "Bearer realm=\"hearth\", error=\"invalid_token\"")]
        )
    }
}
