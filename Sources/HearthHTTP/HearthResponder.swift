import Clocks
import DeviceAPI
import Fulfillment
import HTTPMessages
import HTTPTypes
import Logging
import OAuth
import RecordReplay
import Registry

/// Hearth's routes:
/// - `POST /fulfillment`: Google's intents (bearer token, `application/json`).
/// - `GET /healthz`: `200 {"status":"ok"}` when the registry answers, else 503 with `Retry-After` (a load balancer
///   takes the instance out while its database is away).
/// - `GET`/`POST /oauth/authorize`, `POST /oauth/token`, `POST /oauth/revoke`, and with sign-in through the
///   manufacturer's identity provider `GET /oauth/upstream/callback` and `POST /oauth/consent`: account linking
///   (``OAuthServer``), when configured.
/// - `/v1/…`: the device backend's API (``DeviceAPIResponder``, API keys only), when `api.enabled`.
/// - `GET /metrics` (`metrics.path`): Prometheus text format (``HearthMetrics``), when `metrics.enabled`.
///
/// Refusals: wrong method 405 (with `Allow`), unknown path 404, not JSON 415, bad token 401.
///
/// Every request, whatever its route and answer, is logged in one info line and counted (``RequestObserver``).
public struct HearthResponder: HTTPResponder {
    private let store: any DeviceStore & TokenStore & OutboxStore & StoreHealth
    private let dispatcher: IntentDispatcher
    private let authenticator: BearerAuthenticator
    private let logger: Logger
    private let oauth: OAuthServer?
    private let throttle: AuthFailureThrottle?
    private let deviceAPI: DeviceAPIResponder?
    private let recorder: FulfillmentRecorder?
    private let observer: RequestObserver
    private let streamCounts: (@Sendable () -> (streams: Int, polls: Int))?
    private let clock: any HearthClock

    /// How intents are fulfilled: the options, and where EXECUTE's commands go.
    public struct Intents: Sendable {
        /// Validation, PIN lockout, what SYNC says about reporting, the delivery deadline.
        public var options: FulfillmentOptions
        /// With a deliverer (`commands.delivery: webhook`) an EXECUTE's commands go to the device backend and its
        /// answer is deferred: the connection waits without a listener thread. None: applied to the registry.
        public var deliverer: (any CommandDeliverer)?

        /// The intents' settings.
        public init(options: FulfillmentOptions = FulfillmentOptions(), deliverer: (any CommandDeliverer)? = nil) {
            self.options = options
            self.deliverer = deliverer
        }
    }

    /// The routes beside `/fulfillment` and `/healthz`, and the bad-token throttle.
    public struct Endpoints: Sendable {
        /// Account linking; none: the `/oauth/` endpoints answer 404.
        public var oauth: OAuthServer?
        /// The device backend's API under `/v1/`; none: 404.
        public var deviceAPI: DeviceAPIResponder?
        /// Slows clients that keep sending bad tokens; none: every 401 at once.
        public var throttle: AuthFailureThrottle?
        /// The identity provider whose access tokens `/fulfillment` accepts beside Hearth's own
        /// (`auth.externalTokens.*`); none: Hearth's own tokens only.
        public var externalTokens: (any ExternalTokenAuthority)?

        /// The endpoints.
        public init(
            oauth: OAuthServer? = nil,
            deviceAPI: DeviceAPIResponder? = nil,
            throttle: AuthFailureThrottle? = nil,
            externalTokens: (any ExternalTokenAuthority)? = nil
        ) {
            self.oauth = oauth
            self.deviceAPI = deviceAPI
            self.throttle = throttle
            self.externalTokens = externalTokens
        }
    }

    /// What watches the requests: the metrics and how they are served, the request line's user ids, the recorder.
    public struct Observation: Sendable {
        /// Served at ``metricsPath`` (none: 404), its scrape-time change-stream gauges read from ``streamCounts``.
        public var metrics: HearthMetrics?
        /// `metrics.path`.
        public var metricsPath: String
        /// The open change streams and waiting polls, read when `/metrics` is scraped.
        public var streamCounts: (@Sendable () -> (streams: Int, polls: Int))?
        /// Logs a keyed hash instead of each user id (`log.hashUserIds`); none: the ids.
        public var userIdHashKey: [UInt8]?
        /// Records each answered intent (none: nothing is recorded).
        public var recorder: FulfillmentRecorder?

        /// The observation.
        public init(
            metrics: HearthMetrics? = nil,
            metricsPath: String = "/metrics",
            streamCounts: (@Sendable () -> (streams: Int, polls: Int))? = nil,
            userIdHashKey: [UInt8]? = nil,
            recorder: FulfillmentRecorder? = nil
        ) {
            self.metrics = metrics
            self.metricsPath = metricsPath
            self.streamCounts = streamCounts
            self.userIdHashKey = userIdHashKey
            self.recorder = recorder
        }
    }

    /// Creates the routes over `store`; `clock` dates token checks and PIN attempts, `logger` gets the request lines.
    public init(
        store: any DeviceStore & TokenStore & OutboxStore & StoreHealth,
        intents: Intents = Intents(),
        endpoints: Endpoints = Endpoints(),
        observation: Observation = Observation(),
        logger: Logger,
        clock: any HearthClock = SystemClock()
    ) {
        self.deviceAPI = endpoints.deviceAPI
        self.recorder = observation.recorder
        self.store = store
        self.oauth = endpoints.oauth
        self.dispatcher = IntentDispatcher(
            store: store,
            options: intents.options,
            logger: logger,
            clock: clock,
            deliverer: intents.deliverer
        )
        self.authenticator = BearerAuthenticator(store: store, clock: clock, external: endpoints.externalTokens)
        self.logger = logger
        self.throttle = endpoints.throttle
        self.clock = clock
        self.streamCounts = observation.streamCounts
        self.observer = RequestObserver(
            logger: logger,
            metrics: observation.metrics,
            metricsPath: observation.metrics == nil ? nil : observation.metricsPath,
            userIdHashKey: observation.userIdHashKey,
            clock: clock
        )
    }

    public func respond(to request: Request) -> Response {
        let started = clock.now
        let record = request.path == "/fulfillment" ? RequestObserver.Record() : nil
        let response = route(request, record: record)
        observer.observe(request, started: started, response: response, record: record)
        return response
    }

    private func route(_ request: Request, record: RequestObserver.Record?) -> Response {
        switch request.path {
        case "/fulfillment":
            return fulfillment(request, record: record)
        case "/healthz":
            return health(request)
        case "/oauth/authorize", "/oauth/token", "/oauth/revoke", "/oauth/upstream/callback", "/oauth/consent":
            guard let oauth else {
                return HTTPError(status: .notFound, message: "no such endpoint: \(request.path)").response
            }
            switch request.path {
            case "/oauth/token": return oauth.token(request)
            case "/oauth/revoke": return oauth.revoke(request)
            case "/oauth/upstream/callback": return oauth.upstreamCallback(request)
            case "/oauth/consent": return oauth.consent(request)
            default: return oauth.authorize(request)
            }
        case let path where DeviceAPI.owns(path):
            guard let deviceAPI else {
                return HTTPError(status: .notFound, message: "no such endpoint: \(request.path)").response
            }
            return deviceAPI.respond(to: request)
        case let path where observer.metricsPath.map({ path == $0 }) ?? false:
            return metricsExposition(request)
        default:
            return HTTPError(status: .notFound, message: "no such endpoint: \(request.path)").response
        }
    }

    private func fulfillment(_ request: Request, record: RequestObserver.Record?) -> Response {
        guard request.method == .post else {
            return HTTPError(status: .methodNotAllowed, message: "use POST", headerFields: [.allow: "POST"]).response
        }
        let user: Principal
        do {
            user = try authenticator.authenticate(request)
        } catch {
            return refused(request, error, record: record)
        }
        return answer(request, user: user, record: record)
    }

    /// The answer to a request whose bearer token was not accepted at once.
    private func refused(
        _ request: Request,
        _ failure: BearerAuthenticator.Failure,
        record: RequestObserver.Record?
    ) -> Response {
        switch failure {
        case .refused(let refusal):
            var response = refusal.response
            if refusal.status == .unauthorized, let throttle {
                // Only failures reach the throttle: a valid token never takes its lock.
                response.delay = throttle.delayAfterFailure(of: throttle.client(of: request))
            }
            return response
        case .providerUnavailable(let unavailable):
            return unavailable.response
        case .registryUnavailable(let failure):
            // Google reads whatever /fulfillment answers as an intent answer: its shape, with the request's id.
            let answer = dispatcher.registryUnavailable(body: request.body, error: failure)
            let response = Self.response(for: answer, record: record)
            recorder?.record(request: request, response: response)
            return response
        case .askProvider(let token, let authority):
            // The provider is asked off the listener's threads; the connection waits, holding none.
            let later = DeferredResponse()
            Task {
                let verdict = await authority.verdict(for: token)
                let response: Response
                do throws(BearerAuthenticator.Failure) {
                    let user = try BearerAuthenticator.principal(
                        verdict,
                        retryAfterSeconds: authority.retryAfterSeconds
                    )
                    response = answer(request, user: user, record: record)
                } catch {
                    response = refused(request, error, record: record)
                }
                if let inner = response.deferred {
                    let fallback = Response(head: response.head, body: response.body)
                    inner.whenFinished { later.complete($0 ?? fallback) }
                } else {
                    later.complete(response)
                }
            }
            let abandoned = HTTPError(
                status: .serviceUnavailable,
                message: "the server is shutting down",
                headerFields: [.retryAfter: String(authority.retryAfterSeconds)]
            )
            return .deferred(later, ifAbandoned: abandoned.response)
        }
    }

    /// The answer to an authenticated request.
    private func answer(_ request: Request, user: Principal, record: RequestObserver.Record?) -> Response {
        guard Self.isJSON(request.headerFields.value(of: .contentType)) else {
            return HTTPError(status: .unsupportedMediaType, message: "the body must be application/json").response
        }
        var later: DeferredResponse?
        let recorder = self.recorder
        let answer = dispatcher.handle(body: request.body, principal: user) {
            let deferred = DeferredResponse()
            later = deferred
            return { answer in
                let response = Self.response(for: answer, record: record)
                recorder?.record(request: request, response: response)
                deferred.complete(response)
            }
        }
        if let answer {
            let response = Self.response(for: answer, record: record)
            recorder?.record(request: request, response: response)
            return response
        }
        guard let later else {
            return Self.response(for: Self.abandoned(status: 500), record: record)
        }
        return .deferred(later, ifAbandoned: Self.response(for: Self.abandoned(status: 503), record: nil))
    }

    /// The HTTP answer of a fulfillment answer, its summary handed to the request's log line and metrics through
    /// `record`. The one place a ``FulfillmentResponse`` becomes a ``Response``: a deferred answer (completed later)
    /// goes through here too, with the record of its request, and the recorder records what it returns.
    static func response(for answer: FulfillmentResponse, record: RequestObserver.Record?) -> Response {
        record?.set(answer.summary)
        if answer.status == 200 {
            return Response(head: Self.okJSONNotStored, body: answer.body)
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headerFields: answer.status == 503 ? Self.jsonNotStoredRetry : Self.jsonNotStored,
            body: answer.body
        )
    }

    /// What a deferred EXECUTE answers when the server shuts down before the device backend does (503), or when no
    /// deferred answer was made (500, never).
    private static func abandoned(status: Int) -> FulfillmentResponse {
        .noAnswer(status: status, reason: "no answer from the device backend before the server stopped")
    }

    /// `GET /metrics`: every metric in Prometheus text format, the outbox and change-stream gauges read now.
    private func metricsExposition(_ request: Request) -> Response {
        guard let metrics = observer.metrics else {
            return HTTPError(status: .notFound, message: "no such endpoint: \(request.path)").response
        }
        guard request.method == .get || request.method == .head else {
            return HTTPError(status: .methodNotAllowed, message: "use GET", headerFields: [.allow: "GET, HEAD"])
                .response
        }
        var gauges = HearthMetrics.ScrapeGauges(outboxPending: 0, outboxOldestAgeSeconds: 0, streams: 0, polls: 0)
        do {
            let counts = try store.outboxCounts()
            gauges.outboxPending = counts.reports + counts.syncs + counts.events
            let oldest = try store.pendingOutbox()
                .flatMap { [$0.reportSince, $0.syncFirst, $0.eventSince].compactMap { $0 } }
                .min()
            if let oldest {
                gauges.outboxOldestAgeSeconds = max(0, Double(clock.unixMilliseconds - oldest) / 1000)
            }
        } catch {
            logger.warning("Could not read the outbox for the metrics", metadata: ["error": "\(error)"])
        }
        if let counts = streamCounts?() {
            gauges.streams = counts.streams
            gauges.polls = counts.polls
        }
        return Response(
            status: .ok,
            headerFields: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: metrics.exposition(gauges: gauges)
        )
    }

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
                headerFields: Self.jsonNotStoredRetry,
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
    /// The same with `Retry-After`, for the 503 of a registry that cannot be reached.
    private static let jsonNotStoredRetry: HTTPFields = [
        .contentType: "application/json", .cacheControl: "no-store",
        .retryAfter: String(Response.registryUnavailableRetryAfterSeconds),
    ]
    /// The head of nearly every fulfillment answer, built once for the same reason: a response head keeps its
    /// status in a class-backed pseudo-header field, so a head made per answer allocates.
    private static let okJSONNotStored = HTTPResponse(status: .ok, headerFields: jsonNotStored)

    /// `application/json`, with or without parameters (`; charset=UTF-8`), any case.
    static func isJSON(_ contentType: String?) -> Bool {
        MediaType.matches(contentType, "application/json")
    }
}
