import Foundation
import HearthTestSupport
import JSON
import Testing

/// `hearth serve` and the CLI on a PostgreSQL database (the test process's throwaway cluster): the seed import,
/// SYNC, EXECUTE and QUERY through the real listener, and CLI commands against the same database while it runs.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLServeProcessTests {
    @Test func serveAndTheCLIWorkOnPostgreSQL() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try PostgreSQLCluster.start().createDatabase()
        let server = try await ServerProcess(
            ["--database", database],
            in: RepositoryRoot.url,
            environment: [
                "HEARTH_DATABASE_CACHE_REVALIDATION_MILLISECONDS": "0",
                "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": "serve-test-client-secret",
            ]
        )
        defer { server.kill() }
        let health = try await server.request("GET", path: "/healthz")
        #expect(health.status == 200, "\(health.text)")
        #expect(server.stderr.contains("Imported the seed device file"), "\(server.stderr)")

        // A token issued by the CLI on the same PostgreSQL database, while the server runs.
        let token = try ServeProcessTests.issueToken(user: "demo-user", database: database, in: directory)
        let sync = try await server.intent(TestHomes.sync, token: token)
        #expect(sync.status == 200, "\(sync.text)")
        let synced = sync.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(synced == (try ServeProcessTests.seedDeviceIds(user: "demo-user")), "every seed device, in order")

        let execute = try await server.intent(
            TestHomes.execute(["kitchen-ceiling", "tv-plug"], command: "OnOff", params: #"{"on":false}"#),
            token: token
        )
        #expect(execute.status == 200, "\(execute.text)")
        #expect(execute.json?["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "\(execute.text)")
        let query = try await server.intent(TestHomes.query(["kitchen-ceiling", "tv-plug"]), token: token)
        #expect(query.status == 200, "\(query.text)")
        #expect(query.json?["payload"]?["devices"]?["kitchen-ceiling"]?["on"] == false, "\(query.text)")
        #expect(query.json?["payload"]?["devices"]?["tv-plug"]?["on"] == false, "\(query.text)")

        // The CLI reads what EXECUTE wrote, and a revocation through the CLI is refused by the server at once.
        let listed = try HearthCLI.run(
            ["devices", "list", "--user", "demo-user", "--database", database],
            in: directory.url
        )
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("kitchen-ceiling"), "\(listed)")
        let added = try HearthCLI.run(
            ["users", "add", "--user", "demo-user", "--login", "demo", "--database", database],
            in: directory.url,
            input: Data("a long enough password".utf8)
        )
        #expect(added.status == 0, "\(added)")
        // `users remove` revokes every token of the user: the server refuses the token on the next request.
        let removed = try HearthCLI.run(
            ["users", "remove", "--user", "demo-user", "--database", database],
            in: directory.url
        )
        #expect(removed.status == 0, "\(removed)")
        let refused = try await server.intent(TestHomes.sync, token: token)
        #expect(refused.status == 401, "\(refused.text)")

        let keys = try HearthCLI.run(
            ["apikeys", "create", "--name", "backend", "--database", database],
            in: directory.url
        )
        #expect(keys.status == 0, "\(keys)")
        let users = try HearthCLI.run(["users", "list", "--database", database], in: directory.url)
        #expect(users.status == 0, "\(users)")
        #expect(!users.stdout.contains("demo"), "\(users)")
        #expect(ServeProcessTests.alarmingLines(server.stderr).isEmpty, "\(server.stderr)")
    }
}
