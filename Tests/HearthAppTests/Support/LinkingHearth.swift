import Clocks
import Cryptography
import Foundation
import Fulfillment
import HTTPMessages
import HearthApp
import HearthFakes
import HearthTestSupport
import HearthTesting
import InMemoryLogging
import JSON
import Logging
import MatterModel
import MicroHTTPD
import OAuth
import Registry
import RegistrySQLite
import Synchronization

/// Hearth with account linking as `hearth serve` runs it — real SQLite file, real microhttpd listener on
/// 127.0.0.1 port 0, the OAuth server — with a clock the test moves, logs captured at trace level, and curl as
/// the client (it never follows redirects).
final class LinkingHearth: Sendable {
    static let redirectURI = "https://oauth-redirect.googleusercontent.com/r/hearth-test"
    static let sandboxRedirectURI = "https://oauth-redirect-sandbox.googleusercontent.com/r/hearth-test"
    static let google = OAuthClient(
        id: "google",
        redirectURIs: [redirectURI, sandboxRedirectURI],
        secret: "google-client-secret-0123456789"
    )
    static let googleSecret = "google-client-secret-0123456789"
    static let other = OAuthClient(
        id: "other",
        redirectURIs: ["https://other.example/callback"],
        secret: "other-client-secret-9876543210"
    )
    static let otherSecret = "other-client-secret-9876543210"
    static let noSecret = OAuthClient(id: "unready", redirectURIs: ["https://unready.example/cb"], secret: nil)

    /// The harness underneath.
    let harness: InProcessHearth
    var directory: URL { harness.directory }
    var hearth: HearthServer { harness.server }
    var store: any ServingStore { harness.store }
    var server: HTTPServer { harness.listener }
    var port: Int { harness.port }
    let logs = InMemoryLogHandler()
    /// Every event as `hearth serve` writes it, once as a text line and once as a JSON line.
    let rendered = CapturedLines()
    /// The wall clock of the OAuth server and the bearer check: starts at the real time, moved by the test.
    private let clock = ManualClock(unixMilliseconds: SystemClock().unixMilliseconds)

    /// Hearth built as `hearth serve` builds it (the HearthTesting product's `InProcessHearth`), the OAuth clients
    /// above unless `settings` names others; without a budget, sign-in attempts and client secrets are not
    /// throttled. Logged at trace to ``logs`` and, in both formats (`log.format`), to ``rendered``.
    init(
        devices: String = TestHomes.twoUsers,
        settings: OAuthSettings = OAuthSettings(),
        options: FulfillmentOptions = FulfillmentOptions(),
        threads: Int = 2,
        signInBudget: (any AttemptBudget)? = nil,
        clientSecretBudget: (any AttemptBudget)? = nil,
        verifyPassword: (@Sendable (String, String) -> Bool)? = nil,
        delayClock: any HearthClock = SystemClock()
    ) throws {
        let rendered = self.rendered
        harness = try InProcessHearth(
            devices: .json(devices),
            settings: HearthConfiguration.testSettings(threads: threads),
            configure: { configuration in
                configuration.oauth = settings
                configuration.fulfillment = options
            },
            overrides: HearthApplication.Overrides(
                oauthClients: settings.clients.isEmpty ? [Self.google, Self.other, Self.noSecret] : settings.clients,
                signInBudget: signInBudget ?? UnlimitedBudget(),
                clientSecretBudget: clientSecretBudget ?? UnlimitedBudget(),
                verifyPassword: verifyPassword,
                listenerClock: delayClock
            ),
            clock: clock,
            logLevel: .trace,
            logHandlers: [logs]
                + LogFormat.allCases.map { format -> any LogHandler in
                    SanitizingLogHandler(
                        wrapping: LineLogHandler(label: "hearth-oauth-test", format: format, sink: rendered.append)
                    )
                }
        )
    }

    func shutdown() {
        harness.stop()
    }

    /// Moves the clock of the OAuth server and the bearer check.
    func advance(seconds: Int64) {
        clock.advance(by: .seconds(seconds))
    }

    /// Adds an account with a cheap password hash path (the real PBKDF2 of the store).
    func addAccount(user: String, login: String, password: String) throws {
        try store.addAccount(user: user, login: login, password: password, now: UnixTime(seconds: 0))
    }

    // MARK: - HTTP through curl

    struct Response: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: JSONValue? { try? JSONParser.parse(Array(body)) }
        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        /// The query parameters of the `Location` header, decoded.
        var locationQuery: [String: String] {
            guard let location = header("Location"), let components = URLComponents(string: location) else {
                return [:]
            }
            var query: [String: String] = [:]
            for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
            return query
        }
        var locationWithoutQuery: String? {
            header("Location").map { String($0.split(separator: "?", maxSplits: 1)[0]) }
        }
    }

    /// One request with curl (`-i`, no redirects followed); the body goes through stdin, nothing secret in argv
    /// beyond what the test itself made.
    func request(
        _ method: String,
        _ path: String,
        body: String? = nil,
        headers: [String: String] = [:]
    ) throws -> Response {
        try Self.request(port: port, method, path, body: body, headers: headers)
    }

    /// One request with curl to any Hearth on `port` (a `hearth serve` process too), as ``request(_:_:body:headers:)``.
    static func request(
        port: Int,
        _ method: String,
        _ path: String,
        body: String? = nil,
        headers: [String: String] = [:]
    ) throws -> Response {
        var arguments = ["-s", "-i", "-X", method, "--max-time", "20"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        if body != nil { arguments += ["--data-binary", "@-"] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let result = try ChildProcess.run("/usr/bin/curl", arguments, input: Array((body ?? "").utf8))
        guard result.termination.succeeded else {
            throw HarnessError("curl failed (\(result.termination)): \(result.stderrText)")
        }
        return try Self.parse(Data(result.stdout))
    }

    private static func parse(_ data: Data) throws -> Response {
        let bytes = Array(data)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw HarnessError("no header end in curl output")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw HarnessError("bad status line \(head[0])")
        }
        var headers: [(String, String)] = []
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            )
        }
        return Response(status: status, headers: headers, body: Data(bytes[(end + 4)...]))
    }

    // MARK: - The linking flow, step by step

    static func form(_ fields: [(String, String?)]) -> String {
        fields.compactMap { name, value in
            value.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        }.joined(separator: "&")
    }

    /// The authorization request's query.
    static func authorizeQuery(
        clientId: String? = "google",
        redirectURI: String? = redirectURI,
        state: String? = "state-xyz",
        responseType: String? = "code",
        challenge: String? = nil,
        method: String? = nil,
        scope: String? = nil
    ) -> [(String, String?)] {
        [
            ("response_type", responseType), ("client_id", clientId), ("redirect_uri", redirectURI),
            ("state", state), ("scope", scope), ("code_challenge", challenge), ("code_challenge_method", method),
        ]
    }

    /// GET the sign-in page.
    func authorizePage(_ query: [(String, String?)]) throws -> Response {
        try request("GET", "/oauth/authorize?" + Self.form(query))
    }

    /// The hidden fields of the page's form, read from its HTML (entities decoded).
    static func hiddenFields(_ html: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        for part in html.components(separatedBy: "<input type=\"hidden\" ").dropFirst() {
            guard let nameStart = part.range(of: "name=\""), let valueStart = part.range(of: "value=\"") else {
                continue
            }
            let name = part[nameStart.upperBound...].prefix { $0 != "\"" }
            let value = part[valueStart.upperBound...].prefix { $0 != "\"" }
            fields.append((String(name), unescapeHTML(String(value))))
        }
        return fields
    }

    static func unescapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// POSTs the sign-in form: the page's hidden fields, then `extra` (login, password, decision).
    func submit(page: Response, _ extra: [(String, String?)], replacing: [String: String] = [:]) throws -> Response {
        let hidden = Self.hiddenFields(page.text).map { ($0.0, Optional(replacing[$0.0] ?? $0.1)) }
        return try request(
            "POST",
            "/oauth/authorize",
            body: Self.form(hidden + extra),
            headers: ["Content-Type": "application/x-www-form-urlencoded"]
        )
    }

    /// Authorize page → sign in → the code from the redirect.
    func code(
        login: String = "alice@example.com",
        password: String = "correct horse battery staple",
        query: [(String, String?)] = authorizeQuery()
    ) throws -> String {
        let page = try authorizePage(query)
        let redirect = try submit(page: page, [("login", login), ("password", password), ("decision", "allow")])
        guard redirect.status == 302, let code = redirect.locationQuery["code"] else {
            throw HarnessError("sign-in did not redirect with a code: \(redirect.status) \(redirect.text)")
        }
        return code
    }

    /// POST /oauth/token with a form body; client credentials in the body unless `basic`.
    func token(
        _ fields: [(String, String?)],
        client: (String, String)? = ("google", googleSecret),
        basic: Bool = false,
        contentType: String = "application/x-www-form-urlencoded"
    ) throws -> Response {
        var fields = fields
        var headers = ["Content-Type": contentType]
        if let (id, secret) = client {
            if basic {
                headers["Authorization"] = "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
            } else {
                fields += [("client_id", id), ("client_secret", secret)]
            }
        }
        return try request("POST", "/oauth/token", body: Self.form(fields), headers: headers)
    }

    /// Exchanges a code; the answer's JSON.
    func exchange(_ code: String, verifier: String? = nil, redirectURI: String = redirectURI) throws -> Response {
        try token([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("code_verifier", verifier),
        ])
    }

    /// A fulfillment intent with a bearer token.
    func intent(_ json: String, token: String) throws -> Response {
        try request(
            "POST",
            "/fulfillment",
            body: json,
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        )
    }

    /// Every captured log line, message and metadata, as text.
    var logText: String {
        (logs.entries.map { "\($0.level) \($0.message) \($0.metadata)" } + rendered.all)
            .joined(separator: "\n")
    }
}

/// A budget that never holds an attempt back: what the harness charges when a test gives none.
struct UnlimitedBudget: AttemptBudget {
    func client(of request: Request) -> String { "" }
    func charge(_ client: String) -> Duration { .zero }
}
