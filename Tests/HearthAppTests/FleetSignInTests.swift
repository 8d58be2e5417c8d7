import Foundation
import HearthApp
import HearthTestSupport
import Testing

/// Two `hearth serve` processes on one registry, as a fleet runs them behind a load balancer: a sign-in page
/// rendered by one instance is accepted by the other when both read the same `oauth.formKeyFile`, and refused
/// (a fresh form, no code) when each drew its own random key. `oauth.formKeyFile` itself: short or unreadable
/// files stop the start with a message naming the key and not the content.
@Suite(.serialized)
struct FleetSignInTests {
    static let environment = [
        "HEARTH_DEVICES_SEED_FILE": "",
        "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": "google-client-secret-0123456789",
    ]
    static let redirectURI = "https://oauth-redirect.googleusercontent.com/r/hearth-dev"
    static let password = "correct horse battery staple"

    /// A registry with one login, in `directory`.
    static func registry(in directory: TemporaryDirectory) throws -> String {
        let database = directory.path("hearth.sqlite")
        let added = try HearthCLI.run(
            ["users", "add", "--user", "alice", "--login", "alice@example.com", "--database", database],
            in: directory.url,
            environment: environment,
            input: Data(password.utf8)
        )
        #expect(added.status == 0, "\(added)")
        return database
    }

    /// Sign-in page from `first`, the filled form posted to `second`.
    static func signIn(pageFrom first: ServerProcess, postTo second: ServerProcess) throws -> LinkingHearth.Response {
        let query = LinkingHearth.authorizeQuery(redirectURI: redirectURI)
        let page = try LinkingHearth.request(port: first.port, "GET", "/oauth/authorize?" + LinkingHearth.form(query))
        #expect(page.status == 200, "\(page.status) \(page.text)")
        let fields = LinkingHearth.hiddenFields(page.text).map { ($0.0, Optional($0.1)) }
        return try LinkingHearth.request(
            port: second.port,
            "POST",
            "/oauth/authorize",
            body: LinkingHearth.form(
                fields + [("login", "alice@example.com"), ("password", password), ("decision", "allow")]
            ),
            headers: ["Content-Type": "application/x-www-form-urlencoded"]
        )
    }

    @Test func aFormFromOneInstanceIsAcceptedByAnotherWithTheSameKeyFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.registry(in: directory)
        let keyFile = try directory.write(
            "form.key",
            "6f1c0e0b7d8a4e2f9a3b5c7d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f\n"
        )
        let arguments = ["--database", database]
        let environment = Self.environment.merging(["HEARTH_OAUTH_FORM_KEY_FILE": keyFile]) { $1 }
        let a = try await ServerProcess(arguments, in: directory.url, environment: environment)
        defer { a.kill() }
        let b = try await ServerProcess(arguments, in: directory.url, environment: environment)
        defer { b.kill() }
        let redirect = try Self.signIn(pageFrom: a, postTo: b)
        #expect(redirect.status == 302, "\(redirect.status) \(redirect.text)")
        #expect(redirect.locationQuery["code"]?.isEmpty == false)
        #expect(redirect.locationQuery["state"] == "state-xyz")
    }

    @Test func withoutAKeyFileEachInstanceRefusesTheOthersForm() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.registry(in: directory)
        let arguments = ["--database", database]
        let a = try await ServerProcess(arguments, in: directory.url, environment: Self.environment)
        defer { a.kill() }
        let b = try await ServerProcess(arguments, in: directory.url, environment: Self.environment)
        defer { b.kill() }
        let refused = try Self.signIn(pageFrom: a, postTo: b)
        #expect(refused.status != 302, "\(refused.status) \(refused.text)")
        #expect(refused.header("Location") == nil)
        // The same instance accepts its own form: the refusal above is the key's doing.
        let accepted = try Self.signIn(pageFrom: b, postTo: b)
        #expect(accepted.status == 302, "\(accepted.status) \(accepted.text)")
    }

    @Test func aShortOrMissingKeyFileStopsTheStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let short = try directory.write("short.key", "0123456789abcdef\n")
        let cases = [
            (short, "holds 16 bytes"),
            (directory.path("missing.key"), "cannot read"),
        ]
        for (path, message) in cases {
            let result = try HearthCLI.run(
                ["serve", "--host", "127.0.0.1", "--port", "0", "--database", directory.path("h.sqlite")],
                in: directory.url,
                environment: Self.environment.merging(["HEARTH_OAUTH_FORM_KEY_FILE": path]) { $1 }
            )
            #expect(result.status != 0, "\(result)")
            #expect(result.stderr.contains("oauth.formKeyFile"), "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
            #expect(!result.stderr.contains("0123456789abcdef"), "the key's content must not be printed")
            #expect(!FileManager.default.fileExists(atPath: directory.path("h.sqlite")))
        }
    }
}
