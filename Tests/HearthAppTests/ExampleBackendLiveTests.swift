import Clocks
import Foundation
import HearthTestSupport
import JSON
import Registry
import Testing

/// `Deploy/examples/device-backend.py` against a live Hearth (the real `/v1` routes and change stream on a real
/// listener): it takes the snapshot, Google's EXECUTE reaches it as a `command` event, and it reports the device's
/// new state with `PATCH …/state`, which Hearth accepts (the script prints every refusal). In the default delivery
/// mode Hearth has already applied the command, so the report changes nothing and adds no `state` change; a report
/// that differs from what Hearth holds does (the second half).
@Suite(.serialized) struct ExampleBackendLiveTests {
    @Test func theExampleBackendActsOnAnExecuteAndReportsTheState() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers, deviceAPI: true)
        defer { hearth.shutdown() }
        let key = try hearth.store.create(name: "example", now: SystemClock().unixTime)
        let token = try hearth.token(for: "alice")

        let output = Pipe()
        let process = try ChildProcess(
            "/usr/bin/env",
            ["python3", Self.script.path],
            environment: [
                "BACKEND_HEARTH_URL": "http://127.0.0.1:\(hearth.port)", "BACKEND_API_KEY": key,
                "BACKEND_EXIT_AFTER": "1",
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            ],
            stdout: .pipe(output),
            stderr: .stdout
        )
        defer { process.kill() }
        let reader = LineReader(output.fileHandleForReading)

        // Both users' snapshots arrive before anything else: the backend now follows the stream.
        let snapshots = reader.lines(until: { $0.filter { $0.hasPrefix("snapshot:") }.count == 2 })
        #expect(snapshots.contains("snapshot: user alice, 5 devices"), "\(snapshots)")

        let answer = try await hearth.intent(
            TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on":true}"#),
            token: token
        )
        #expect(answer.status == 200)
        let rest = reader.lines(until: { _ in false })  // to the end: the backend exits after one command
        #expect(process.waitUntilExit().succeeded, "\(snapshots + rest)")
        #expect(rest.contains { $0.hasPrefix("command OnOff.On alice/lamp endpoint 1") }, "\(rest)")
        #expect(!rest.contains { $0.contains("refused") }, "\(rest)")

        let changes = try hearth.store.changes(after: 0, limit: 1000, users: ["alice"], kinds: [.command, .state])
        let command = try #require(changes.first { $0.record.kind == .command && $0.record.deviceId == "lamp" })
        #expect(command.record.data["command"]?.stringValue == "OnOff.On")
        #expect(!changes.contains { $0.record.kind == .state && $0.record.deviceId == "lamp" }, "\(changes)")
        let query = try await hearth.intent(TestHomes.query(["lamp"]), token: token)
        #expect(query.json?["payload"]?["devices"]?["lamp"]?["on"] == .bool(true))

        // The device itself turns off (someone at the switch): the backend's report is a state change by api.
        let switchedOff = try ChildProcess.run(
            "/usr/bin/env",
            [
                "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PATCH", "-H",
                "Authorization: Bearer \(key)", "-H", "Content-Type: application/json", "-d",
                #"{"clusters":{"OnOff":{"OnOff":false}}}"#,
                "http://127.0.0.1:\(hearth.port)/v1/users/alice/devices/lamp/state",
            ]
        )
        #expect(switchedOff.stdoutText == "200", "\(switchedOff)")
        let after = try hearth.store.changes(after: command.cursor, limit: 10, users: ["alice"], kinds: [.state])
        let report = try #require(after.first, "no state change after the report")
        #expect(report.record.deviceId == "lamp")
        #expect(report.record.data["by"]?.stringValue == "api")
        #expect(report.record.data["clusters"]?["OnOff"]?["OnOff"] == .bool(false))
        let queryAfter = try await hearth.intent(TestHomes.query(["lamp"]), token: token)
        #expect(queryAfter.json?["payload"]?["devices"]?["lamp"]?["on"] == .bool(false))
    }

    static let script: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("Deploy/examples/device-backend.py")
    }()
}

/// Reads a child's output line by line; each read blocks until the child writes or exits (no polling, no sleep).
final class LineReader {
    private let handle: FileHandle
    private var pending = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    /// The lines read until `done` holds for them, or until end of file.
    func lines(until done: ([String]) -> Bool) -> [String] {
        var lines: [String] = []
        while !done(lines) {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
                continue
            }
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
        }
        return lines
    }
}
