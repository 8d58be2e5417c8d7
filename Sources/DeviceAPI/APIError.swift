import HTTPMessages
import HTTPTypes
import JSON

/// A refusal on `/v1`, in the one error shape every route answers with:
/// `{"error": "<code>", "message": "…", "details": [{"path": "/clusters/OnOff/OnOff", "message": "…"}]}`
/// (`details` only when there are some), `Content-Type: application/json`.
public struct APIError: Error, Sendable, Hashable {
    /// What kind of refusal; the raw value is the `error` member, and each code has one HTTP status.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// 400: the body is not JSON (or not a JSON object).
        case malformedJSON
        /// 400: a user or device id outside the documented set (``APIIdentifier``).
        case invalidId
        /// 401: no API key, or one that is unknown or revoked.
        case unauthorized
        /// 404: no such route, user or device.
        case notFound
        /// 405: the route exists, the method does not (`Allow` lists the ones that do).
        case methodNotAllowed
        /// 409: the request conflicts with the registry's state.
        case conflict
        /// 412: `If-Match` names another version than the stored one.
        case preconditionFailed
        /// 413: the body or batch is too large.
        case payloadTooLarge
        /// 415: the body is not `application/json`.
        case unsupportedMediaType
        /// 422: valid JSON that is not a valid request (unknown fields, wrong types, out-of-range values).
        case invalid
        /// 503: the registry is unavailable (the database restarts or fails over); try again after `Retry-After`.
        case unavailable

        /// The HTTP status that goes with the code.
        public var status: HTTPResponse.Status {
            switch self {
            case .malformedJSON, .invalidId: .badRequest
            case .unauthorized: .unauthorized
            case .notFound: .notFound
            case .methodNotAllowed: .methodNotAllowed
            case .conflict: .conflict
            case .preconditionFailed: .preconditionFailed
            case .payloadTooLarge: .contentTooLarge
            case .unsupportedMediaType: .unsupportedMediaType
            case .invalid: .unprocessableContent
            case .unavailable: .serviceUnavailable
            }
        }
    }

    /// One mistake in the body: a JSON Pointer (RFC 6901) to the member, and what is wrong with it.
    public struct Detail: Sendable, Hashable {
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    public var code: Code
    public var message: String
    public var details: [Detail]
    /// Extra header fields (`Allow`, `WWW-Authenticate`).
    public var headerFields: HTTPFields

    public init(_ code: Code, _ message: String, details: [Detail] = [], headerFields: HTTPFields = [:]) {
        self.code = code
        self.message = message
        self.details = details
        self.headerFields = headerFields
    }

    /// The error as the JSON object the body holds.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.append("error", .string(code.rawValue))
        object.append("message", .string(message))
        if !details.isEmpty {
            object.append(
                "details",
                .array(
                    details.map { detail in
                        .object(JSONObject([("path", .string(detail.path)), ("message", .string(detail.message))]))
                    }
                )
            )
        }
        return object
    }

    /// The HTTP answer.
    public var response: Response {
        var fields = headerFields
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        if code == .unavailable, fields[.retryAfter] == nil {
            fields[.retryAfter] = String(Response.registryUnavailableRetryAfterSeconds)
        }
        return Response(status: code.status, headerFields: fields, body: JSONWriter.bytes(.object(jsonObject)))
    }
}
