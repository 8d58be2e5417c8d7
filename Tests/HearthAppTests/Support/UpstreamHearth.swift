import Clocks
import Foundation
import HearthApp
import HearthFakes
import HearthTestSupport
import HearthTesting
import JSON
import OAuth
import OpenIDConnect
import OutboundHTTP
import Registry

/// Hearth signing users in through a real identity provider: `oauth.upstream.*` pointing at a canaille
/// (`HearthTestSupport.IdentityProvider`) where Hearth is registered as the client `hearth`, its secret in a file;
/// Google's client `google` (``LinkingHearth/google``); metrics on; no devices, so a user exists only once
/// created; the log captured as text; a clock the test moves. curl is the client (no redirect followed, the
/// `hearth_signin` cookie carried by hand), and `IdentityProviderBrowser` the user at the provider's pages.
///
/// The provider must know Hearth's callback URL before Hearth starts (canaille compares redirect URIs exactly, and
/// Hearth needs the provider's issuer), so the port is picked first (a `RefusingPort` held while the provider starts,
/// closed just before Hearth binds it) and given to both. Should another test take it in that instant, Hearth's start
/// fails loudly rather than anyone answering in its place.
final class UpstreamHearth: Sendable {
    /// The identity provider asked with 30 s deadlines instead of 5: the provider is a Python process sharing a
    /// loaded test machine, and a deadline passed there is the machine's, not what a test checks.
    static let patientProvider = OpenIDProviderSettings(
        discoveryLimits: OutboundLimits(deadline: .seconds(30), maxAnswerBytes: 65_536),
        keysLimits: OutboundLimits(deadline: .seconds(30), maxAnswerBytes: 262_144),
        tokenLimits: OutboundLimits(deadline: .seconds(30), maxAnswerBytes: 65_536)
    )

    static let clientID = "hearth"
    static let clientSecret = "upstream-client-secret-4f1c9a7e2b"
    static let alice = IdentityProvider.User(login: "alice", password: "correct horse battery staple")

    /// The harness underneath.
    let harness: InProcessHearth
    /// Hearth's clock: starts at the real time (the provider's tokens are dated by it), moved by the test.
    let clock: WallClockWithOffset
    /// The callback URL Hearth sends to the provider (`oauth.upstream.callbackURL`).
    let callbackURL: String
    var port: Int { harness.port }
    var store: any ServingStore { harness.store }
    private let secretDirectory: URL

    /// `http://127.0.0.1:<port>/oauth/upstream/callback`.
    static func callbackURL(port: Int) -> String {
        "http://127.0.0.1:\(port)/oauth/upstream/callback"
    }

    /// A provider with alice and Hearth's client, which may return to `callbackURLs`.
    static func provider(callbackURLs: [String]) async throws -> IdentityProvider {
        try await IdentityProvider.start(
            users: [alice],
            clients: [.init(id: clientID, secret: clientSecret, redirectURIs: callbackURLs)]
        )
    }

    /// Starts Hearth on `port` (0: any) with the provider as `oauth.upstream`.
    ///
    /// - Parameters:
    ///   - callbackURL: `oauth.upstream.callbackURL`; this Hearth's own by default (another instance's when several
    ///     stand behind one public URL).
    ///   - databasePath: the SQLite file, when another instance's (it stays that instance's to remove).
    init(
        provider: IdentityProvider,
        port: Int,
        callbackURL: String? = nil,
        createUsers: Bool = true,
        databasePath: String? = nil
    ) throws {
        let secretDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-upstream-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: secretDirectory, withIntermediateDirectories: true)
        let secretFile = secretDirectory.appendingPathComponent("client-secret")
        try Data((Self.clientSecret + "\n").utf8).write(to: secretFile)
        let callbackURL = callbackURL ?? Self.callbackURL(port: port)
        let clock = WallClockWithOffset()
        var settings: [ConfigOverride] =
            HearthConfiguration.testSettings(threads: 4, api: true, metrics: true) + [
                .set(\.http.port, port),
                .set(\.oauth.upstream.issuer, provider.issuer),
                .set(\.oauth.upstream.clientID, Self.clientID),
                .set(\.oauth.upstream.clientSecretFile, secretFile.path),
                .set(\.oauth.upstream.callbackURL, callbackURL),
                .set(\.oauth.upstream.scopes, "openid,profile,email"),
                .set(\.oauth.upstream.createUsers, createUsers),
            ]
        if let databasePath { settings.append(.set(\.database.path, databasePath)) }
        do {
            harness = try InProcessHearth(
                devices: .none,
                settings: settings,
                overrides: HearthApplication.Overrides(
                    oauthClients: [LinkingHearth.google],
                    signInBudget: UnlimitedBudget(),
                    clientSecretBudget: UnlimitedBudget(),
                    identityProvider: Self.patientProvider
                ),
                clock: clock,
                logFormats: [.text]
            )
        } catch {
            try? FileManager.default.removeItem(at: secretDirectory)
            throw error
        }
        self.clock = clock
        self.callbackURL = callbackURL
        self.secretDirectory = secretDirectory
    }

    func stop() {
        harness.stop()
        try? FileManager.default.removeItem(at: secretDirectory)
    }

    // MARK: - The flow, step by step

    /// Google's authorization URL at this Hearth, with Google's `state`.
    func authorizationURL(state: String) -> String {
        "http://127.0.0.1:\(port)/oauth/authorize?" + LinkingHearth.form(LinkingHearth.authorizeQuery(state: state))
    }

    /// `GET /oauth/authorize` with Google's `state`, as curl: the answer (a 302 to the provider with the cookie,
    /// or an error page).
    func authorize(state: String) async throws -> LinkingHearth.Response {
        try await request(
            "GET",
            "/oauth/authorize?" + LinkingHearth.form(LinkingHearth.authorizeQuery(state: state))
        )
    }

    /// The `hearth_signin` cookie an answer sets, as a `Cookie` header's `name=value`.
    static func signInCookie(_ response: LinkingHearth.Response) -> String? {
        response.headers.first { $0.0.lowercased() == "set-cookie" && $0.1.hasPrefix("hearth_signin=") }
            .map { String($0.1.prefix { $0 != ";" }) }
    }

    /// The browser signs in as alice at the provider, from the provider's authorization URL (a 302's `Location`
    /// from ``authorize(state:)``), until the provider sends it back to `callbackURL`, which is intercepted: the
    /// callback's query (`code`, `state`, `iss`) and the kinds of pages shown.
    static func signInAtProvider(
        location: String,
        callbackURL: String
    ) async throws -> (query: [String: String], pages: [String]) {
        let outcome = try await IdentityProviderBrowser.signIn(
            url: location,
            redirectPrefix: callbackURL,
            login: alice.login,
            password: alice.password
        )
        guard outcome.reached else { throw HarnessError("the provider did not return: \(outcome.console)") }
        return (outcome.query, outcome.pages.map(\.kind))
    }

    /// `GET /oauth/upstream/callback` with `query` and the sign-in cookie.
    func callback(_ query: [String: String], cookie: String?) async throws -> LinkingHearth.Response {
        try await request(
            "GET",
            "/oauth/upstream/callback?"
                + LinkingHearth.form(query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }),
            headers: cookie.map { ["Cookie": $0] } ?? [:]
        )
    }

    /// `POST /oauth/consent` with the consent page's hidden fields and `decision`.
    func consent(
        page: LinkingHearth.Response,
        cookie: String,
        decision: String
    ) async throws -> LinkingHearth.Response {
        let fields = LinkingHearth.hiddenFields(page.text).map { ($0.0, Optional($0.1)) } + [("decision", decision)]
        return try await request(
            "POST",
            "/oauth/consent",
            body: LinkingHearth.form(fields),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie]
        )
    }

    /// Google's code exchange at `/oauth/token`: Hearth's access token.
    func exchange(code: String) async throws -> String {
        let answer = try await request(
            "POST",
            "/oauth/token",
            body: LinkingHearth.form([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", LinkingHearth.redirectURI),
                ("client_id", LinkingHearth.google.id), ("client_secret", LinkingHearth.googleSecret),
            ]),
            headers: ["Content-Type": "application/x-www-form-urlencoded"]
        )
        guard answer.status == 200, let token = answer.json?["access_token"]?.stringValue else {
            throw HarnessError("the code exchange failed: \(answer.status) \(answer.text)")
        }
        return token
    }

    /// SYNC with `token`: the answer's `agentUserId`.
    func syncedUser(token: String) async throws -> String? {
        try await harness.sync(token: token)["payload"]?["agentUserId"]?.stringValue
    }

    /// One request to this Hearth as curl (``LinkingHearth/request(port:_:_:body:headers:)``), off the cooperative
    /// pool: the sign-in's callback is finished in a task on that pool, in this very process.
    private func request(
        _ method: String,
        _ path: String,
        body: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> LinkingHearth.Response {
        let port = port
        return try await offThePool {
            try LinkingHearth.request(port: port, method, path, body: body, headers: headers)
        }
    }

    // MARK: - What Hearth recorded

    /// `/metrics`, parsed (series named with their labels sorted).
    func metrics() async throws -> [String: Double] {
        let answer = try await request("GET", "/metrics")
        guard answer.status == 200 else { throw HarnessError("/metrics answered \(answer.status)") }
        return PrometheusSamples.parse(answer.text)
    }

    /// `hearth_upstream_sign_ins_total{outcome, step}`.
    func signIns(_ outcome: String, step: String) async throws -> Double {
        try await metrics()[#"hearth_upstream_sign_ins_total{outcome="\#(outcome)",step="\#(step)"}"#] ?? 0
    }

    /// `hearth_identity_provider_requests_total{outcome, step}`.
    func providerRequests(_ step: String, outcome: String = "ok") async throws -> Double {
        try await metrics()[#"hearth_identity_provider_requests_total{outcome="\#(outcome)",step="\#(step)"}"#] ?? 0
    }

    /// The `user` changes of the change log (`created`, …), for every user.
    func userChanges() throws -> [String] {
        try store.changes(after: 0, limit: 100, users: nil, kinds: [.user]).map {
            "\($0.record.agentUserId) \($0.record.data["change"]?.stringValue ?? "?")"
        }
    }

    /// The log so far.
    var logText: String { harness.logLines.joined() }
}
