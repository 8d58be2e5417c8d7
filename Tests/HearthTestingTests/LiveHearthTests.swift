import Foundation
import HearthTestSupport
import HearthTesting
import Logging
import Testing

/// The harness itself: it boots a real Hearth on a port of its own, answers the intents and `/v1` there, runs beside
/// another, stops cleanly and starts again.
struct LiveHearthTests {
    /// One user with one dimmable lamp, off.
    static let lampHome = #"""
        {"users": [{"agentUserId": "alice", "devices": [
          {"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"],
           "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}}
        ]}]}
        """#

    @Test func answersSyncQueryAndExecuteOnItsPort() async throws {
        try await LiveHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
            #expect(hearth.port > 0)
            #expect(hearth.baseURL.absoluteString == "http://127.0.0.1:\(hearth.port)")
            let token = try hearth.token(for: "alice")

            let sync = try await hearth.sync(token: token)
            #expect(sync["requestId"] == "sync")
            #expect(sync["payload"]?["agentUserId"] == "alice")
            #expect(sync["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["lamp"])

            let before = try await hearth.query(["lamp"], token: token)
            #expect(before["payload"]?["devices"]?["lamp"]?["on"] == false)

            let execute = try await hearth.execute(
                "action.devices.commands.OnOff",
                params: JSONObject([("on", true)]),
                on: ["lamp"],
                token: token
            )
            #expect(execute["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS")
            #expect(execute["payload"]?["commands"]?.arrayValue?.first?["ids"] == ["lamp"])

            let after = try await hearth.query(["lamp"], token: token)
            #expect(after["payload"]?["devices"]?["lamp"]?["on"] == true)
        }
    }

    @Test func aRequestWithoutATokenIsRefused() async throws {
        try await LiveHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
            let response = try await hearth.send(.post, "/fulfillment", body: Array(#"{"requestId":"r"}"#.utf8))
            #expect(response.status == 401)
            await #expect(throws: LiveHearthError.self) { try await hearth.sync(token: "not-a-token") }
        }
    }

    @Test func servesTheExampleHomeByDefault() async throws {
        try await LiveHearth.withRunning { hearth in
            let sync = try await hearth.sync(token: try hearth.token(for: "demo-user"))
            let ids = sync["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(ids.contains("kitchen-ceiling"))
            #expect(ids.count == 30)
        }
    }

    @Test func anAPIKeyOpensV1() async throws {
        try await LiveHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
            let key = try hearth.apiKey()
            let devices = try await hearth.send(.get, "/v1/users/alice/devices", bearer: key)
            #expect(devices.status == 200, "\(devices.text)")
            #expect(devices.text.contains(#""lamp""#), "\(devices.text)")
            #expect(try await hearth.send(.get, "/v1/users/alice/devices", bearer: "hk_wrong").status == 401)
        }
    }

    /// The fakes and the harness together: EXECUTE in webhook mode goes to a fake device backend on a port of its own.
    @Test func executeReachesAFakeDeviceBackend() async throws {
        let secret = "live-hearth-test-webhook-secret"
        let secretFile = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-secret-\(UUID())")
        try Data(secret.utf8).write(to: secretFile)
        defer { try? FileManager.default.removeItem(at: secretFile) }
        let backend = FakeDeviceBackend(
            secret: Array(secret.utf8),
            logger: Logger(label: "fake", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let server = try LoopbackServer(serving: backend)
        defer { server.stop() }
        let configuration = """
            {"commands": {"delivery": "webhook", "webhookURL": "\(server.baseURL.absoluteString)/commands",
                          "webhookSecretFile": "\(secretFile.path)"}}
            """
        try await LiveHearth.withRunning(devices: .json(Self.lampHome), configuration: configuration) { hearth in
            let answer = try await hearth.execute(
                "action.devices.commands.OnOff",
                params: JSONObject([("on", true)]),
                on: ["lamp"],
                token: try hearth.token(for: "alice")
            )
            #expect(answer["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "\(answer)")
        }
        #expect(backend.refused == 0)
        #expect(backend.received.count == 1)
        #expect(backend.received.first?["agentUserId"] == "alice")
        #expect(backend.received.first?["devices"]?.arrayValue?.first?["id"] == "lamp")
    }

    /// Hearth reads time from the clock it is given: a token issued for a minute expires when the test moves the
    /// manual clock past it.
    @Test func runsOnTheClockItIsGiven() async throws {
        let clock = ManualClock()
        try await LiveHearth.withRunning(devices: .json(Self.lampHome), clock: clock) { hearth in
            let token = try hearth.token(for: "alice", ttl: 60)
            #expect(try await hearth.sync(token: token)["payload"]?["agentUserId"] == "alice")
            clock.advance(by: .seconds(61))
            let expired = try await hearth.send(
                .post,
                "/fulfillment",
                body: Array(#"{"requestId":"r"}"#.utf8),
                bearer: token
            )
            #expect(expired.status == 401)
        }
    }

    @Test func twoRunSideBySideOnTheirOwnPortsAndDatabases() async throws {
        try await LiveHearth.withRunning(devices: .json(Self.lampHome)) { first in
            try await LiveHearth.withRunning(devices: .none) { second in
                #expect(first.port != second.port)
                #expect(first.databasePath != second.databasePath)
                let token = try first.token(for: "alice")
                let answer = try await first.query(["lamp"], token: token)
                #expect(answer["payload"]?["devices"]?["lamp"]?["online"] == true)
                // The second one has its own registry: the first one's token means nothing there.
                let refused = try await second.send(
                    .post,
                    "/fulfillment",
                    body: Array(#"{"requestId":"r"}"#.utf8),
                    bearer: token
                )
                #expect(refused.status == 401)
            }
        }
    }

    @Test func stopsCleanlyAndOnlyOnce() async throws {
        let hearth = try await LiveHearth.start(devices: .json(Self.lampHome))
        let token = try hearth.token(for: "alice")
        #expect(try await hearth.sync(token: token)["payload"]?["agentUserId"] == "alice")
        #expect(FileManager.default.fileExists(atPath: hearth.databasePath))

        try await hearth.stop()
        #expect(!FileManager.default.fileExists(atPath: hearth.directory.path), "the directory is removed")
        #expect(throws: RawHTTPClient.Failure.self, "nothing listens on the port any more") {
            try RawHTTPClient(port: hearth.port).close()
        }
        let error = #expect(throws: LiveHearthError.self) { try hearth.token(for: "alice") }
        #expect(error?.code == .stopped)
        try await hearth.stop()
    }

    @Test func startsAgainAfterAStop() async throws {
        for _ in 0..<2 {
            try await LiveHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
                let answer = try await hearth.query(["lamp"], token: try hearth.token(for: "alice"))
                #expect(answer["payload"]?["devices"]?["lamp"]?["on"] == false)
            }
        }
    }

    @Test func aConfigurationFileIsReadAndCheckedAsServeChecksIt() async throws {
        func brightness150(configuration: String?) async throws -> JSONValue {
            try await LiveHearth.withRunning(devices: .json(Self.lampHome), configuration: configuration) { hearth in
                try await hearth.execute(
                    "action.devices.commands.BrightnessAbsolute",
                    params: JSONObject([("brightness", 150)]),
                    on: ["lamp"],
                    token: try hearth.token(for: "alice")
                )
            }
        }
        // Strict validation (the default) refuses an out-of-range brightness; lenient validation clamps it.
        let strict = try await brightness150(configuration: nil)
        #expect(strict["payload"]?["commands"]?.arrayValue?.first?["status"] == "ERROR", "\(strict)")
        let lenient = try await brightness150(configuration: #"{"fulfillment": {"strictOperationValidation": false}}"#)
        #expect(lenient["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "\(lenient)")

        await #expect(throws: (any Error).self, "an unknown key is refused") {
            try await LiveHearth.withRunning(configuration: #"{"fulfilment": {"strictOperationValidation": false}}"#) {
                _ in
            }
        }
    }
}
