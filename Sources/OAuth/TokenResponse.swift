import HTTPMessages
import HTTPTypes

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
        var json = #"{"token_type":"Bearer","access_token":"\#(accessToken)","expires_in":\#(expiresIn)"#
        if let refreshToken { json += #","refresh_token":"\#(refreshToken)""# }
        json += "}"
        return response(.ok, json)
    }

    /// `invalid_client` is 401 with `WWW-Authenticate: Basic` (RFC 6749 §5.2; RFC 7235 wants the header on every
    /// 401), Hearth's own failures 500, the rest 400.
    static func error(_ code: ErrorCode, _ description: String) -> Response {
        let json = #"{"error":"\#(code.rawValue)","error_description":"\#(escape(description))"}"#
        switch code {
        case .invalidClient:
            return response(.unauthorized, json, extra: [.wwwAuthenticate: #"Basic realm="hearth", charset="UTF-8""#])
        case .temporarilyUnavailable:
            return response(.internalServerError, json)
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

    private static func response(_ status: HTTPResponse.Status, _ json: String, extra: HTTPFields = [:]) -> Response {
        var headerFields: HTTPFields = [
            .contentType: "application/json;charset=UTF-8", .cacheControl: "no-store", .pragma: "no-cache",
        ]
        headerFields.append(contentsOf: extra)
        return Response(status: status, headerFields: headerFields, body: Array(json.utf8))
    }

    /// JSON string escaping for descriptions (tokens are base64url and need none).
    private static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
