import Foundation

/// A real headless Chromium walking a sign-in through the identity provider, page by page, with
/// `Tests/HearthAppTests/Fixtures/Browser/upstream_sign_in.py`: the provider's login and password forms, its consent
/// page if shown, Hearth's consent page if shown, until the browser requests a URL with the redirect prefix — which
/// the driver intercepts, so nothing leaves 127.0.0.1.
///
/// Needs `chromium-headless-shell` (or `chromium`) and the system Python 3 with `websocket-client`, like
/// `BrowserSignInTests`: ``setup`` says which, or why not.
public enum IdentityProviderBrowser {
    /// What the driver reports.
    public struct Outcome: Decodable, Sendable {
        /// One page the browser acted on.
        public struct Page: Decodable, Sendable, Equatable {
            public var url: String
            /// `idp-login`, `idp-password`, `idp-consent` or `hearth-consent`.
            public var kind: String
        }

        public var reached: Bool
        public var redirect: String?
        public var violations: [String]
        public var console: [String]
        public var error: String?
        public var pages: [Page]

        /// The redirect's query parameters.
        public var query: [String: String] {
            var query: [String: String] = [:]
            for item in redirect.flatMap({ URLComponents(string: $0) })?.queryItems ?? [] {
                query[item.name] = item.value ?? ""
            }
            return query
        }
    }

    /// Whether CI demands the browser (`HEARTH_REQUIRE_BROWSER=1`).
    public static var required: Bool { ProcessInfo.processInfo.environment["HEARTH_REQUIRE_BROWSER"] == "1" }

    /// The browser and Python this machine has, or why not.
    public static let setup: Result<(browser: String, python: String), TestFailure> = {
        let environment = ProcessInfo.processInfo.environment
        let candidates =
            [environment["HEARTH_BROWSER"]].compactMap { $0 }
            + ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        guard let browser = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(TestFailure("no Chromium: install chromium-headless-shell (or chromium)"))
        }
        let pythons =
            ["/usr/bin/python3", "/usr/local/bin/python3"]
            + (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        for python in pythons where FileManager.default.isExecutableFile(atPath: python) {
            if (try? ChildProcess.run(python, ["-c", "import websocket"]).termination.succeeded) == true {
                return .success((browser, python))
            }
        }
        return .failure(TestFailure("no Python 3 with websocket-client: install python3-websocket"))
    }()

    /// Whether browser tests run: a browser is there, or it is required (then its absence fails).
    public static var testsEnabled: Bool {
        if case .success = setup { return true }
        return required
    }

    /// Why they are skipped.
    public static var skipNote: String {
        if case .failure(let why) = setup {
            return "browser tests skipped: \(why.description); HEARTH_REQUIRE_BROWSER=1 makes this a failure"
        }
        return "browser available"
    }

    /// Opens `url` and signs in as `login` / `password` at the provider; `idpConsent` (`accept` or `deny`) answers
    /// the provider's consent page, `decision` (`allow` or `deny`) Hearth's. Returns when a URL starting with
    /// `redirectPrefix` is requested (``Outcome/reached``), a CSP violation stopped the browser, or the driver gave up
    /// (then it throws, quoting what the driver saw). The browser runs off the cooperative pool (``offThePool(_:)``).
    public static func signIn(
        url: String,
        redirectPrefix: String,
        login: String,
        password: String,
        idpConsent: String = "accept",
        decision: String = "allow",
        timeoutSeconds: Int = 180
    ) async throws -> Outcome {
        let (browser, python) = try setup.get()
        let script = RepositoryRoot.url.appendingPathComponent("Tests/HearthAppTests/Fixtures/Browser")
            .appendingPathComponent("upstream_sign_in.py").path
        let arguments = [
            script, "--browser", browser, "--url", url, "--redirect-prefix", redirectPrefix, "--login", login,
            "--password", password, "--idp-consent", idpConsent, "--decision", decision,
            "--timeout", String(timeoutSeconds),
        ]
        let result = try await offThePool {
            try ChildProcess.run(python, arguments, timeout: .seconds(timeoutSeconds + 60))
        }
        let line = result.stdoutText.split(separator: "\n").last { $0.hasPrefix("{") }.map(String.init) ?? ""
        guard let outcome = try? JSONDecoder().decode(Outcome.self, from: Data(line.utf8)) else {
            throw TestFailure("the browser driver failed: \(result)")
        }
        if let error = outcome.error {
            throw TestFailure("the browser driver failed: \(error); pages: \(outcome.pages.map(\.kind))")
        }
        return outcome
    }
}
