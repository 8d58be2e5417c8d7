import Clocks
import DeviceAPI
import Fulfillment
import HTTPMessages
import HTTPTypes
import Logging
import OAuth
import Registry

/// Hearth's routes:
/// - `POST /fulfillment`: Google's intents (bearer token, `application/json`).
/// - `GET /healthz`: `200 {"status":"ok"}` when the registry answers, else 503.
/// - `GET`/`POST /oauth/authorize`, `POST /oauth/token`: account linking (``OAuthServer``), when configured.
/// - `/v1/…`: the device backend's API (``DeviceAPIResponder``, API keys only), when `api.enabled`.
///
/// Refusals: wrong method 405 (with `Allow`), unknown path 404, not JSON 415, bad token 401.
public struct HearthResponder: HTTPResponder {
    private let store: any DeviceStore & TokenStore & OutboxStore & StoreHealth
    private let dispatcher: IntentDispatcher
    private let authenticator: BearerAuthenticator
    private let logger: Logger
    private let oauth: OAuthServer?
    private let throttle: AuthFailureThrottle?
    private let deviceAPI: DeviceAPIResponder?
    private let recorder: FulfillmentRecorder?

    /// Creates the routes. Without `oauth` the `/oauth/` endpoints answer 404; `throttle` slows clients that keep
    /// sending bad tokens (none: every 401 at once); `clock` dates token checks and PIN attempts. Paths under
    /// `/v1/` go to `deviceAPI` (none: 404). `recorder` records each answered intent (none: nothing is recorded). With a
    /// `deliverer` (`commands.delivery: webhook`) an EXECUTE's commands go to the device backend and its answer is
    /// deferred: the connection waits without a listener thread.
    public init(
        store: any DeviceStore & TokenStore & OutboxStore & StoreHealth,
        options: FulfillmentOptions,
        logger: Logger,
        oauth: OAuthServer? = nil,
        throttle: AuthFailureThrottle? = nil,
        deviceAPI: DeviceAPIResponder? = nil,
        clock: any HearthClock = SystemClock(),
        recorder: FulfillmentRecorder? = nil,
        deliverer: (any CommandDeliverer)? = nil
    ) {
        self.deviceAPI = deviceAPI
        self.recorder = recorder
        self.store = store
        self.oauth = oauth
        self.dispatcher = IntentDispatcher(
            store: store,
            options: options,
            logger: logger,
            clock: clock,
            deliverer: deliverer
        )
        self.authenticator = BearerAuthenticator(store: store, clock: clock)
        self.logger = logger
        self.throttle = throttle
    }

    public func respond(to request: Request) -> Response {
        switch request.path {
        case "/fulfillment":
            return fulfillment(request)
        case "/healthz":
            return health(request)
        case "/oauth/authorize", "/oauth/token":
            guard let oauth else {
                return HTTPError(status: .notFound, message: "no such endpoint: \(request.path)").response
            }
            return request.path == "/oauth/token" ? oauth.token(request) : oauth.authorize(request)
        case let path where path.hasPrefix(DeviceAPI.pathPrefix):
            guard let deviceAPI else {
                return HTTPError(status: .notFound, message: "no such endpoint: \(request.path)").response
            }
            return deviceAPI.respond(to: request)
        default:
            return HTTPError(status: .notFound, message: "no such endpoint: \(request.path)").response
        }
    }

    private func fulfillment(_ request: Request) -> Response {
        guard request.method == .post else {
            return HTTPError(status: .methodNotAllowed, message: "use POST", headerFields: [.allow: "POST"]).response
        }
        let user: Principal
        do {
            user = try authenticator.authenticate(request)
        } catch {
            logger.info("Refused a fulfillment request", metadata: ["http.status": "\(error.status.code)"])
            var response = error.response
            if error.status == .unauthorized, let throttle {
                // Only failures reach the throttle: a valid token never takes its lock.
                response.delay = throttle.delayAfterFailure(of: throttle.client(of: request))
            }
            return response
        }
        guard Self.isJSON(request.headerFields.value(of: .contentType)) else {
            return HTTPError(status: .unsupportedMediaType, message: "the body must be application/json").response
        }
        var later: DeferredResponse?
        let recorder = self.recorder
        let answer = dispatcher.handle(body: request.body, principal: user) {
            let deferred = DeferredResponse()
            later = deferred
            return { answer in
                let response = Self.response(answer)
                recorder?.record(request: request, response: response)
                deferred.complete(response)
            }
        }
        if let answer {
            let response = Self.response(answer)
            recorder?.record(request: request, response: response)
            return response
        }
        guard let later else {
            return Self.response(FulfillmentResponse(status: 500, body: Self.abandoned))
        }
        return .deferred(later, ifAbandoned: Self.response(FulfillmentResponse(status: 503, body: Self.abandoned)))
    }

    /// The HTTP answer of a fulfillment answer, now or deferred: the one place it is built (the recorder records
    /// what it returns, in both paths).
    static func response(_ answer: FulfillmentResponse) -> Response {
        if answer.status == 200 {
            return Response(head: Self.okJSONNotStored, body: answer.body)
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headerFields: Self.jsonNotStored,
            body: answer.body
        )
    }

    /// What a deferred EXECUTE answers when the server shuts down before the device backend does.
    private static let abandoned = Array(#"{"payload":{"errorCode":"transientError"}}"#.utf8)

    private func health(_ request: Request) -> Response {
        guard request.method == .get || request.method == .head else {
            return HTTPError(status: .methodNotAllowed, message: "use GET", headerFields: [.allow: "GET, HEAD"])
                .response
        }
        do {
            try store.checkHealth()
        } catch {
            logger.warning("Health check failed", metadata: ["error": "\(error)"])
            return Response(
                status: .serviceUnavailable,
                headerFields: [.contentType: "application/json"],
                body: Array(#"{"status":"unavailable"}"#.utf8)
            )
        }
        return Response(
            status: .ok,
            headerFields: Self.jsonNotStored,
            body: Array(#"{"status":"ok"}"#.utf8)
        )
    }

    /// The header fields of every fulfillment and health answer, built once: an `HTTPFields` is an array, so each
    /// answer shares this one instead of allocating its own.
    private static let jsonNotStored: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
    /// The head of nearly every fulfillment answer, built once for the same reason: a response head keeps its
    /// status in a class-backed pseudo-header field, so a head made per answer allocates.
    private static let okJSONNotStored = HTTPResponse(status: .ok, headerFields: jsonNotStored)

    /// `application/json`, with or without parameters (`; charset=UTF-8`), any case.
    static func isJSON(_ contentType: String?) -> Bool {
        MediaType.matches(contentType, "application/json")
    }
}
