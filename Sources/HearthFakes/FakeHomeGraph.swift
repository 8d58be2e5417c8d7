import Clocks
import Cryptography
import Dispatch
import Foundation
import HTTPMessages
import HTTPTypes
import JSON
import Synchronization

/// A stand-in for Google's token endpoint and HomeGraph API, for development and tests. Serve it with
/// `HTTPServer(configuration:responder:logger:)` or `hearth fake-homegraph`.
///
/// It behaves like Google where Hearth can tell:
/// - `POST /token` issues a bearer token only for an RS256 assertion signed by the configured key, addressed to this
///   endpoint (`aud`), with the HomeGraph scope, not expired; otherwise `400 {"error":"invalid_grant"}`.
/// - `POST /v1/devices:reportStateAndNotification` and `POST /v1/devices:requestSync` need one of those tokens
///   (401 `UNAUTHENTICATED` otherwise), answer 404 `NOT_FOUND` for an agent user never synced or a device it does
///   not know, 400 `INVALID_ARGUMENT` for a malformed body, and replace stored state trait by trait.
///
/// Google learns users and devices from Hearth's SYNC answers; the fake learns them from `POST /fake/sync`
/// (`{"agentUserId": "…", "devices": ["id", {"id": "…"}, …]}`, the devices array of a SYNC answer works as is),
/// which a test or a script sends after provisioning. What it received is at `GET /reports`, stored state at
/// `GET /state/{agentUserId}`; `POST /fake/fail {"status": 429, "count": 2, "retryAfterSeconds": 5}` makes the next
/// HomeGraph calls fail; `POST /fake/revoke-tokens` invalidates every token issued so far.
///
/// State lives in a `Mutex`: the responder runs on the listener's threads.
public final class FakeHomeGraph: HTTPResponder {
    /// The HomeGraph API paths, as Google spells them.
    public static let reportStatePath = "/v1/devices:reportStateAndNotification"
    /// The Request Sync path.
    public static let requestSyncPath = "/v1/devices:requestSync"

    private struct User {
        var devices: [String] = []
        /// Per device, per trait group: the fields last reported for that trait.
        var state: [String: [String: JSONObject]] = [:]
    }

    private struct Failure {
        var status: Int
        var remaining: Int
        var retryAfterSeconds: Int?
        var message: String?
    }

    private struct State {
        var users: [String: User] = [:]
        var tokens: [String: Date] = [:]
        var tokensIssued = 0
        var failure: Failure?
        var reports: [JSONValue] = []
        /// Tests awaiting calls (``waitForReports(timeout:until:)``), by ticket.
        var reportWaiters: [Int: ReportWaiter] = [:]
        var nextWaiter = 0
    }

    private struct ReportWaiter {
        var condition: @Sendable ([JSONValue]) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    private let verifier: JWTVerifier
    private let audience: String?
    private let tokenLifetimeSeconds: Int
    private let clock: any HearthClock
    private let state = Mutex(State())

    /// Creates a fake.
    ///
    /// - Parameters:
    ///   - publicKey: The service account's public key: only assertions it verifies get tokens.
    ///   - audience: The `aud` assertions must carry; `nil` accepts this fake's own `http://<Host>/token`, which is
    ///     what a key file whose `token_uri` points at the fake produces.
    ///   - tokenLifetimeSeconds: The `expires_in` of issued tokens (Google's is about 3600).
    ///   - clock: Wall time, for token expiry.
    public init(
        publicKey: RSAPublicKey,
        audience: String? = nil,
        tokenLifetimeSeconds: Int = 3600,
        clock: any HearthClock = SystemClock()
    ) {
        self.verifier = JWTVerifier(publicKey: publicKey)
        self.audience = audience
        self.tokenLifetimeSeconds = tokenLifetimeSeconds
        self.clock = clock
    }

    // MARK: - Direct access, for tests in the same process

    /// Teaches the fake that `agentUserId` has `devices`, as a SYNC answer would; replaces the previous list and
    /// forgets the state of devices no longer listed.
    public func sync(agentUserId: String, devices: [String]) {
        state.withLock { state in
            var user = state.users[agentUserId] ?? User()
            user.devices = devices
            user.state = user.state.filter { devices.contains($0.key) }
            state.users[agentUserId] = user
        }
    }

    /// Makes the next `count` HomeGraph calls answer `status`, with `Retry-After: retryAfterSeconds` when given and
    /// `message` as Google's `error.message` when given.
    public func failNext(status: Int, count: Int = 1, retryAfterSeconds: Int? = nil, message: String? = nil) {
        state.withLock { state in
            state.failure = Failure(
                status: status,
                remaining: count,
                retryAfterSeconds: retryAfterSeconds,
                message: message
            )
        }
    }

    /// Invalidates every token issued so far: the next HomeGraph call with one of them gets 401.
    public func revokeTokens() {
        state.withLock { $0.tokens = [:] }
    }

    /// The number of tokens `POST /token` issued.
    public var tokensIssued: Int {
        state.withLock { $0.tokensIssued }
    }

    /// Every HomeGraph call received, in order: `{"path", "status", "body"}` (the body parsed, or as a string when
    /// it was not JSON), including calls answered with an error.
    public var reports: [JSONValue] {
        state.withLock { $0.reports }
    }

    /// Returns `true` once the calls received (``reports``) satisfy `condition`, checked now and after every
    /// HomeGraph call the fake answers; `false` if they still do not after `timeout` (a bound on a failing test).
    /// Tests await the call they expect instead of polling for it.
    public func waitForReports(
        timeout: Duration = .seconds(120),
        until condition: @escaping @Sendable ([JSONValue]) -> Bool
    ) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ticket = state.withLock { state -> Int? in
                if condition(state.reports) { return nil }
                state.nextWaiter += 1
                state.reportWaiters[state.nextWaiter] = ReportWaiter(condition: condition, continuation: continuation)
                return state.nextWaiter
            }
            guard let ticket else {
                continuation.resume(returning: true)
                return
            }
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                state.withLock { $0.reportWaiters.removeValue(forKey: ticket) }?.continuation.resume(returning: false)
            }
        }
    }

    /// The stored state of each synced device of `agentUserId`, fields of every trait merged; `nil` for a user
    /// never synced.
    public func deviceStates(agentUserId: String) -> [(id: String, state: JSONObject)]? {
        state.withLock { state in
            guard let user = state.users[agentUserId] else { return nil }
            return user.devices.map { id in
                var merged = JSONObject()
                for group in (user.state[id] ?? [:]).keys.sorted() {
                    merged.merge(user.state[id]![group]!)
                }
                return (id: id, state: merged)
            }
        }
    }

    // MARK: - HTTP

    /// Routes one request.
    public func respond(to request: Request) -> Response {
        let path = FormEncoding.percentDecode(request.path) ?? String(request.path)
        switch (request.method.rawValue, path) {
        case ("POST", "/token"):
            return issueToken(request)
        case ("POST", Self.reportStatePath), ("POST", Self.requestSyncPath):
            return homeGraphCall(request, path: path)
        case ("POST", "/fake/sync"):
            return fakeSync(request)
        case ("POST", "/fake/fail"):
            return fakeFail(request)
        case ("POST", "/fake/revoke-tokens"):
            revokeTokens()
            return Self.json(200, JSONValue.object(JSONObject()))
        case ("GET", "/reports"):
            return Self.json(200, .object(JSONObject([("reports", .array(reports))])))
        case ("GET", "/fake/tokens"):
            return Self.json(200, .object(JSONObject([("issued", .int(tokensIssued))])))
        case ("GET", _) where path.hasPrefix("/state/"):
            let agentUserId = String(path.dropFirst("/state/".count))
            guard let devices = deviceStates(agentUserId: agentUserId) else {
                return Self.googleError(404, "NOT_FOUND", "Requested entity was not found.")
            }
            var byDevice = JSONObject()
            for (id, state) in devices { byDevice.append(id, .object(state)) }
            return Self.json(
                200,
                .object(JSONObject([("agentUserId", .string(agentUserId)), ("devices", .object(byDevice))]))
            )
        default:
            return Self.googleError(404, "NOT_FOUND", "The requested URL \(request.path) was not found on this server.")
        }
    }

    // MARK: Token endpoint

    private func issueToken(_ request: Request) -> Response {
        func oauthError(_ error: String, _ description: String) -> Response {
            Self.json(
                400,
                .object(JSONObject([("error", .string(error)), ("error_description", .string(description))]))
            )
        }
        guard let text = String(validating: request.body, as: UTF8.self), let fields = FormEncoding.decode(text) else {
            return oauthError("invalid_request", "The body must be application/x-www-form-urlencoded.")
        }
        let grantType = fields.first { $0.name == "grant_type" }?.value
        guard grantType == "urn:ietf:params:oauth:grant-type:jwt-bearer" else {
            return oauthError("unsupported_grant_type", "Invalid grant_type: \(grantType ?? "")")
        }
        guard let assertion = fields.first(where: { $0.name == "assertion" })?.value, !assertion.isEmpty else {
            return oauthError("invalid_request", "Missing required parameter: assertion")
        }
        let expectedAudience = audience ?? "http://\(request.head.authority ?? "127.0.0.1")/token"
        let current = clock.date
        switch verifier.verify(
            assertion,
            audience: expectedAudience,
            now: Int64(current.timeIntervalSince1970.rounded(.down))
        ) {
        case .failure(let rejection):
            return oauthError("invalid_grant", rejection.description)
        case .success:
            break
        }
        let token: String
        do {
            token = "fake-" + (try SecureRandom.token(byteCount: 24))
        } catch {
            return Self.googleError(500, "INTERNAL", "Internal error encountered.")
        }
        let lifetime = tokenLifetimeSeconds
        state.withLock { state in
            state.tokens[token] = current.addingTimeInterval(TimeInterval(lifetime))
            state.tokensIssued += 1
        }
        return Self.json(
            200,
            .object(
                JSONObject([
                    ("access_token", .string(token)),
                    ("token_type", "Bearer"),
                    ("expires_in", .int(lifetime)),
                ])
            )
        )
    }

    // MARK: HomeGraph API

    private func homeGraphCall(_ request: Request, path: String) -> Response {
        let parsed = try? JSONParser.parse(request.body)
        let recordedBody = parsed ?? .string(String(decoding: request.body, as: UTF8.self))
        let bearer = request.headerFields.value(of: .authorization).flatMap { header -> String? in
            guard header.lowercased().hasPrefix("bearer ") else { return nil }
            return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        let current = clock.date
        let (response, satisfied) = state.withLock { state -> (Response, [CheckedContinuation<Bool, Never>]) in
            let response = Self.answer(
                path: path,
                body: parsed,
                bearer: bearer,
                now: current,
                state: &state
            )
            state.reports.append(
                .object(
                    JSONObject([
                        ("path", .string(path)),
                        ("status", .int(response.status.code)),
                        ("body", recordedBody),
                    ])
                )
            )
            let ready = state.reportWaiters.filter { $0.value.condition(state.reports) }
            for ticket in ready.keys { state.reportWaiters[ticket] = nil }
            return (response, ready.values.map(\.continuation))
        }
        for continuation in satisfied { continuation.resume(returning: true) }
        return response
    }

    private static func answer(
        path: String,
        body: JSONValue?,
        bearer: String?,
        now: Date,
        state: inout State
    ) -> Response {
        if var failure = state.failure {
            failure.remaining -= 1
            state.failure = failure.remaining > 0 ? failure : nil
            return injected(failure)
        }
        guard let bearer, let expiry = state.tokens[bearer], expiry > now else {
            return googleError(
                401,
                "UNAUTHENTICATED",
                "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other "
                    + "valid authentication credential."
            )
        }
        guard let body = body?.objectValue, let agentUserId = body["agentUserId"]?.stringValue, !agentUserId.isEmpty
        else {
            return googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.")
        }
        guard var user = state.users[agentUserId] else {
            return googleError(404, "NOT_FOUND", "Requested entity was not found.")
        }
        if path == requestSyncPath {
            if let async = body["async"], async.boolValue == nil {
                return googleError(400, "INVALID_ARGUMENT", "Invalid value at 'async' (TYPE_BOOL)")
            }
            return json(200, .object(JSONObject()))
        }
        guard let devices = body["payload"]?["devices"]?.objectValue else {
            return googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.")
        }
        let states = devices["states"]
        let notifications = devices["notifications"]
        guard states != nil || notifications != nil else {
            return googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.")
        }
        var reported: [(id: String, state: JSONObject)] = []
        if let states {
            guard let states = states.objectValue else {
                return googleError(400, "INVALID_ARGUMENT", "Invalid value at 'payload.devices.states'")
            }
            for (id, value) in states {
                guard let object = value.objectValue else {
                    return googleError(400, "INVALID_ARGUMENT", "Invalid value at 'payload.devices.states[\(id)]'")
                }
                reported.append((id: id, state: object))
            }
        }
        var notified: [String] = []
        if let notifications {
            guard let notifications = notifications.objectValue else {
                return googleError(400, "INVALID_ARGUMENT", "Invalid value at 'payload.devices.notifications'")
            }
            notified = notifications.keys
        }
        if (reported.map(\.id) + notified).contains(where: { !user.devices.contains($0) }) {
            return googleError(404, "NOT_FOUND", "Requested entity was not found.")
        }
        for (id, fields) in reported {
            var groups: [String: JSONObject] = [:]
            for (field, value) in fields {
                groups[TraitGroups.group(of: field), default: JSONObject()].append(field, value)
            }
            var stored = user.state[id] ?? [:]
            stored.merge(groups) { _, new in new }
            user.state[id] = stored
        }
        state.users[agentUserId] = user
        return json(200, .object(JSONObject([("requestId", body["requestId"] ?? .string(""))])))
    }

    private static func injected(_ failure: Failure) -> Response {
        let (status, defaultMessage): (String, String) =
            switch failure.status {
            case 400: ("INVALID_ARGUMENT", "Request contains an invalid argument.")
            case 401: ("UNAUTHENTICATED", "Request had invalid authentication credentials.")
            case 403: ("PERMISSION_DENIED", "The caller does not have permission")
            case 404: ("NOT_FOUND", "Requested entity was not found.")
            case 409: ("ABORTED", "The operation was aborted.")
            case 429: ("RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota).")
            case 503: ("UNAVAILABLE", "The service is currently unavailable.")
            case 504: ("DEADLINE_EXCEEDED", "The request timed out.")
            default: ("INTERNAL", "Internal error encountered.")
            }
        var response = googleError(failure.status, status, failure.message ?? defaultMessage)
        if let seconds = failure.retryAfterSeconds {
            response.headerFields[.retryAfter] = "\(seconds)"
        }
        return response
    }

    // MARK: Fake controls

    private func fakeSync(_ request: Request) -> Response {
        guard let body = (try? JSONParser.parse(request.body))?.objectValue,
            let agentUserId = body["agentUserId"]?.stringValue, !agentUserId.isEmpty,
            let list = body["devices"]?.arrayValue
        else {
            return Self.googleError(400, "INVALID_ARGUMENT", "Expected {\"agentUserId\": \"…\", \"devices\": [ids]}")
        }
        var devices: [String] = []
        for entry in list {
            guard let id = entry.stringValue ?? entry["id"]?.stringValue, !id.isEmpty else {
                return Self.googleError(400, "INVALID_ARGUMENT", "Each device is an id or an object with an \"id\"")
            }
            devices.append(id)
        }
        sync(agentUserId: agentUserId, devices: devices)
        return Self.json(200, .object(JSONObject()))
    }

    private func fakeFail(_ request: Request) -> Response {
        guard let body = (try? JSONParser.parse(request.body))?.objectValue,
            let status = body["status"]?.intValue, (400...599).contains(status)
        else {
            return Self.googleError(
                400,
                "INVALID_ARGUMENT",
                "Expected {\"status\": 400…599, \"count\": N, \"retryAfterSeconds\": S, \"message\": \"…\"}"
            )
        }
        let count = body["count"]?.intValue ?? 1
        guard count >= 0 else {
            return Self.googleError(400, "INVALID_ARGUMENT", "count must not be negative")
        }
        failNext(
            status: status,
            count: count,
            retryAfterSeconds: body["retryAfterSeconds"]?.intValue,
            message: body["message"]?.stringValue
        )
        return Self.json(200, .object(JSONObject()))
    }

    // MARK: Responses

    private static func json(_ status: Int, _ value: JSONValue) -> Response {
        Response(
            status: HTTPResponse.Status(code: status),
            headerFields: [.contentType: "application/json; charset=UTF-8"],
            body: JSONWriter.bytes(value)
        )
    }

    /// Google's error envelope (`google.rpc.Status`): `{"error": {"code", "message", "status"}}`.
    private static func googleError(_ code: Int, _ status: String, _ message: String) -> Response {
        json(
            code,
            .object(
                JSONObject([
                    (
                        "error",
                        .object(
                            JSONObject([
                                ("code", .int(code)),
                                ("message", .string(message)),
                                ("status", .string(status)),
                            ])
                        )
                    )
                ])
            )
        )
    }
}
