import Foundation
import HTTPMessages
import HTTPTypes
import HearthTestSupport
import Logging
import MicroHTTPD
import Synchronization
import Testing

/// `Deploy/examples/device-backend.py` against a scripted `/v1` on a real listener (the agreed event shapes; the
/// test against a live Hearth replaces the script with the real routes): an expired cursor makes it take a
/// snapshot, it acts on a `command` event by reporting the changed attributes with `PATCH …/state`, and it resumes
/// after the stream ends with `Last-Event-ID`, keeping the cursor in its file.
struct ExampleDeviceBackendTests {
    static let key = "example-backend-key"

    @Test
    func followsTheStreamFromASnapshotReportsStateAndResumes() throws {
        let responder = ScriptedDeviceAPI()
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2),
            responder: responder,
            logger: Logger(label: "ExampleDeviceBackendTests") { _ in SwiftLogNoOpLogHandler() }
        )
        let port = try server.start()
        defer { server.shutdown() }
        try withTemporaryDirectory { directory in
            let cursorFile = directory.appendingPathComponent("cursor")
            try Data("3".utf8).write(to: cursorFile)  // older than the retention: the scripted API answers 410
            let script = Self.repositoryRoot.appendingPathComponent("Deploy/examples/device-backend.py")
            let result = try ChildProcess.run(
                "/usr/bin/env",
                ["python3", script.path],
                environment: [
                    "BACKEND_HEARTH_URL": "http://127.0.0.1:\(port)", "BACKEND_API_KEY": Self.key,
                    "BACKEND_CURSOR_FILE": cursorFile.path, "BACKEND_EXIT_AFTER": "2",
                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                ]
            )
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            #expect(result.termination.succeeded, "\(lines) \(result.stderrText)")

            let requests = responder.requests
            #expect(
                requests.map(\.line) == [
                    "GET /v1/changes Last-Event-ID=3",
                    "GET /v1/changes?snapshot=true Last-Event-ID=-",
                    "PATCH /v1/users/demo-user/devices/kitchen-ceiling/state Last-Event-ID=-",
                    "GET /v1/changes Last-Event-ID=5",
                    "PATCH /v1/users/demo-user/devices/kitchen-ceiling/state Last-Event-ID=-",
                ]
            )
            #expect(requests.allSatisfy { $0.authorization == "Bearer \(Self.key)" })
            #expect(requests.filter { $0.method == "GET" }.allSatisfy { $0.accept == "text/event-stream" })
            let patches = requests.filter { $0.method == "PATCH" }.map(\.body)
            #expect(
                patches == [
                    #"{"endpoint": 1, "clusters": {"LevelControl": {"CurrentLevel": 76}, "OnOff": {"OnOff": true}}}"#,
                    #"{"endpoint": 1, "clusters": {"OnOff": {"OnOff": false}}}"#,
                ]
            )
            #expect(lines.contains("snapshot: user demo-user, 1 devices"))
            #expect(
                lines.contains { $0.hasPrefix("command LevelControl.MoveToLevelWithOnOff demo-user/kitchen-ceiling") }
            )
            #expect(try String(contentsOf: cursorFile, encoding: .utf8) == "6")
        }
    }

    static let repositoryRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
}

/// A `/v1` that plays a fixed script: the first stream request gets 410, the snapshot request gets a snapshot and
/// one command (cursor 5), the next a second command (cursor 6); every `PATCH` gets 200. Records what it was sent.
final class ScriptedDeviceAPI: HTTPResponder {
    struct Recorded: Sendable {
        var method: String
        var target: String
        var lastEventID: String?
        var authorization: String?
        var accept: String?
        var body: String

        var line: String { "\(method) \(target) Last-Event-ID=\(lastEventID ?? "-")" }
    }

    private let recorded = Mutex<[Recorded]>([])

    var requests: [Recorded] { recorded.withLock { $0 } }

    static let device = #"""
        {"id": "kitchen-ceiling", "name": "Kitchen ceiling", "deviceTypes": ["DimmableLight"], "online": true,
         "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 10}}}
        """#

    static func command(cursor: Int, arguments: String, changed: String) -> String {
        "id: \(cursor)\nevent: command\ndata: "
            + #"{"cursor": \#(cursor), "kind": "command", "agentUserId": "demo-user", "deviceId": "kitchen-ceiling", "#
            + #""occurred": "2026-11-24T02:30:00.123Z", "endpoint": 1, "command": "LevelControl.MoveToLevelWithOnOff", "#
            + #""arguments": \#(arguments), "changed": \#(changed), "requestId": "r\#(cursor)"}"# + "\n\n"
    }

    func respond(to request: Request) -> Response {
        let name = { (field: String) in request.headerFields[HTTPField.Name(field)!] }
        let entry = Recorded(
            method: request.method.rawValue,
            target: request.head.path ?? "",
            lastEventID: name("Last-Event-ID"),
            authorization: name("Authorization"),
            accept: name("Accept"),
            body: String(decoding: request.body, as: UTF8.self)
        )
        let streamRequests = recorded.withLock { entries in
            entries.append(entry)
            return entries.filter { $0.method == "GET" }.count
        }
        let json: HTTPFields = [.contentType: "application/json"]
        if request.method == .patch {
            return Response(status: .ok, headerFields: json, body: Array(Self.device.utf8))
        }
        switch streamRequests {
        case 1:
            let error = #"{"error": "cursorExpired", "message": "cursor 3 is older than the retention"}"#
            return Response(status: .gone, headerFields: json, body: Array(error.utf8))
        case 2:
            let snapshot =
                "event: snapshot\ndata: "
                + #"{"cursor": 4, "agentUserId": "demo-user", "devices": ["#
                + Self.device.replacingOccurrences(of: "\n", with: "") + "]}\n\n"
            let events =
                ": heartbeat\n\n" + snapshot
                + Self.command(
                    cursor: 5,
                    arguments: #"{"Level": 76}"#,
                    changed: #"{"LevelControl": {"CurrentLevel": 76}, "OnOff": {"OnOff": true}}"#
                )
            return Response(status: .ok, headerFields: [.contentType: "text/event-stream"], body: Array(events.utf8))
        default:
            let events = Self.command(cursor: 6, arguments: "{}", changed: #"{"OnOff": {"OnOff": false}}"#)
            return Response(status: .ok, headerFields: [.contentType: "text/event-stream"], body: Array(events.utf8))
        }
    }
}
