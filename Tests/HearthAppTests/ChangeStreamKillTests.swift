import Foundation
import HearthTestSupport
import JSON
import Testing

/// The change stream's cursors are durable: a consumer that read part of the log, then lost Hearth to `kill -9`,
/// resumes with `Last-Event-ID` from a restarted `hearth serve` on the same file and gets every change after its
/// cursor exactly once, in order — the ones committed before the kill and the ones made after the restart.
@Suite(.serialized) struct ChangeStreamKillTests {
    static let noSeed = ["HEARTH_DEVICES_SEED_FILE": ""]

    @Test func aConsumerResumesAcrossAKillAndRestartWithoutGapOrDuplicate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (database, key) = try HearthCLI.databaseWithAPIKey(home: TestHomes.twoUsers, keyName: "kill", in: directory)

        var server = try await ServerProcess(["--database", database], in: directory.url, environment: Self.noSeed)
        for index in 0..<20 { try Self.toggle(server.port, key: key, on: index % 2 == 0) }
        let before = try Self.longPoll(server.port, key: key, after: 0)
        #expect(before.count >= 20)
        let consumed = before[before.count - 11]  // the consumer handled all but the last ten
        server.kill()  // SIGKILL: no shutdown, no checkpoint

        server = try await ServerProcess(["--database", database], in: directory.url, environment: Self.noSeed)
        defer { server.kill() }
        // The plug is off again after twenty toggles: each of these twenty changes it too.
        for index in 0..<20 { try Self.toggle(server.port, key: key, on: index % 2 == 0) }
        let expected = try Self.longPoll(server.port, key: key, after: consumed)
        #expect(expected.count == 30, "\(expected)")

        let client = try RawHTTPClient(port: server.port)
        defer { client.close() }
        try client.send(
            "GET /v1/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\n"
                + "Accept: text/event-stream\r\nLast-Event-ID: \(consumed)\r\n\r\n"
        )
        #expect(try client.readHead().status == 200)
        #expect(try client.readChunked(until: "id: \(try #require(expected.last))\n"))
        let cursors = client.decodedText.split(separator: "\n").compactMap { line -> Int64? in
            line.hasPrefix("id: ") ? Int64(line.dropFirst(4)) : nil
        }
        #expect(cursors == expected)
        #expect(cursors.allSatisfy { $0 > consumed })
        #expect(zip(cursors, cursors.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// One `PATCH …/state` of alice's plug.
    static func toggle(_ port: Int, key: String, on: Bool) throws {
        let status = try curl([
            "-o", "/dev/null", "-w", "%{http_code}", "-X", "PATCH", "-H", "Authorization: Bearer \(key)",
            "-H", "Content-Type: application/json", "-d", #"{"clusters":{"OnOff":{"OnOff":\#(on)}}}"#,
            "http://127.0.0.1:\(port)/v1/users/alice/devices/plug/state",
        ])
        #expect(status == "200")
    }

    /// The cursors of every change after `cursor`, through the JSON long-poll (no wait).
    static func longPoll(_ port: Int, key: String, after cursor: Int64) throws -> [Int64] {
        let text = try curl([
            "-H", "Authorization: Bearer \(key)",
            "http://127.0.0.1:\(port)/v1/changes?after=\(cursor)&wait=0&limit=1000",
        ])
        let answer = try JSONParser.parse(text)
        guard case .array(let changes) = answer["changes"] else { return [] }
        return changes.compactMap { $0["cursor"]?.intValue.map { Int64($0) } }
    }

    static func curl(_ arguments: [String]) throws -> String {
        try ChildProcess.run("/usr/bin/env", ["curl", "-s", "--max-time", "10"] + arguments).stdoutText
    }
}
