import JSON
import MicroHTTPD

/// A request Hearth refuses before it reaches an intent handler, as a small JSON answer.
public struct HTTPError: Error, Sendable {
    public var status: Int
    public var message: String
    /// Extra headers (`Allow`, `WWW-Authenticate`).
    public var headers: [(String, String)]

    public init(status: Int, message: String, headers: [(String, String)] = []) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// `{"error": "<short code>", "error_description": "<message>"}`.
    public var response: HTTPResponse {
        var headers = HTTPHeaders([("Content-Type", "application/json")])
        for (name, value) in self.headers { headers.add(name: name, value: value) }
        let body: JSONValue = ["error": .string(Self.code(for: status)), "error_description": .string(message)]
        return HTTPResponse(status: status, headers: headers, body: JSONWriter.bytes(body))
    }

    private static func code(for status: Int) -> String {
        switch status {
        case 400: return "bad_request"
        case 401: return "invalid_token"
        case 404: return "not_found"
        case 405: return "method_not_allowed"
        case 413: return "payload_too_large"
        case 415: return "unsupported_media_type"
        case 503: return "unavailable"
        default: return "error"
        }
    }
}
