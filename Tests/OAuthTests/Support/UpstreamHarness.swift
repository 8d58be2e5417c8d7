import Clocks
import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import Logging
import OAuth
import Registry
import RegistrySQLite
import Synchronization
import Testing

/// An ``OAuthServer`` over a real registry (SQLite in memory) with sign-in through ``StubIdentityProvider``, a
/// manual clock, captured logs and the outcomes it reports.
struct UpstreamHarness {
    static let clientID = "google"
    static let clientSecret = "google-secret"
    static let redirectURI = "https://oauth-redirect.googleusercontent.com/r/hearth-test"
    static let callbackURL = "https://hearth.example/oauth/upstream/callback"

    let store: SQLiteRegistry
    let server: OAuthServer
    let provider: StubIdentityProvider
    let clock: ManualClock
    let logs = InMemoryLogHandlerBox()
    let events: Events

    /// The outcomes the server reported.
    final class Events: Sendable {
        private let recorded = Mutex<[UpstreamSignInEvent]>([])
        var all: [UpstreamSignInEvent] { recorded.withLock { $0 } }
        func append(_ event: UpstreamSignInEvent) { recorded.withLock { $0.append(event) } }
    }

    /// Another instance over the same registry and provider: nothing of a sign-in may live in one process.
    func otherInstance() throws -> OAuthServer {
        try OAuthServer(
            store: store,
            settings: OAuthSettings(
                clients: [OAuthClient(id: Self.clientID, redirectURIs: [Self.redirectURI], secret: Self.clientSecret)]
            ),
            logger: logs.logger,
            clock: clock,
            upstream: UpstreamSignInSettings(provider: provider, callbackURL: Self.callbackURL)
        )
    }

    init(createUsers: Bool = true, callbackURL: String = Self.callbackURL, upstream: Bool = true) throws {
        clock = ManualClock()
        store = try SQLiteRegistry.inMemory(clock: clock)
        provider = StubIdentityProvider()
        let events = Events()
        self.events = events
        let settings = OAuthSettings(
            clients: [
                OAuthClient(id: Self.clientID, redirectURIs: [Self.redirectURI], secret: Self.clientSecret),
                OAuthClient(id: "other", redirectURIs: ["https://other.example/cb"], secret: "other-secret"),
            ]
        )
        server = try OAuthServer(
            store: store,
            settings: settings,
            logger: logs.logger,
            clock: clock,
            upstream: upstream
                ? UpstreamSignInSettings(
                    provider: provider,
                    callbackURL: callbackURL,
                    createUsers: createUsers,
                    record: { events.append($0) }
                ) : nil
        )
    }

    /// Google's authorization request, as the Google Home app sends it.
    static func authorizeTarget(state: String? = "google-state", challenge: String? = nil) -> String {
        var target = "/oauth/authorize?response_type=code&client_id=\(clientID)&redirect_uri=\(redirectURI)"
        if let state { target += "&state=\(state)" }
        if let challenge { target += "&code_challenge=\(challenge)&code_challenge_method=S256" }
        return target
    }

    /// `GET /oauth/authorize`, its deferred answer awaited.
    func authorize(_ target: String = Self.authorizeTarget()) async -> Response {
        await Self.settled(server.authorize(Request(method: .get, target: target)))
    }

    /// `GET /oauth/upstream/callback?query` with `cookie` (the `hearth_signin` value), its answer awaited.
    func callback(_ query: String, cookie: String?) async -> Response {
        var fields: HTTPFields = [:]
        if let cookie { fields[.cookie] = "other=1; hearth_signin=\(cookie)" }
        return await Self.settled(
            server.upstreamCallback(
                Request(method: .get, target: "/oauth/upstream/callback?" + query, headerFields: fields)
            )
        )
    }

    /// `POST /oauth/consent` with `body` and `cookie`.
    func consent(_ body: String, cookie: String?) -> Response {
        var fields: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { fields[.cookie] = "hearth_signin=\(cookie)" }
        return server.consent(
            Request(method: .post, target: "/oauth/consent", headerFields: fields, body: Array(body.utf8))
        )
    }

    /// A started sign-in: the authorize redirect's `state` (as the provider would return it) and the cookie set.
    struct Started {
        var state: String
        var cookie: String
        var response: Response
    }

    func start(_ target: String = Self.authorizeTarget()) async throws -> Started {
        let response = await authorize(target)
        let location = try #require(response.headerFields[.location])
        let query = try #require(Query(location))
        let setCookie = try #require(response.headerFields[.setCookie])
        let value = try #require(setCookie.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last)
        return Started(state: try #require(query["state"]), cookie: String(value), response: response)
    }

    /// Start, callback with a code: the consent page, and the handle in its form.
    func reachConsent(_ target: String = Self.authorizeTarget()) async throws -> (Started, Response, String?) {
        let started = try await start(target)
        let page = await callback("code=idp-code&state=\(started.state)", cookie: started.cookie)
        let html = String(decoding: page.body, as: UTF8.self)
        return (started, page, Self.hiddenValue("handle", in: html))
    }

    /// The value of the hidden input `name` in `html`.
    static func hiddenValue(_ name: String, in html: String) -> String? {
        let marker = #"name="\#(name)" value=""#
        guard let start = html.range(of: marker) else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The query of a redirect's `Location`.
    static func location(_ response: Response) throws -> Query {
        let location = try #require(response.headerFields[.location])
        return try #require(Query(location))
    }

    /// The final answer of `response`, once its deferred answer (if any) has come.
    static func settled(_ response: Response) async -> Response {
        guard let deferred = response.deferred else { return response }
        return await withCheckedContinuation { continuation in
            deferred.whenFinished { continuation.resume(returning: $0 ?? response) }
        }
    }
}

/// The query parameters of a URL (decoded; the last of a repeated name).
struct Query {
    var base: String
    var values: [String: String]

    init?(_ url: String) {
        let parts = url.split(separator: "?", maxSplits: 1)
        guard parts.count == 2, let fields = FormEncoding.decode(parts[1]) else { return nil }
        base = String(parts[0])
        values = [:]
        for (name, value) in fields { values[name] = value }
    }

    subscript(_ name: String) -> String? { values[name] }
}
