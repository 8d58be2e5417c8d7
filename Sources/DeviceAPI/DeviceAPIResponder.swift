import Clocks
import HTTPMessages
import HTTPTypes
import JSON
import Logging
import MatterModel
import OAuth
import Registry

/// The device backend's API under `/v1`: users, devices, state and events, the change stream (handed to
/// `changes`), and `GET /v1/openapi.json`. Every request needs `Authorization: Bearer <API key>`
/// (``APIKeyStore``); an OAuth or development token is not a key and gets 401, like any unknown key.
///
/// Routes (the Device backend API reference article documents each with a curl example):
/// - `PUT`/`DELETE /v1/users/{agentUserId}`
/// - `GET /v1/users/{u}/devices`
/// - `GET`/`PUT`/`PATCH`/`DELETE /v1/users/{u}/devices/{deviceId}`
/// - `PATCH /v1/users/{u}/devices/{d}/state`, `POST /v1/state` (a batch)
/// - `POST /v1/users/{u}/devices/{d}/events`
/// - `POST /v1/users/{u}/authorization-codes` (App Flip, ``appFlip``)
/// - `GET /v1/changes` (``changes``), `GET /v1/openapi.json`
///
/// Every refusal is an ``APIError``. Every write is one store transaction (``DeviceAdminStore``).
public struct DeviceAPIResponder: HTTPResponder {
    /// What the routes read and write.
    public typealias Store = any DeviceStore & DeviceAdminStore & APIKeyStore & OutboxStore

    let store: Store
    let changes: (any HTTPResponder)?
    let authFailureDelay: (@Sendable (Request) -> Duration)?
    let appFlip: AppFlipCodeIssuer?
    let clock: any HearthClock
    let logger: Logger

    /// The most changes one `POST /v1/state` may carry (more answers 413). Ten thousand typical changes are about
    /// 0.8 MB of JSON, within the listener's default `http.maxBodyBytes` (1 MiB), which bounds every body.
    public static let maximumBatch = 10_000

    /// Creates the routes.
    ///
    /// - Parameters:
    ///   - store: The registry.
    ///   - changes: Answers `/v1/changes` once the key is checked; `nil` answers 404 there.
    ///   - authFailureDelay: How long to hold back a 401 from this client (the bad-token throttle `/fulfillment`
    ///     uses); `nil` answers at once.
    ///   - appFlip: Mints the codes of `POST /v1/users/{u}/authorization-codes` (App Flip); `nil` (no OAuth
    ///     client configured) answers 404 there.
    ///   - clock: Wall time for the keys' `lastUsed`.
    ///   - logger: Where refusals and registry failures are logged.
    public init(
        store: Store,
        changes: (any HTTPResponder)? = nil,
        authFailureDelay: (@Sendable (Request) -> Duration)? = nil,
        appFlip: AppFlipCodeIssuer? = nil,
        clock: any HearthClock = SystemClock(),
        logger: Logger
    ) {
        self.store = store
        self.changes = changes
        self.authFailureDelay = authFailureDelay
        self.appFlip = appFlip
        self.clock = clock
        self.logger = logger
    }

    public func respond(to request: Request) -> Response {
        do throws(APIError) {
            try authenticate(request)
        } catch {
            logger.debug("Refused a device API request", metadata: ["http.status": "\(error.code.status.code)"])
            var response = error.response
            if let authFailureDelay { response.delay = authFailureDelay(request) }
            return response
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        // "", "v1", …
        guard segments.count >= 3, segments[0].isEmpty, segments[1] == "v1" else {
            return APIError(.notFound, "no such endpoint").response
        }
        let route = Array(segments[2...])
        if route == ["changes"] {
            guard let changes else { return APIError(.notFound, "the change stream is not available").response }
            return changes.respond(to: request)
        }
        do throws(APIError) {
            return try self.route(request, route)
        } catch {
            return error.response
        }
    }

    private func route(_ request: Request, _ route: [Substring]) throws(APIError) -> Response {
        switch route.count {
        case 1 where route[0] == "openapi.json":
            try Self.allow(request, [.get, .head])
            return Response(
                status: .ok,
                headerFields: [.contentType: "application/json"],
                body: Array(OpenAPIDocument.json.utf8)
            )
        case 1 where route[0] == "state":
            try Self.allow(request, [.post])
            return try postStateBatch(request)
        case 2 where route[0] == "users":
            let user = try APIIdentifier.checkSegment(route[1], "agentUserId")
            try Self.allow(request, [.put, .delete])
            return request.method == .put ? try putUser(user) : try deleteUser(user)
        case 3 where route[0] == "users" && route[2] == "authorization-codes":
            let user = try APIIdentifier.checkSegment(route[1], "agentUserId")
            try Self.allow(request, [.post])
            return try postAuthorizationCode(request, user: user)
        case 3 where route[0] == "users" && route[2] == "devices":
            let user = try APIIdentifier.checkSegment(route[1], "agentUserId")
            try Self.allow(request, [.get, .head])
            return try listDevices(user)
        case 4 where route[0] == "users" && route[2] == "devices":
            let user = try APIIdentifier.checkSegment(route[1], "agentUserId")
            let device = try APIIdentifier.checkSegment(route[3], "deviceId")
            try Self.allow(request, [.get, .head, .put, .patch, .delete])
            switch request.method {
            case .put: return try putDevice(request, user: user, id: device)
            case .patch: return try patchDevice(request, user: user, id: device)
            case .delete: return try deleteDevice(request, user: user, id: device)
            default: return try getDevice(user: user, id: device)
            }
        case 5 where route[0] == "users" && route[2] == "devices" && route[4] == "state":
            let user = try APIIdentifier.checkSegment(route[1], "agentUserId")
            let device = try APIIdentifier.checkSegment(route[3], "deviceId")
            try Self.allow(request, [.patch])
            return try patchState(request, user: user, id: device)
        case 5 where route[0] == "users" && route[2] == "devices" && route[4] == "events":
            let user = try APIIdentifier.checkSegment(route[1], "agentUserId")
            let device = try APIIdentifier.checkSegment(route[3], "deviceId")
            try Self.allow(request, [.post])
            return try postEvent(request, user: user, id: device)
        default:
            throw APIError(.notFound, "no such endpoint")
        }
    }

    // MARK: - Authentication

    private func authenticate(_ request: Request) throws(APIError) {
        guard let header = request.headerFields[.authorization] else {
            throw Self.unauthorized("an Authorization: Bearer API key is required (`hearth apikeys create`)")
        }
        guard let key = BearerCredential.token(header) else {
            throw Self.unauthorized("the Authorization header is not a Bearer credential")
        }
        let name: String?
        do {
            name = try store.apiKey(forKey: key, now: clock.unixTime)
        } catch {
            logger.warning("API key check failed", metadata: ["error": "\(error)"])
            throw APIError(.unavailable, "the registry is unavailable")
        }
        guard name != nil else { throw Self.unauthorized("the API key is unknown or revoked") }
    }

    private static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, message, headerFields: [.wwwAuthenticate: "Bearer realm=\"hearth-api\""])
    }

    // MARK: - Shared helpers

    /// Refuses a method not in `methods` with 405 and `Allow`.
    static func allow(_ request: Request, _ methods: [HTTPRequest.Method]) throws(APIError) {
        guard !methods.contains(request.method) else { return }
        let allowed = methods.map(\.rawValue).joined(separator: ", ")
        throw APIError(.methodNotAllowed, "use \(allowed)", headerFields: [.allow: allowed])
    }

    /// The body as a JSON object: 415 unless `application/json`, 400 unless a JSON object.
    static func jsonBody(_ request: Request) throws(APIError) -> JSONObject {
        guard MediaType.matches(request.headerFields[.contentType], "application/json") else {
            throw APIError(.unsupportedMediaType, "the body must be application/json")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(request.body)
        } catch {
            throw APIError(.malformedJSON, error.description)
        }
        guard let object = value.objectValue else {
            throw APIError(.malformedJSON, "the body must be a JSON object")
        }
        return object
    }

    /// Refuses members not in `known`, each with a "did you mean".
    static func refuseUnknownKeys(_ object: JSONObject, _ known: [String], at path: String = "") throws(APIError) {
        let unknown = object.keys.filter { !known.contains($0) }
        guard !unknown.isEmpty else { return }
        throw APIError(
            .invalid,
            "unknown field(s): \(unknown.joined(separator: ", "))",
            details: unknown.map { key in
                APIError.Detail(
                    path: path + "/" + pointerEscaped(key),
                    message: "unknown field \"\(key)\"\(Suggestion.didYouMean(key, among: known))"
                )
            }
        )
    }

    /// A JSON Pointer reference token (RFC 6901: `~` → `~0`, `/` → `~1`).
    static func pointerEscaped(_ key: String) -> String {
        key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// A JSON answer with `Cache-Control: no-store`.
    static func json(_ status: HTTPResponse.Status, _ object: JSONObject, headerFields: HTTPFields = [:]) -> Response {
        var fields = headerFields
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headerFields: fields, body: JSONWriter.bytes(.object(object)))
    }

    /// Maps a store failure: unknown user or device 404, an invalid device 422, anything else 503 (logged).
    func storeFailure(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        if let error = error as? RegistryError {
            if error.code == .notFound { return APIError(.notFound, error.message) }
            if error.code == .invalidDevice { return APIError(.invalid, error.message) }
            if error.code == .conflict { return APIError(.conflict, error.message) }
        }
        logger.warning("Device API store call failed", metadata: ["error": "\(error)"])
        return APIError(.unavailable, "the registry is unavailable")
    }
}
