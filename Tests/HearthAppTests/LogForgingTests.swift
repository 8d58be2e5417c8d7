import Foundation
import HearthTestSupport
import JSON
import Testing

/// A client's text cannot forge or flood `hearth serve`'s log: the real process, its real stderr.
struct LogForgingTests {
    /// An intent body with any request id and intent name, written by Hearth's own JSON writer.
    static func intent(requestId: String, name: String) -> String {
        let body: JSONValue = ["requestId": .string(requestId), "inputs": [["intent": .string(name)]]]
        return body.description
    }

    @Test func unknownIntentsCannotForgeLinesOrWriteLongOnes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let server = try await ServerProcess(
            ["--database", database],
            in: RepositoryRoot.url,
            environment: ["HEARTH_LOG_LEVEL": "info", "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": "log-test-secret"]
        )
        defer { server.kill() }
        let token = try ServeProcessTests.issueToken(user: "demo-user", database: database, in: directory)

        let forged = try await server.intent(
            Self.intent(requestId: "x\ncritical hearth: FORGED", name: "action.devices.NOPE\r\nerror hearth: FORGED2"),
            token: token
        )
        #expect(forged.status == 200)
        #expect(forged.json?["payload"]?["errorCode"] == "protocolError", "\(forged.text)")
        #expect(forged.json?["requestId"] == "x\ncritical hearth: FORGED", "the answer echoes the id as it was")

        let huge = String(repeating: "A", count: 1_000_000)
        let flooded = try await server.intent(Self.intent(requestId: huge, name: "action.devices.NOPE"), token: token)
        #expect(flooded.status == 200)
        #expect(flooded.json?["requestId"]?.stringValue?.count == huge.count)

        #expect(await server.waitForLog("…(1000000 bytes)"), "\(server.stderr.prefix(4_000))")
        let stderr = server.stderr
        let lines = stderr.split(separator: "\n").map(String.init)
        // The one line per request: the unknown intent's name is in its `reason`, the id in `request.id`.
        let unknown = lines.filter { $0.contains("Answered a request") && $0.contains("reason=unknown intent") }
        #expect(unknown.count == 2, "\(stderr.prefix(4_000))")
        #expect(unknown.first?.contains(#"request.id=x\ncritical hearth: FORGED"#) == true, "\(unknown)")
        #expect(unknown.first?.contains(#"reason=unknown intent action.devices.NOPE\r\nerror hearth: FORGED2"#) == true)
        for line in lines where line.contains("FORGED") {
            #expect(line.contains("Answered a request"), "a forged line: \(line)")
        }
        #expect(!lines.contains { $0.hasPrefix("critical") || $0.hasPrefix("error hearth") })
        let longest = lines.map(\.utf8.count).max() ?? 0
        #expect(longest < 2_048, "the longest log line has \(longest) bytes")
        #expect(server.stop() != nil)
    }
}
