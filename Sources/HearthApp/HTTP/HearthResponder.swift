import Clocks
import Fulfillment
import Logging
import MicroHTTPD
import OAuth
import Registry

/// Hearth's routes:
/// - `POST /fulfillment`: Google's intents (bearer token, `application/json`).
/// - `GET /healthz`: `200 {"status":"ok"}` when the registry answers, else 503.
/// - `GET`/`POST /oauth/authorize`, `POST /oauth/token`: account linking (``OAuthServer``), when configured.
///
/// Refusals: wrong method 405 (with `Allow`), unknown path 404, not JSON 415, bad token 401.
public struct HearthResponder: HTTPResponder {
    private let store: any DeviceStore
    private let dispatcher: IntentDispatcher
    private let authenticator: BearerAuthenticator
    private let logger: Logger
    private let oauth: OAuthServer?
    private let throttle: AuthFailureThrottle?

    /// Creates the routes. Without `oauth` the `/oauth/` endpoints answer 404; `throttle` slows clients that keep
    /// sending bad tokens (none: every 401 at once); `clock` dates token checks and PIN attempts.
    public init(
        store: any DeviceStore,
        options: FulfillmentOptions,
        logger: Logger,
        oauth: OAuthServer? = nil,
        throttle: AuthFailureThrottle? = nil,
        clock: any HearthClock = SystemClock()
    ) {
        self.store = store
        self.oauth = oauth
        self.dispatcher = IntentDispatcher(store: store, options: options, logger: logger, clock: clock)
        self.authenticator = BearerAuthenticator(store: store, clock: clock)
        self.logger = logger
        self.throttle = throttle
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/fulfillment":
            return fulfillment(request)
        case "/healthz":
            return health(request)
        case "/oauth/authorize", "/oauth/token":
            guard let oauth else {
                return HTTPError(status: 404, message: "no such endpoint: \(request.path)").response
            }
            return request.path == "/oauth/token" ? oauth.token(request) : oauth.authorize(request)
        default:
            return HTTPError(status: 404, message: "no such endpoint: \(request.path)").response
        }
    }

    private func fulfillment(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "POST" else {
            return HTTPError(status: 405, message: "use POST", headers: [("Allow", "POST")]).response
        }
        let user: Principal
        do {
            user = try authenticator.authenticate(request)
        } catch {
            logger.info("Refused a fulfillment request", metadata: ["http.status": "\(error.status)"])
            var response = error.response
            if error.status == 401, let throttle {
                // Only failures reach the throttle: a valid token never takes its lock.
                response.delay = throttle.delayAfterFailure(of: throttle.client(of: request))
            }
            return response
        }
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return HTTPError(status: 415, message: "the body must be application/json").response
        }
        let answer = dispatcher.handle(body: request.body, principal: user)
        return HTTPResponse(
            status: answer.status,
            headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]),
            body: answer.body
        )
    }

    private func health(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPError(status: 405, message: "use GET", headers: [("Allow", "GET, HEAD")]).response
        }
        do {
            try store.checkHealth()
        } catch {
            logger.warning("Health check failed", metadata: ["error": "\(error)"])
            return HTTPResponse(
                status: 503,
                headers: HTTPHeaders([("Content-Type", "application/json")]),
                body: Array(#"{"status":"unavailable"}"#.utf8)
            )
        }
        return HTTPResponse(
            status: 200,
            headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]),
            body: Array(#"{"status":"ok"}"#.utf8)
        )
    }

    /// `application/json`, with or without parameters (`; charset=UTF-8`), any case.
    static func isJSON(_ contentType: String?) -> Bool {
        MediaType.matches(contentType, "application/json")
    }
}
