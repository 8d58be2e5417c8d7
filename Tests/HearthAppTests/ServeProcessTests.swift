import Foundation
import HearthApp
import HearthTestSupport
import JSON
import Logging
import Registry
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hearth serve` as a process: run from the repository root (so it finds `Config/hearth.json` and seeds an empty
/// database from `Config/devices.json`) on a temporary database, stopped by signals.
struct ServeProcessTests {
    /// The device ids `Config/devices.json` gives a user, in file order.
    static func seedDeviceIds(user: String) throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("devices.json").path))
        let file = try JSONParser.parse(Array(data))
        let entry = try #require(file["users"]?.arrayValue?.first { $0["agentUserId"]?.stringValue == user })
        return entry["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    /// `hearth token issue --user ID --database FILE`, run while the server runs.
    static func issueToken(user: String, database: String, in directory: TemporaryDirectory) throws -> String {
        let result = try HearthCLI.run(
            ["token", "issue", "--user", user, "--database", database],
            in: directory.url
        )
        try #require(result.status == 0, "\(result)")
        return try #require(result.lines.first)
    }

    /// Log lines at a level that needs someone's attention.
    static func alarmingLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            [" warning ", " error ", " critical ", "Fatal error", "panic"].contains { line.contains($0) }
        }
    }

    @Test func serveSeedsAnswersCLITokensAndFinishesInFlightRequestsOnSIGTERM() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        // Revalidate the cache on every read, so the CLI import below must show in the very next SYNC. The example
        // OAuth client gets its secret as production would (without one, start warns, as it should).
        let server = try await ServerProcess(
            ["--database", database],
            in: RepositoryRoot.url,
            environment: [
                "HEARTH_DATABASE_CACHE_REVALIDATION_MILLISECONDS": "0",
                "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": "serve-test-client-secret",
            ]
        )
        defer { server.kill() }

        // Health, and the seed import of the example home into the empty database.
        let health = try await server.request("GET", path: "/healthz")
        #expect(health.status == 200)
        #expect(health.json == ["status": "ok"], "\(health.text)")
        #expect(server.stderr.contains("Imported the seed device file"), "\(server.stderr)")

        // Tokens issued by the CLI, on the same database, while the server runs.
        let token = try Self.issueToken(user: "demo-user", database: database, in: directory)
        let sync = try await server.intent(TestHomes.sync, token: token)
        #expect(sync.status == 200, "\(sync.text)")
        #expect(sync.json?["payload"]?["agentUserId"] == "demo-user")
        let synced = sync.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        let seedIds = try Self.seedDeviceIds(user: "demo-user")
        #expect(synced.count == 30)
        #expect(synced == seedIds, "every seed device, in file order")
        // A device file imported by the CLI while the server runs is served at once.
        let file = try directory.write(
            "more.json",
            #"{"users":[{"agentUserId":"demo-user","devices":[{"id":"new-plug","name":"New plug","#
                + #""deviceTypes":["OnOffPlugInUnit"],"clusters":{"OnOff":{"OnOff":true}}}]}]}"#
        )
        let imported = try HearthCLI.run(["devices", "import", file, "--database", database], in: directory.url)
        #expect(imported.status == 0, "\(imported)")
        let resync = try await server.intent(TestHomes.sync, token: token)
        let resynced = resync.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(resynced == seedIds + ["new-plug"], "\(resynced)")

        let guestToken = try Self.issueToken(user: "guest-user", database: database, in: directory)
        let guestSync = try await server.intent(TestHomes.sync, token: guestToken)
        #expect(guestSync.json?["payload"]?["devices"]?.arrayValue?.count == 3, "\(guestSync.text)")
        let forged = try await server.intent(TestHomes.sync, token: String(token.reversed()))
        #expect(forged.status == 401)

        // A QUERY whose headers and first half of the body have arrived when SIGTERM does.
        let body = Array(TestHomes.query(["kitchen-ceiling", "hallway"], requestId: "in-flight").utf8)
        let half = body.count / 2
        let connection = try RawHTTPClient(port: server.port)
        // `Expect: 100-continue`: microhttpd answers `100 Continue` once it has read the headers and begun the
        // request (counted in flight), the event the test awaits before sending half the body and SIGTERM.
        try connection.send(
            "POST /fulfillment HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nExpect: 100-continue\r\n\r\n"
        )
        #expect(try connection.readResponse().status == 100, "the request is in flight")
        try connection.send(String(decoding: body[..<half], as: UTF8.self))
        server.send(signal: SIGTERM)

        #expect(await server.waitForLog("HTTP server shutting down"), "\(server.stderr)")
        let shuttingDown = server.stderr.split(separator: "\n").first { $0.contains("HTTP server shutting down") }
        #expect(shuttingDown?.contains("http.in_flight=1") == true, "the half-sent request counts as in flight")
        #expect(server.isRunning, "the server waits for the in-flight request")
        #expect(throws: (any Error).self, "no new connections while draining") {
            _ = try RawHTTPClient(port: server.port, readTimeoutSeconds: 1)
        }

        try connection.send(String(decoding: body[half...], as: UTF8.self))
        let response = try connection.readResponse()
        #expect(response.status == 200, "\(response.headers)")
        #expect(response.header("Connection")?.lowercased() == "close", "\(response.headers)")
        let answer = try JSONParser.parse(response.body)
        #expect(answer["requestId"] == "in-flight")
        #expect(answer["payload"]?["devices"]?["kitchen-ceiling"]?["on"] == true, "\(answer)")
        #expect(answer["payload"]?["devices"]?["hallway"]?["on"] == false, "\(answer)")

        let termination = server.waitForExit(timeout: .seconds(5))
        #expect(termination == ServerProcess.Termination(reason: .exit, status: 0), "\(server.stderr)")
        #expect(server.stdout == "hearth listening on http://127.0.0.1:\(server.port)\n")
        #expect(Self.alarmingLines(server.stderr).isEmpty, "\(server.stderr)")
        #expect(!server.stderr.contains("serve-test-client-secret"))
        #expect(server.stderr.contains("http.abandoned_requests=0"), "\(server.stderr)")
        #expect(server.stderr.contains("Hearth stopped"), "\(server.stderr)")
    }

    @Test func executedStateSurvivesARestartAndTheGracePeriodBoundsTheStop() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")

        // The first server logs everything: even then no token may appear in its logs.
        let first = try await ServerProcess(
            ["--database", database],
            in: RepositoryRoot.url,
            environment: ["HEARTH_LOG_LEVEL": "trace"]
        )
        defer { first.kill() }
        let token = try Self.issueToken(user: "demo-user", database: database, in: directory)
        let before = try await first.intent(
            TestHomes.query(["kitchen-ceiling", "tv-plug", "office-desk"]),
            token: token
        )
        let devicesBefore = before.json?["payload"]?["devices"]
        #expect(devicesBefore?["kitchen-ceiling"]?["on"] == true && devicesBefore?["tv-plug"]?["on"] == true)

        let execute = try await first.intent(
            TestHomes.execute(["kitchen-ceiling", "tv-plug"], command: "OnOff", params: #"{"on":false}"#),
            token: token
        )
        #expect(execute.status == 200, "\(execute.text)")
        let commands = execute.json?["payload"]?["commands"]?.arrayValue ?? []
        #expect(commands.count == 1 && commands.first?["status"] == "SUCCESS", "\(execute.text)")
        // SIGINT stops it as gracefully as SIGTERM.
        #expect(first.stop(signal: SIGINT) == ServerProcess.Termination(reason: .exit, status: 0), "\(first.stderr)")
        #expect(first.stderr.contains("agent_user.id=demo-user"), "trace logging was on: \(first.stderr)")
        #expect(!first.stderr.contains(token), "a bearer token was logged")

        let second = try await ServerProcess(
            ["--database", database],
            in: RepositoryRoot.url,
            environment: ["HEARTH_HTTP_SHUTDOWN_GRACE_PERIOD_SECONDS": "1"]
        )
        defer { second.kill() }
        #expect(!second.stderr.contains("Imported the seed device file"), "a non-empty database is not re-seeded")
        let after = try await second.intent(
            TestHomes.query(["kitchen-ceiling", "tv-plug", "office-desk"]),
            token: token
        )
        #expect(after.status == 200, "\(after.text)")
        let devicesAfter = after.json?["payload"]?["devices"]
        #expect(devicesAfter?["kitchen-ceiling"]?["on"] == false, "\(after.text)")
        #expect(devicesAfter?["tv-plug"]?["on"] == false, "\(after.text)")
        #expect(devicesAfter?["office-desk"]?["on"] == true, "untouched devices keep their state")

        // The second server runs with a 1 s grace period: a request that never completes does not hold up the
        // stop for longer than that.
        let stalled = try RawHTTPClient(port: second.port)
        try stalled.send(
            "POST /fulfillment HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n"
        )
        // As above: `100 Continue` shows the stalled request is in flight.
        #expect(try stalled.readResponse().status == 100, "the stalled request is in flight")
        try stalled.send("{\"requestId\":")
        let stopping = ContinuousClock.now
        let termination = second.stop(timeout: .seconds(8))
        let elapsed = ContinuousClock.now - stopping
        #expect(termination == ServerProcess.Termination(reason: .exit, status: 0), "\(second.stderr)")
        #expect(elapsed >= .milliseconds(900), "it waited for the stalled request: \(elapsed)")
        #expect(elapsed < .seconds(5), "\(elapsed)")
        #expect(second.stderr.contains("http.abandoned_requests=1"), "\(second.stderr)")
    }

    /// Kubernetes injects `HEARTH_PORT`, `HEARTH_SERVICE_HOST`, … into every pod of a namespace with a Service named
    /// `hearth`: `serve` starts anyway, warns naming each variable, and keeps its configured port.
    @Test func serveStartsAndWarnsWithKubernetesServiceLinksAndTypos() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await ServerProcess(
            ["--database", directory.path("hearth.sqlite")],
            in: RepositoryRoot.url,
            environment: [
                "HEARTH_PORT": "tcp://10.0.0.1:8080",
                "HEARTH_SERVICE_HOST": "10.0.0.1",
                "HEARTH_PORT_8080_TCP_ADDR": "10.0.0.1",
                "HEARTH_LOG_LEVL": "debug",
                "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": "serve-test-client-secret",
            ]
        )
        defer { server.kill() }
        let health = try await server.request("GET", path: "/healthz")
        #expect(health.status == 200, "\(health.text)")
        #expect(server.stop() == ServerProcess.Termination(reason: .exit, status: 0), "\(server.stderr)")
        let warnings = server.stderr.split(separator: "\n").filter { $0.hasPrefix("hearth: warning: ") }
        for variable in ["HEARTH_PORT", "HEARTH_SERVICE_HOST", "HEARTH_PORT_8080_TCP_ADDR"] {
            let line = warnings.first { $0.contains("variable \(variable):") }
            #expect(line?.contains("Kubernetes service link") == true, "\(variable): \(server.stderr)")
        }
        #expect(
            warnings.contains { $0.contains("HEARTH_LOG_LEVL") && $0.contains("Did you mean HEARTH_LOG_LEVEL?") },
            "\(server.stderr)"
        )
        #expect(warnings.count == 4, "one line per ignored variable: \(server.stderr)")
        #expect(!server.stderr.contains("10.0.0.1"), "values are not echoed: \(server.stderr)")
    }

    /// `devices.seedFile` is for an empty registry. A registry that already has users (and their tokens) but no
    /// devices yet is not empty. In process: this is `HearthApplication.openStore()`, what `serve` runs first.
    @Test func seedIsNotImportedIntoARegistryThatHasUsers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let file = try directory.write("alice.json", #"{"users":[{"agentUserId":"alice","devices":[]}]}"#)
        let imported = try HearthCLI.run(["devices", "import", file, "--database", database], in: directory.url)
        try #require(imported.status == 0, "\(imported)")
        _ = try Self.issueToken(user: "alice", database: database, in: directory)

        let values = try ConfigValues.load(
            file: RepositoryRoot.config("hearth.json").path,
            environment: [:],
            overrides: [
                .set(\.database.path, database),
                .set(\.devices.seedFile, RepositoryRoot.config("devices.json").path),
            ]
        )
        let application = HearthApplication(
            configuration: HearthConfiguration(values),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let store = try application.openStore()
        defer { try? store.close() }
        let users = try store.users()
        #expect(users.contains("alice"))
        #expect(!users.contains("demo-user"), "the example home was imported next to alice: \(users)")
    }
}
