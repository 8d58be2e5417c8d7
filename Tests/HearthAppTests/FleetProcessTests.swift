import Foundation
import HearthFakes
import HearthTestSupport
import JSON
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Two `hearth serve` processes, A and B, on one PostgreSQL database (the test process's throwaway cluster), as a
/// fleet runs them behind a load balancer: what is written through one is read through the other; a revocation
/// through one is refused by the other on the next request, whatever its cache; a change-stream consumer that moves
/// from one to the other resumes without a gap or a duplicate; a sign-in page rendered by one is accepted by the
/// other (one `oauth.formKeyFile`); both drain the one HomeGraph outbox and each report goes out once.
@Suite(.serialized, .enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct FleetProcessTests {
    static let clientSecret = "fleet-test-client-secret"

    /// A and B on a new database seeded with the example home; B trusts its cache for `revalidationMilliseconds`.
    static func fleet(
        in directory: TemporaryDirectory,
        revalidationMilliseconds: Int = 25
    ) async throws -> (a: ServerProcess, b: ServerProcess, database: String) {
        let database = try PostgreSQLCluster.start().createDatabase()
        let keyFile = try directory.write(
            "form.key",
            "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0\n"
        )
        let environment = [
            "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": clientSecret,
            "HEARTH_OAUTH_FORM_KEY_FILE": keyFile,
            "HEARTH_DATABASE_CACHE_REVALIDATION_MILLISECONDS": "\(revalidationMilliseconds)",
        ]
        // A seeds the empty database; B starts on the seeded one.
        let a = try await ServerProcess(["--database", database], in: RepositoryRoot.url, environment: environment)
        let b = try await ServerProcess(["--database", database], in: RepositoryRoot.url, environment: environment)
        return (a, b, database)
    }

    @Test func whatAWritesBReadsAndWhatARevokesBRefusesAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // B reads through a cache it trusts for 25 ms (the default): a revocation must not wait for it.
        let (a, b, database) = try await Self.fleet(in: directory)
        defer {
            a.kill()
            b.kill()
        }
        let token = try ServeProcessTests.issueToken(user: "demo-user", database: database, in: directory)
        // Warm B's cache for the device and the token.
        let before = try await b.intent(TestHomes.query(["tv-plug"]), token: token)
        #expect(before.json?["payload"]?["devices"]?["tv-plug"]?["on"] == true, "\(before.text)")

        let execute = try await a.intent(
            TestHomes.execute(["tv-plug"], command: "OnOff", params: #"{"on":false}"#),
            token: token
        )
        #expect(execute.json?["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "\(execute.text)")
        // B sees A's write within its revalidation interval: ask until it does, bounded by far more than 25 ms.
        let deadline = ContinuousClock.now + .seconds(5)
        var seen: JSONValue?
        repeat {
            let query = try await b.intent(TestHomes.query(["tv-plug"]), token: token)
            seen = query.json?["payload"]?["devices"]?["tv-plug"]?["on"]
        } while seen != false && ContinuousClock.now < deadline
        #expect(seen == false, "B never saw A's EXECUTE")

        let disconnect = try await a.intent(
            #"{"requestId":"d","inputs":[{"intent":"action.devices.DISCONNECT"}]}"#,
            token: token
        )
        #expect(disconnect.status == 200, "\(disconnect.text)")
        // The very next request to B, with its cache warm, is refused.
        let refused = try await b.intent(TestHomes.query(["tv-plug"]), token: token)
        #expect(refused.status == 401, "\(refused.text)")
    }

    @Test func aChangeStreamConsumerMovesFromAToBWithoutGapOrDuplicate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (a, b, database) = try await Self.fleet(in: directory)
        defer {
            a.kill()
            b.kill()
        }
        let token = try ServeProcessTests.issueToken(user: "demo-user", database: database, in: directory)
        let created = try HearthCLI.run(
            ["apikeys", "create", "--name", "consumer", "--database", database],
            in: directory.url
        )
        let key = try #require(created.lines.last)
        // The consumer starts at the log's present.
        let start = try await a.request("GET", path: "/v1/changes?after=0&limit=1000", token: key)
        var cursor = start.json?["next"]?.intValue ?? -1
        let first = cursor
        var seen: [Int] = []
        // EXECUTEs alternate between A and B; the consumer reads a page from A, then from B, and so on.
        for round in 0..<12 {
            let writer = round % 2 == 0 ? a : b
            let answer = try await writer.intent(
                TestHomes.execute(["tv-plug"], command: "OnOff", params: #"{"on":\#(round % 2 == 0)}"#),
                token: token
            )
            #expect(answer.status == 200)
            let reader = round % 3 == 0 ? b : a
            let page = try await reader.request("GET", path: "/v1/changes?after=\(cursor)&limit=1000", token: key)
            #expect(page.status == 200, "\(page.text)")
            for change in page.json?["changes"]?.arrayValue ?? [] {
                if let number = change["cursor"]?.intValue { seen.append(number) }
            }
            cursor = page.json?["next"]?.intValue ?? cursor
        }
        let rest = try await b.request("GET", path: "/v1/changes?after=\(cursor)&limit=1000", token: key)
        for change in rest.json?["changes"]?.arrayValue ?? [] {
            if let number = change["cursor"]?.intValue { seen.append(number) }
        }
        // Everything the log holds after the start, read in one go from B: what the moving consumer saw, in order.
        let all = try await b.request("GET", path: "/v1/changes?after=\(first)&limit=1000", token: key)
        let expected = (all.json?["changes"]?.arrayValue ?? []).compactMap { $0["cursor"]?.intValue }
        #expect(expected.count >= 12, "each EXECUTE records a command: \(expected)")
        #expect(seen == expected, "the consumer's cursors \(seen) vs the log's \(expected)")
        #expect(Set(seen).count == seen.count, "no duplicate")
    }

    @Test func aSignInPageFromAIsAcceptedByB() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (a, b, database) = try await Self.fleet(in: directory)
        defer {
            a.kill()
            b.kill()
        }
        let added = try HearthCLI.run(
            ["users", "add", "--user", "demo-user", "--login", "alice@example.com", "--database", database],
            in: directory.url,
            input: Data(FleetSignInTests.password.utf8)
        )
        #expect(added.status == 0, "\(added)")
        let redirect = try FleetSignInTests.signIn(pageFrom: a, postTo: b)
        #expect(redirect.status == 302, "\(redirect.status) \(redirect.text)")
        #expect(redirect.locationQuery["code"]?.isEmpty == false)
    }

    /// The fake HomeGraph and the service-account key of the reporting tests, the registry in a new PostgreSQL
    /// database holding their home, and a token of its user.
    static func reportingRegistry() throws -> (ReportingProcessTests.Environment, database: String, token: String) {
        let environment = try ReportingProcessTests.Environment()
        let database = try PostgreSQLCluster.start().createDatabase()
        let directory = environment.directory
        let imported = try HearthCLI.run(["devices", "import", "home.json", "--database", database], in: directory.url)
        try #require(imported.status == 0, "\(imported)")
        let issued = try HearthCLI.run(
            ["token", "issue", "--user", "alice", "--database", database],
            in: directory.url
        )
        return (environment, database, try #require(issued.lines.first))
    }

    @Test func bothInstancesDrainOneOutboxAndEachReportGoesOutOnce() async throws {
        let (environment, database, token) = try Self.reportingRegistry()
        let directory = environment.directory
        var variables = environment.serveEnvironment
        variables["HEARTH_DATABASE_CACHE_REVALIDATION_MILLISECONDS"] = "0"
        let a = try await ServerProcess(["--database", database], in: directory.url, environment: variables)
        defer { a.kill() }
        let b = try await ServerProcess(["--database", database], in: directory.url, environment: variables)
        defer { b.kill() }
        try await environment.sync(a, token: token)

        // Ten EXECUTEs, alternately through A and B, each a brightness no other sets.
        let levels = Array(stride(from: 10, through: 100, by: 10))
        for (index, level) in levels.enumerated() {
            let server = index % 2 == 0 ? a : b
            let answer = try await server.intent(
                TestHomes.execute(["lamp"], command: "BrightnessAbsolute", params: #"{"brightness":\#(level)}"#),
                token: token
            )
            #expect(answer.status == 200, "\(answer.text)")
            // Each one reported before the next (so no two are coalesced into one report).
            #expect(
                await environment.fake.waitForReports { reports in
                    ReportingProcessTests.Environment.reports(reports, status: 200).contains {
                        Self.brightness($0) == level
                    }
                },
                "the report of brightness \(level) never came"
            )
        }
        // Every state went out exactly once, whichever instance's drain claimed it.
        let delivered = environment.reports(status: 200).compactMap(Self.brightness)
        #expect(delivered.filter { levels.contains($0) }.sorted() == levels, "delivered: \(delivered)")
        #expect(Set(delivered).count == delivered.count, "a state was reported twice: \(delivered)")
    }

    @Test func aKilledInstancesQueuedReportIsDeliveredOnceByTheOther() async throws {
        let (environment, database, token) = try Self.reportingRegistry()
        let directory = environment.directory
        var variables = environment.serveEnvironment
        variables["HEARTH_DATABASE_OUTBOX_LEASE_SECONDS"] = "2"
        // A alone: its drain claims alice's work; Google is down, so the report stays queued under A's claim.
        let a = try await ServerProcess(["--database", database], in: directory.url, environment: variables)
        defer { a.kill() }
        try await environment.sync(a, token: token)
        environment.fake.failNext(status: 500, count: 1_000_000)
        let answer = try await a.intent(
            TestHomes.execute(["lamp"], command: "BrightnessAbsolute", params: #"{"brightness":77}"#),
            token: token
        )
        #expect(answer.status == 200)
        #expect(await environment.awaitReports(status: 500, count: 2))
        // B starts, A is killed mid-drain, Google comes back.
        let b = try await ServerProcess(["--database", database], in: directory.url, environment: variables)
        defer { b.kill() }
        a.send(signal: SIGKILL)
        #expect(a.waitForExit(timeout: .seconds(5)) != nil)
        environment.fake.failNext(status: 500, count: 0)
        // B takes alice over once A's lease lapses and delivers the report, once.
        #expect(
            await environment.fake.waitForReports { reports in
                ReportingProcessTests.Environment.reports(reports, status: 200).contains { Self.brightness($0) == 77 }
            }
        )
        #expect(b.stop() != nil)
        let delivered = environment.reports(status: 200).compactMap(Self.brightness).filter { $0 == 77 }
        #expect(delivered.count == 1, "delivered \(delivered.count) times")
    }

    @Test func dbCopyMovesARegistryToPostgreSQLAndBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sqlite = directory.path("home.sqlite")
        let imported = try HearthCLI.run(
            ["devices", "import", RepositoryRoot.config("devices.json").path, "--database", sqlite],
            in: directory.url
        )
        #expect(imported.status == 0, "\(imported)")
        let token = try ServeProcessTests.issueToken(user: "demo-user", database: sqlite, in: directory)
        let postgres = try PostgreSQLCluster.start().createDatabase()
        let copied = try HearthCLI.run(["db", "copy", "--from", sqlite, "--to", postgres], in: directory.url)
        #expect(copied.status == 0, "\(copied)")
        #expect(copied.stdout.contains("device 33"), "\(copied)")
        // The copy is the registry: the same devices, and the token (copied as its hash) works against it.
        let listed = try HearthCLI.run(
            ["devices", "list", "--user", "demo-user", "--database", postgres],
            in: directory.url
        )
        let original = try HearthCLI.run(
            ["devices", "list", "--user", "demo-user", "--database", sqlite],
            in: directory.url
        )
        #expect(listed.status == 0 && listed.stdout == original.stdout, "\(listed)")
        let again = try HearthCLI.run(["db", "copy", "--from", sqlite, "--to", postgres], in: directory.url)
        #expect(again.status == 73, "a copy never merges: \(again)")
        let back = directory.path("back.sqlite")
        let returned = try HearthCLI.run(["db", "copy", "--from", postgres, "--to", back], in: directory.url)
        #expect(returned.status == 0, "\(returned)")
        let listedBack = try HearthCLI.run(
            ["devices", "list", "--user", "demo-user", "--database", back],
            in: directory.url
        )
        #expect(listedBack.stdout == original.stdout)
        // A server on the twice-copied registry accepts the token issued before the copies (its hash came along).
        let server = try await ServerProcess(
            ["--database", back],
            in: directory.url,
            environment: ["HEARTH_DEVICES_SEED_FILE": ""]
        )
        defer { server.kill() }
        let sync = try await server.intent(TestHomes.sync, token: token)
        #expect(sync.status == 200, "\(sync.text)")
    }

    /// The lamp's brightness in a Report State call the fake recorded.
    static func brightness(_ report: JSONValue) -> Int? {
        report["body"]?["payload"]?["devices"]?["states"]?["lamp"]?["brightness"]?.intValue
    }
}
