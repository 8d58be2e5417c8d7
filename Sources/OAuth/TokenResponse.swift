import MicroHTTPD

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

    static func success(accessToken: String, expiresIn: Int, refreshToken: String?) -> HTTPResponse {
        var json = #"{"token_type":"Bearer","access_token":"\#(accessToken)","expires_in":\#(expiresIn)"#
        if let refreshToken { json += #","refresh_token":"\#(refreshToken)""# }
        json += "}"
        return response(200, json)
    }

    /// `invalid_client` is 401 with `WWW-Authenticate: Basic` (RFC 6749 §5.2; RFC 7235 wants the header on every
    /// 401), Hearth's own failures 500, the rest 400.
    static func error(_ code: ErrorCode, _ description: String) -> HTTPResponse {
        let json = #"{"error":"\#(code.rawValue)","error_description":"\#(escape(description))"}"#
        switch code {
        case .invalidClient:
            return response(401, json, extra: [("WWW-Authenticate", #"Basic realm="hearth", charset="UTF-8""#)])
        case .temporarilyUnavailable:
            return response(500, json)
        default:
            return response(400, json)
        }
    }

    static func methodNotAllowed() -> HTTPResponse {
        var response = error(.invalidRequest, "use POST")
        response.status = 405
        response.headers.add(name: "Allow", value: "POST")
        return response
    }

    private static func response(_ status: Int, _ json: String, extra: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: HTTPHeaders(
                [
                    ("Content-Type", "application/json;charset=UTF-8"), ("Cache-Control", "no-store"),
                    ("Pragma", "no-cache"),
                ]
                    + extra
            ),
            body: Array(json.utf8)
        )
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
