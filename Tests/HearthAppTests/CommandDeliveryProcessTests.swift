import CommandDelivery
import Foundation
import HTTPMessages
import HTTPTypes
import HearthTestSupport
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hearth serve` in webhook mode as a process, killed with SIGKILL: what the backend did not confirm never appears,
/// and what it confirmed and Google was told survives.
@Suite(.serialized)
struct CommandDeliveryProcessTests {
    static let secret = "process-test-webhook-secret"

    /// A registry holding ``TestHomes/aliceLamp`` and a backend on loopback that answers as `answer` says.
    final class Environment {
        let directory: TemporaryDirectory
        let backend: WebhookDeliveryEndToEndTests.ScriptedBackend
        let server: HTTPServer
        let port: Int

        init(_ answer: @escaping @Sendable (JSONObject) -> Response) throws {
            directory = try TemporaryDirectory()
            backend = WebhookDeliveryEndToEndTests.ScriptedBackend(answer)
            server = HTTPServer(
                configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 1),
                responder: backend,
                logger: Logger(label: "backend") { _ in SwiftLogNoOpLogHandler() }
            )
            port = try server.start()
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

        func serve() async throws -> ServerProcess {
            try await ServerProcess(
                ["--database", "h.sqlite"],
                in: directory.url,
                environment: [
                    "HEARTH_DEVICES_SEED_FILE": "",
                    "HEARTH_COMMANDS_DELIVERY": "webhook",
                    "HEARTH_COMMANDS_WEBHOOK_URL": "http://127.0.0.1:\(port)/commands",
                    "HEARTH_COMMANDS_WEBHOOK_SECRET": CommandDeliveryProcessTests.secret,
                    "HEARTH_COMMANDS_DEADLINE_MILLISECONDS": "9000",
                ]
            )
        }

        func token() throws -> String {
            let issued = try HearthCLI.run(
                ["token", "issue", "--user", "alice", "--database", "h.sqlite"],
                in: directory.url
            )
            guard issued.status == 0, let token = issued.lines.first else { throw HarnessError("token: \(issued)") }
            return token
        }

        /// The lamp's OnOff and the `command` records, read as another process would after the kill.
        func registry() throws -> (on: Bool?, commands: Int) {
            let store = try SQLiteRegistry(path: directory.url.appendingPathComponent("h.sqlite").path)
            defer { try? store.close() }
            let lamp = try store.devices(forUser: "alice", ids: ["lamp"])["lamp"]
            let commands = try store.changes(after: 0, limit: 100, users: nil, kinds: [.command]).count
            return (lamp?.endpoints[0].cluster(.OnOff).bool(.OnOff.onOff), commands)
        }
    }

    @Test func aDeliveryPendingAtKillMinus9LeavesNoTrace() async throws {
        // The backend holds its answer far beyond the kill.
        let environment = try Environment { _ in
            WebhookDeliveryEndToEndTests.ScriptedBackend.devices(
                [("lamp", #"{"status": "SUCCESS"}"#)],
                delay: .seconds(30)
            )
        }
        let token = try environment.token()
        let server = try await environment.serve()
        defer { server.kill() }
        let execute = TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#)
        let client = try RawHTTPClient(port: server.port)
        defer { client.close() }
        try client.send(
            "POST /fulfillment HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(execute.utf8.count)\r\n\r\n\(execute)"
        )
        #expect(await environment.backend.arrived.waitAsync(atLeast: 1))
        server.send(signal: SIGKILL)
        #expect(server.waitForExit(timeout: .seconds(5)) != nil)
        // Google never got an answer: the connection closed without one.
        #expect(client.waitForClose())
        let registry = try environment.registry()
        #expect(registry.on == false)
        #expect(registry.commands == 0)
        // The signed delivery carried its idempotency key: a retry of the same EXECUTE carries the same one.
        let key = environment.backend.deliveries.withLock { $0.first?.headers[HTTPField.Name("Idempotency-Key")!] }
        #expect(key == "alice:e")
    }

    @Test func whatWasConfirmedAndAnsweredSurvivesKillMinus9() async throws {
        let environment = try Environment { _ in
            WebhookDeliveryEndToEndTests.ScriptedBackend.devices([("lamp", #"{"status": "SUCCESS"}"#)])
        }
        let token = try environment.token()
        let server = try await environment.serve()
        defer { server.kill() }
        let answer = try await server.intent(
            TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#),
            token: token
        )
        #expect(answer.json?["payload"]?["commands"]?.arrayValue?.first?["status"] == .string("SUCCESS"))
        server.send(signal: SIGKILL)
        #expect(server.waitForExit(timeout: .seconds(5)) != nil)
        let registry = try environment.registry()
        #expect(registry.on == true)
        #expect(registry.commands == 1)
    }
}
