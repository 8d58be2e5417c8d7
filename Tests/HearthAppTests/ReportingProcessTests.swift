import Cryptography
import Foundation
import HearthFakes
import HearthTestSupport
import HomeGraph
import JSON
import Logging
import MicroHTTPD
import Registry
import RegistrySQLite
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hearth serve` as a process reporting to a fake HomeGraph on loopback: what survives kill -9, and what the CLI
/// queues for a running server.
@Suite(.serialized)
struct ReportingProcessTests {

    /// A temporary directory with a service-account key pair, a key file pointing at an in-process fake, and a
    /// registry holding ``TestHomes/aliceLamp``.
    final class Environment {
        let directory: TemporaryDirectory
        let fake: FakeHomeGraph
        let server: HTTPServer
        let port: Int

        init() throws {
            directory = try TemporaryDirectory()
            let key = directory.path("sa.pem")
            let pub = directory.path("sa.pub.pem")
            try RSAKeyPair.write(privateKeyPath: key, publicKeyPath: pub)
            fake = FakeHomeGraph(publicKey: try RSAPublicKey(pem: try String(contentsOfFile: pub, encoding: .utf8)))
            server = HTTPServer(
                configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 2),
                responder: fake,
                logger: Logger(label: "fake") { _ in SwiftLogNoOpLogHandler() }
            )
            port = try server.start()
            let keyJSON = JSONObject([
                ("type", .string("service_account")),
                ("client_email", .string("hearth@hearth-test.iam.gserviceaccount.com")),
                ("private_key", .string(try String(contentsOfFile: key, encoding: .utf8))),
                ("token_uri", .string("http://127.0.0.1:\(port)/token")),
            ])
            try directory.write("key.json", String(decoding: JSONWriter.bytes(.object(keyJSON)), as: UTF8.self))
            try directory.write("home.json", TestHomes.aliceLamp)
            let imported = try HearthCLI.run(
                ["devices", "import", "home.json", "--database", "h.sqlite"],
                in: directory.url
            )
            guard imported.status == 0 else { throw HarnessError("import failed: \(imported)") }
        }

        deinit {
            server.shutdown()
            directory.remove()
        }

        /// The environment of a `hearth serve` that reports to the fake, retrying fast.
        var serveEnvironment: [String: String] {
            [
                "HEARTH_HOMEGRAPH_SERVICE_ACCOUNT_KEY_FILE": directory.path("key.json"),
                "HEARTH_HOMEGRAPH_ENDPOINT": "http://127.0.0.1:\(port)",
                "HEARTH_HOMEGRAPH_RETRY_INITIAL_MILLISECONDS": "100",
                "HEARTH_HOMEGRAPH_RETRY_MAX_SECONDS": "1",
                "HEARTH_HOMEGRAPH_REPORT_COALESCE_MILLISECONDS": "20",
                "HEARTH_DEVICES_SEED_FILE": "",
            ]
        }

        func serve() async throws -> ServerProcess {
            try await ServerProcess(["--database", "h.sqlite"], in: directory.url, environment: serveEnvironment)
        }

        /// SYNC through Hearth, then the same devices taught to the fake.
        func sync(_ server: ServerProcess, token: String) async throws {
            let answer = try await server.intent(TestHomes.sync, token: token)
            let ids = answer.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            fake.sync(agentUserId: "alice", devices: ids)
        }

        func token() throws -> String {
            let issued = try HearthCLI.run(
                ["token", "issue", "--user", "alice", "--database", "h.sqlite"],
                in: directory.url
            )
            guard issued.status == 0, let token = issued.lines.first else { throw HarnessError("token: \(issued)") }
            return token
        }

        /// Report State calls the fake answered with `status`.
        func reports(status: Int) -> [JSONValue] {
            Self.reports(fake.reports, status: status)
        }

        static func reports(_ all: [JSONValue], status: Int) -> [JSONValue] {
            all.filter {
                $0["path"]?.stringValue == FakeHomeGraph.reportStatePath && $0["status"]?.intValue == status
            }
        }

        /// Returns once at least `count` Report State calls were answered with `status` (false after two minutes:
        /// in the full parallel suite the server can take tens of seconds).
        func awaitReports(status: Int, count: Int = 1) async -> Bool {
            await fake.waitForReports { Self.reports($0, status: status).count >= count }
        }
    }

    @Test func aReportPendingAtKillMinus9IsDeliveredExactlyOnceAfterRestart() async throws {
        let environment = try Environment()
        let token = try environment.token()
        var server = try await environment.serve()
        defer { server.kill() }
        try await environment.sync(server, token: token)
        // Google is down: every call fails, the row stays queued.
        environment.fake.failNext(status: 500, count: 1_000_000)
        let answer = try await server.intent(
            TestHomes.execute(["lamp"], command: "BrightnessAbsolute", params: #"{"brightness":60}"#),
            token: token
        )
        #expect(answer.status == 200)
        #expect(await environment.awaitReports(status: 500, count: 2))
        server.send(signal: SIGKILL)
        #expect(server.waitForExit(timeout: .seconds(5)) != nil)
        #expect(environment.reports(status: 200).isEmpty)

        environment.fake.failNext(status: 500, count: 1)  // Google is back after one more failure.
        server = try await environment.serve()
        #expect(await environment.awaitReports(status: 200))
        // A graceful stop lets the drain finish the call in flight, and the drain deletes a row only after the call
        // that delivered it returned: an empty outbox after the exit (read as another process would) means the
        // report was delivered and nothing of it is left to send again.
        #expect(server.stop() != nil)
        let registry = try SQLiteRegistry(path: environment.directory.url.appendingPathComponent("h.sqlite").path)
        defer { try? registry.close() }
        #expect(try registry.outboxCounts().isEmpty)
        let delivered = environment.reports(status: 200)
        #expect(delivered.count == 1)
        let state = delivered.first?["body"]?["payload"]?["devices"]?["states"]?["lamp"]
        #expect(state?["brightness"]?.intValue == 60)
    }

    @Test func aDeviceSideChangeThroughTheCLIIsReportedByTheRunningServer() async throws {
        let environment = try Environment()
        let token = try environment.token()
        let server = try await environment.serve()
        defer { server.kill() }
        try await environment.sync(server, token: token)
        let set = try HearthCLI.run(
            ["devices", "set", "--user", "alice", "--device", "lamp", "OnOff.OnOff=true", "--database", "h.sqlite"],
            in: environment.directory.url
        )
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("HomeGraph report queued"))
        #expect(await environment.awaitReports(status: 200))
        #expect(
            environment.reports(status: 200).first?["body"]?["payload"]?["devices"]?["states"]?["lamp"]?["on"]?
                .boolValue == true
        )

        let offline = try HearthCLI.run(
            ["devices", "set", "--user", "alice", "--device", "lamp", "--offline", "--database", "h.sqlite"],
            in: environment.directory.url
        )
        #expect(offline.status == 0, "\(offline)")
        #expect(await environment.awaitReports(status: 200, count: 2))
        #expect(
            environment.reports(status: 200).last?["body"]?["payload"]?["devices"]?["states"]?["lamp"]?["online"]?
                .boolValue == false
        )
        // QUERY of the running server sees the CLI's write.
        let query = try await server.intent(TestHomes.query(["lamp"]), token: token)
        #expect(query.json?["payload"]?["devices"]?["lamp"]?["online"]?.boolValue == false)
        #expect(server.stop() != nil)
    }

    @Test func theDeviceAPIsStateIsReportedAndItsDeleteRequestsASync() async throws {
        let environment = try Environment()
        let token = try environment.token()
        let created = try HearthCLI.run(
            ["apikeys", "create", "--name", "backend", "--database", "h.sqlite"],
            in: environment.directory.url
        )
        let key = try #require(created.lines.last)
        let server = try await environment.serve()
        defer { server.kill() }
        try await environment.sync(server, token: token)
        let patched = try await server.request(
            "PATCH",
            path: "/v1/users/alice/devices/lamp/state",
            body: #"{"clusters": {"OnOff": {"OnOff": true}}}"#,
            token: key
        )
        #expect(patched.status == 200)
        #expect(await environment.awaitReports(status: 200))
        #expect(
            environment.reports(status: 200).first?["body"]?["payload"]?["devices"]?["states"]?["lamp"]?["on"]?
                .boolValue == true
        )
        #expect(
            !environment.fake.reports.contains { $0["path"]?.stringValue == FakeHomeGraph.requestSyncPath },
            "no Request Sync before the delete"
        )
        let deleted = try await server.request("DELETE", path: "/v1/users/alice/devices/lamp", token: key)
        #expect(deleted.status == 204)
        #expect(
            await environment.fake.waitForReports { calls in
                calls.contains {
                    $0["path"]?.stringValue == FakeHomeGraph.requestSyncPath && $0["status"]?.intValue == 200
                }
            }
        )
        let sync = try await server.intent(TestHomes.sync, token: token)
        #expect(sync.json?["payload"]?["devices"]?.arrayValue?.isEmpty == true)
        #expect(server.stop() != nil)
    }

    @Test func devicesSetRefusesABadValueNamingTheAttribute() throws {
        let environment = try Environment()
        let result = try HearthCLI.run(
            [
                "devices", "set", "--user", "alice", "--device", "lamp", "LevelControl.CurrentLevel=300", "--database",
                "h.sqlite",
            ],
            in: environment.directory.url
        )
        #expect(result.status != 0)
        #expect(result.stderr.contains("LevelControl.CurrentLevel: 300 is outside 1…254"))
    }

    @Test func withoutAKeyServeLogsReportingDisabledAndTheCLIQueuesNothing() async throws {
        let environment = try Environment()
        let server = try await ServerProcess(
            ["--database", "h.sqlite"],
            in: environment.directory.url,
            environment: ["HEARTH_DEVICES_SEED_FILE": ""]
        )
        defer { server.kill() }
        #expect(await server.waitForLog("HomeGraph reporting is disabled"))
        let set = try HearthCLI.run(
            ["devices", "set", "--user", "alice", "--device", "lamp", "OnOff.OnOff=true", "--database", "h.sqlite"],
            in: environment.directory.url
        )
        #expect(set.status == 0)
        #expect(set.stdout.contains("HomeGraph reporting is disabled"))
        #expect(server.stop() != nil)
        #expect(environment.fake.reports.isEmpty)
    }
}
