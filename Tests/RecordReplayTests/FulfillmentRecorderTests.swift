import Dispatch
import Foundation
import HearthTestSupport
import HearthTesting
import InMemoryLogging
import JSON
import Logging
import RecordReplay
import Synchronization
import Testing

/// ``FulfillmentRecorder``: what a recording holds (and never holds), sampling, `record.maxFiles`, a full queue and
/// a directory that goes away — each through the real listener (the HearthTesting product's `InProcessHearth`, the
/// recorder in place of the one `record.*` describes); and a directory refused at start.
struct FulfillmentRecorderTests {
    static let pin = "8642"
    /// A home with a PIN-protected plug.
    static let home = #"""
        {"users": [{"agentUserId": "rec-user", "devices": [
          {"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"], "challenge": {"pin": "8642"},
           "clusters": {"OnOff": {"OnOff": false}}},
          {"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"], "clusters": {"OnOff": {"OnOff": false}}}
        ]}]}
        """#

    static func pinExecute(_ pin: String, requestId: String) -> String {
        #"{"requestId":"\#(requestId)","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"plug"}],"execution":[{"command":"action.devices.commands.OnOff","params":{"on":true},"challenge":{"pin":"\#(pin)"}}]}]}}]}"#
    }

    static let logger = Logger(label: "recorder-test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func recordings(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func recordsEachIntentAsAFixtureWithoutSecrets() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recordDirectory = directory.url.appendingPathComponent("recorded")
        let recorder = try FulfillmentRecorder(
            options: RecordingOptions(directory: recordDirectory.path),
            logger: Self.logger
        )
        let hearth = try InProcessHearth(
            devices: .json(Self.home),
            overrides: HearthApplication.Overrides(recorder: recorder)
        )
        defer { hearth.stop() }
        let token = try hearth.token(for: "rec-user")

        let sync = try await hearth.post(TestHomes.sync, token: token)
        let wrong = try await hearth.post(Self.pinExecute("0000", requestId: "wrong"), token: token)
        let right = try await hearth.post(Self.pinExecute(Self.pin, requestId: "right"), token: token)
        let query = try await hearth.post(TestHomes.query(["plug", "lamp"]), token: token)
        #expect(right.json?["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "the PIN was right")
        await recorder.idle()
        #expect(recorder.counts.written == 4)

        let files = try Self.recordings(in: recordDirectory)
        #expect(files.count == 4)
        #expect(
            files.map { $0.split(separator: "_").last.map(String.init) ?? "" }
                == ["sync.json", "execute.json", "execute.json", "query.json"],
            "in answer order: \(files)"
        )
        let answers = [sync, wrong, right, query]
        for (file, answer) in zip(files, answers) {
            let data = try #require(
                FileManager.default.contents(atPath: recordDirectory.appendingPathComponent(file).path)
            )
            let text = String(decoding: data, as: UTF8.self)
            // No secret the test used, in any spelling.
            for secret in [token, Self.pin, "0000", "Bearer"] {
                #expect(!text.contains(secret), "\(file) holds \(secret)")
            }
            // The project's fixture shape.
            let json = try JSONParser.parse(Array(data))
            #expect(json["request"]?["inputs"] != nil, "\(file)")
            #expect(json["expectedStatus"] == .int(answer.status), "\(file)")
            #expect(json["response"] == answer.json, "\(file): the answer as given")
        }
        let execute = try JSONParser.parse(
            Array(FileManager.default.contents(atPath: recordDirectory.appendingPathComponent(files[2]).path)!)
        )
        let challenge = execute["request"]?["inputs"]?.arrayValue?.first?["payload"]?["commands"]?.arrayValue?.first?[
            "execution"
        ]?.arrayValue?.first?["challenge"]
        #expect(challenge == ["pin": .string(FixtureRedaction.marker)])
    }

    @Test func sampleRateAndMaxFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Samples 0.1, 0.7, 0.2, 0.9, 0.3 against a rate of 0.5: the first, third and fifth are recorded, and
        // maxFiles 2 stops at two.
        let samples = Mutex([0.1, 0.7, 0.2, 0.9, 0.3])
        let recorder = try FulfillmentRecorder(
            options: RecordingOptions(directory: directory.path("sampled"), sampleRate: 0.5, maxFiles: 2),
            logger: Self.logger,
            sample: { samples.withLock { $0.removeFirst() } }
        )
        let hearth = try InProcessHearth(
            devices: .json(Self.home),
            overrides: HearthApplication.Overrides(recorder: recorder)
        )
        defer { hearth.stop() }
        let token = try hearth.token(for: "rec-user")
        for index in 0..<5 {
            _ = try await hearth.post(TestHomes.query(["lamp"], requestId: "q\(index)"), token: token)
        }
        await recorder.idle()
        let files = try Self.recordings(in: directory.url.appendingPathComponent("sampled"))
        #expect(files.count == 2)
        #expect(recorder.counts.written == 2)
        #expect(recorder.counts.overLimit == 1)
        let ids = try files.map { file in
            try JSONParser.parse(Array(FileManager.default.contents(atPath: directory.path("sampled/\(file)"))!))[
                "request"
            ]?["requestId"]
        }
        #expect(ids == ["q0", "q2"])
    }

    @Test func aFullQueueDropsAndCountsWithoutWaiting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = DispatchQueue(label: "held-writer")
        writer.suspend()
        let logs = InMemoryLogHandlerBox()
        let recorder = try FulfillmentRecorder(
            options: RecordingOptions(directory: directory.path("queued"), queueLimit: 2),
            logger: logs.logger,
            writerQueue: writer
        )
        let hearth = try InProcessHearth(
            devices: .json(Self.home),
            overrides: HearthApplication.Overrides(recorder: recorder)
        )
        defer { hearth.stop() }
        let token = try hearth.token(for: "rec-user")
        // The writer is held: every answer still comes back, two wait for the writer, three are dropped.
        for index in 0..<5 {
            let answer = try await hearth.post(TestHomes.query(["lamp"], requestId: "q\(index)"), token: token)
            #expect(answer.status == 200)
        }
        #expect(recorder.counts.dropped == 3)
        let warnings = logs.handler.entries.filter { $0.level == .warning }.map(\.message.description)
        #expect(warnings.count == 1 && warnings.first?.hasPrefix("Recording cannot keep up") == true, "\(warnings)")
        writer.resume()
        await recorder.idle()
        #expect(recorder.counts.written == 2)
        #expect(try Self.recordings(in: directory.url.appendingPathComponent("queued")).count == 2)
    }

    @Test func aDirectoryThatGoesAwayNeverFailsARequest() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recordPath = directory.path("gone")
        let logs = InMemoryLogHandlerBox()
        let recorder = try FulfillmentRecorder(options: RecordingOptions(directory: recordPath), logger: logs.logger)
        let hearth = try InProcessHearth(
            devices: .json(Self.home),
            overrides: HearthApplication.Overrides(recorder: recorder)
        )
        defer { hearth.stop() }
        let token = try hearth.token(for: "rec-user")
        // The directory is replaced by a file (what chmod cannot do for root): every write fails.
        try FileManager.default.removeItem(atPath: recordPath)
        try directory.write("gone", "not a directory")
        for index in 0..<3 {
            let answer = try await hearth.post(TestHomes.query(["lamp"], requestId: "q\(index)"), token: token)
            #expect(answer.status == 200)
            #expect(answer.json?["payload"]?["devices"]?["lamp"]?["on"] == false)
        }
        await recorder.idle()
        #expect(recorder.counts.failed == 3)
        let warnings = logs.handler.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1, "a run of failures is logged once")
        #expect(recorder.counts.written == 0)
        // And it recovers once the directory is back.
        try FileManager.default.removeItem(atPath: recordPath)
        try FileManager.default.createDirectory(atPath: recordPath, withIntermediateDirectories: false)
        _ = try await hearth.post(TestHomes.sync, token: token)
        await recorder.idle()
        #expect(recorder.counts.written == 1)
    }

    @Test func aDirectoryThatIsAFileIsRefusedAtStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("file", "x")
        let error = #expect(throws: RecordReplayError.self) {
            try FulfillmentRecorder(options: RecordingOptions(directory: file), logger: Self.logger)
        }
        #expect(error?.code == .unusableDirectory)
    }
}

extension InProcessHearth {
    /// POSTs an intent to `/fulfillment` with `token`; the answer whatever its status.
    fileprivate func post(_ intent: String, token: String) async throws -> Response {
        try await send(.post, "/fulfillment", body: Array(intent.utf8), bearer: token)
    }
}
