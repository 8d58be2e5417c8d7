import HTTPMessages
import HTTPTypes
import JSON

/// The token endpoint's JSON answers (RFC 6749 §5.1, §5.2), every one with `Cache-Control: no-store` and
/// `Pragma: no-cache`.
enum TokenResponse {
    /// RFC 6749 §5.2 error codes, plus `temporarily_unavailable` for Hearth's own failures (never `invalid_grant`).
    enum ErrorCode: String, Sendable {
        case invalidRequest = "invalid_request"
        case invalidClient = "invalid_client"
        case invalidGrant = "invalid_grant"
        case unauthorizedClient = "unauthorized_client"
        case unsupportedGrantType = "unsupported_grant_type"
        case temporarilyUnavailable = "temporarily_unavailable"
    }

    static func success(accessToken: String, expiresIn: Int, refreshToken: String?) -> Response {
        var json = JSONObject()
        json.append("token_type", "Bearer")
        json.append("access_token", .string(accessToken))
        json.append("expires_in", .int(expiresIn))
        if let refreshToken { json.append("refresh_token", .string(refreshToken)) }
        return response(.ok, json)
    }

    /// `invalid_client` is 401 with `WWW-Authenticate: Basic` (RFC 6749 §5.2; RFC 7235 wants the header on every
    /// 401), Hearth's own failures (the registry cannot be reached) 503 `temporarily_unavailable` with
    /// `Retry-After`, the rest 400. RFC 6749 defines `temporarily_unavailable` for the authorization endpoint
    /// (§4.1.2.1), whose redirect cannot carry a 503; at the token endpoint the status says it, and §5.2 lets the
    /// server answer a status other than 400 for errors it does not list.
    static func error(_ code: ErrorCode, _ description: String) -> Response {
        let json = JSONObject([("error", .string(code.rawValue)), ("error_description", .string(description))])
        switch code {
        case .invalidClient:
            return response(.unauthorized, json, extra: [.wwwAuthenticate: #"Basic realm="hearth", charset="UTF-8""#])
        case .temporarilyUnavailable:
            return response(
                .serviceUnavailable,
                json,
                extra: [.retryAfter: String(Response.registryUnavailableRetryAfterSeconds)]
            )
        default:
            return response(.badRequest, json)
        }
    }

    static func methodNotAllowed() -> Response {
        var response = error(.invalidRequest, "use POST")
        response.status = .methodNotAllowed
        response.headerFields[.allow] = "POST"
        return response
    }

    private static func response(
        _ status: HTTPResponse.Status,
        _ json: JSONObject,
        extra: HTTPFields = [:]
    ) -> Response {
        var headerFields: HTTPFields = [
            .contentType: "application/json;charset=UTF-8", .cacheControl: "no-store", .pragma: "no-cache",
        ]
        headerFields.append(contentsOf: extra)
        return Response(status: status, headerFields: headerFields, body: JSONWriter.bytes(.object(json)))
    }
}
