import HTTPMessages
import HTTPTypes
import JSON

/// A request Hearth refuses before it reaches an intent handler, as a small JSON answer.
public struct HTTPError: Error, Sendable {
    public var status: HTTPResponse.Status
    public var message: String
    /// Extra header fields (`Allow`, `WWW-Authenticate`).
    public var headerFields: HTTPFields

    public init(status: HTTPResponse.Status, message: String, headerFields: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headerFields = headerFields
    }

    /// `{"error": "<short code>", "error_description": "<message>"}`.
    public var response: Response {
        var headerFields: HTTPFields = [.contentType: "application/json"]
        headerFields.append(contentsOf: self.headerFields)
        let body: JSONValue = ["error": .string(Self.code(for: status)), "error_description": .string(message)]
        return Response(status: status, headerFields: headerFields, body: JSONWriter.bytes(body))
    }

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
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
