import Foundation
import HTTPTypes
import HearthTestSupport
import JSON
import OutboundHTTP
import Testing

/// `hearth serve` in webhook mode against device backends that misbehave as real ones do: an answer that never
/// ends, answers far too large (one and twenty at once), a slow drip past the deadline, redirects. Each EXECUTE
/// answers as the README says, the process's memory stays bounded, and the transfer stops.
@Suite(.serialized)
struct OutboundBoundsProcessTests {
    static let secret = "process-test-webhook-secret"

    /// A registry holding ``TestHomes/aliceLamp`` in a temporary directory, and `hearth serve` posting to `backend`.
    final class Environment {
        let directory: TemporaryDirectory

        init() throws {
            directory = try TemporaryDirectory()
            try directory.write("home.json", TestHomes.aliceLamp)
            let imported = try HearthCLI.run(
                ["devices", "import", "home.json", "--database", "h.sqlite"],
                in: directory.url
            )
            guard imported.status == 0 else { throw HarnessError("import failed: \(imported)") }
        }

        deinit {
            directory.remove()
        }

        func serve(backend port: Int, deadlineMilliseconds: Int = 1500) async throws -> ServerProcess {
            try await ServerProcess(
                ["--database", "h.sqlite"],
                in: directory.url,
                environment: [
                    "HEARTH_DEVICES_SEED_FILE": "",
                    "HEARTH_COMMANDS_DELIVERY": "webhook",
                    "HEARTH_COMMANDS_WEBHOOK_URL": "http://127.0.0.1:\(port)/commands",
                    "HEARTH_COMMANDS_WEBHOOK_SECRET": OutboundBoundsProcessTests.secret,
                    "HEARTH_COMMANDS_DEADLINE_MILLISECONDS": "\(deadlineMilliseconds)",
                    "HEARTH_LOG_LEVEL": "info",
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
    }

    static let execute = TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#)

    /// The first command result of an EXECUTE answer: its status and error code.
    static func result(_ answer: ServerProcess.Response) -> (status: String?, errorCode: String?) {
        let first = answer.json?["payload"]?["commands"]?.arrayValue?.first
        return (first?["status"]?.stringValue, first?["errorCode"]?.stringValue)
    }

    @Test func anEndlessAnswerFailsAtTheLimitAndTheTransferStops() async throws {
        let environment = try Environment()
        let backend = try MisbehavingPeer(.endlessChunked)
        defer { backend.stop() }
        let server = try await environment.serve(backend: backend.port)
        defer { server.kill() }
        let baseline = try #require(ProcessMemory(pid: server.pid))
        let answer = try await server.intent(Self.execute, token: try environment.token())
        #expect(Self.result(answer).status == "ERROR")
        #expect(Self.result(answer).errorCode == "transientError")
        #expect(await backend.closedWhileSending.waitAsync(atLeast: 1))
        #expect(await server.waitForLog("larger than commands.maxAnswerBytes"))
        let line = server.stderr.split(separator: "\n").first { $0.contains("larger than commands.maxAnswerBytes") }
        #expect(line?.contains("65536") == true, "\(server.stderr)")
        // URLSession read on: 1,337 MiB at 4 s, a peak of 1,575 MiB.
        let memory = try #require(ProcessMemory(pid: server.pid))
        #expect(memory.peakResidentKiB - baseline.residentKiB < 48 * 1024, "before: \(baseline), after: \(memory)")
    }

    @Test func aDripPastTheDeadlineIsPendingAndTheTransferStops() async throws {
        let environment = try Environment()
        let backend = try MisbehavingPeer(.drip(chunk: 100, interval: .milliseconds(20)))
        defer { backend.stop() }
        let server = try await environment.serve(backend: backend.port, deadlineMilliseconds: 500)
        defer { server.kill() }
        let started = ContinuousClock.now
        let answer = try await server.intent(Self.execute, token: try environment.token())
        #expect(Self.result(answer).status == "PENDING")
        // The drip never ends: an answer at all means the 500 ms deadline stopped it. The bound only separates that
        // from the client's own timeout, with room for a loaded CI machine (5.2 s seen with the whole suite running).
        #expect(ContinuousClock.now - started < .seconds(15))
        // The connection is closed at the deadline, not left to drip on.
        #expect(await backend.closedWhileSending.waitAsync(atLeast: 1, timeout: .seconds(3)))
    }

    @Test func twentyConcurrentTenMegabyteAnswersKeepMemoryBounded() async throws {
        let environment = try Environment()
        let backend = try MisbehavingPeer(.large(bytes: 10_000_000, declared: false))
        defer { backend.stop() }
        let server = try await environment.serve(backend: backend.port, deadlineMilliseconds: 9000)
        defer { server.kill() }
        let token = try environment.token()
        let baseline = try #require(ProcessMemory(pid: server.pid))
        let port = server.port
        let client = HTTPClient()
        let results = try await withThrowingTaskGroup(of: (status: String?, errorCode: String?).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let execute = TestHomes.execute(
                        ["lamp"],
                        command: "OnOff",
                        params: #"{"on": true}"#,
                        requestId: "e\(index)"
                    )
                    let request = OutboundRequest(
                        url: URL(string: "http://127.0.0.1:\(port)/fulfillment")!,
                        headerFields: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                        body: Array(execute.utf8)
                    )
                    let answer = try await client.send(
                        request,
                        limits: OutboundLimits(deadline: .seconds(30), maxAnswerBytes: 1 << 20)
                    )
                    let first = (try? JSONParser.parse(answer.body))?["payload"]?["commands"]?.arrayValue?.first
                    return (first?["status"]?.stringValue, first?["errorCode"]?.stringValue)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0.status == "ERROR" && $0.errorCode == "transientError" }, "\(results)")
        let after = try #require(ProcessMemory(pid: server.pid))
        // 200 MB were offered; 20 × 64 KiB may be held. Allocator slack and the 20 requests' own work stay far
        // below this bound (URLSession held all of it: 42 → 312 MiB).
        #expect(after.peakResidentKiB - baseline.residentKiB < 48 * 1024, "before: \(baseline), after: \(after)")
    }

    @Test(arguments: [302, 307]) func aRedirectIsAFailedDeliveryAndNotFollowed(status: Int) async throws {
        let elsewhere = try MisbehavingPeer(.answer(status: 200, body: #"{"devices":{}}"#))
        defer { elsewhere.stop() }
        let environment = try Environment()
        for location in ["/commands", "http://127.0.0.1:\(elsewhere.port)/x"] {
            let backend = try MisbehavingPeer(.answer(status: status, body: "", headers: ["Location: \(location)"]))
            defer { backend.stop() }
            let server = try await environment.serve(backend: backend.port)
            defer { server.kill() }
            let answer = try await server.intent(Self.execute, token: try environment.token())
            #expect(Self.result(answer).status == "ERROR")
            #expect(Self.result(answer).errorCode == "transientError")
            #expect(backend.requests.value == 1)
            #expect(backend.heads.first?.contains("Hearth-Signature") == true)
            #expect(await server.waitForLog("answered a redirect"))
            let line = server.stderr.split(separator: "\n").first { $0.contains("answered a redirect") }
            #expect(line?.contains(location) == true, "\(server.stderr)")
        }
        #expect(elsewhere.requests.value == 0)
    }
}
