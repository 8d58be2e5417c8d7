import Foundation
import HearthTestSupport
import HearthTesting
import InMemoryLogging
import Logging
import Registry
import Testing

/// The in-process harness: Hearth built in the test's process on a port of its own, its registry, configuration,
/// metrics and log open to the test, its clock the test's, and what the test overrides used in place.
struct InProcessHearthTests {
    /// One user with one dimmable lamp, off.
    static let lampHome = LiveHearthTests.lampHome
    /// A SYNC request.
    static let sync = #"{"requestId": "s", "inputs": [{"intent": "action.devices.SYNC"}]}"#

    @Test func answersSyncQueryAndExecuteOnItsPort() async throws {
        try await InProcessHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
            #expect(hearth.port > 0)
            #expect(hearth.baseURL.absoluteString == "http://127.0.0.1:\(hearth.port)")
            let token = try hearth.token(for: "alice")

            let sync = try await hearth.sync(token: token)
            #expect(sync["payload"]?["agentUserId"] == "alice")
            #expect(sync["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["lamp"])

            let execute = try await hearth.execute(
                "action.devices.commands.OnOff",
                params: JSONObject([("on", true)]),
                on: ["lamp"],
                token: token
            )
            #expect(execute["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "\(execute)")
            let after = try await hearth.query(["lamp"], token: token)
            #expect(after["payload"]?["devices"]?["lamp"]?["on"] == true)

            let refused = try await hearth.send(.post, "/fulfillment", body: Array(#"{"requestId":"r"}"#.utf8))
            #expect(refused.status == 401)
        }
    }

    /// ``InProcessHearth/store`` is the registry Hearth serves from: what the test changes there, Hearth answers.
    @Test func theStoreIsTheOneHearthServesFrom() async throws {
        try await InProcessHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
            let token = try hearth.token(for: "alice")
            #expect(try await hearth.sync(token: token)["payload"]?["agentUserId"] == "alice")
            #expect(try hearth.store.revokeTokens(forUser: "alice") == 1)
            let revoked = try await hearth.send(.post, "/fulfillment", body: Array(Self.sync.utf8), bearer: token)
            #expect(revoked.status == 401)
            #expect(FileManager.default.fileExists(atPath: hearth.databasePath))
        }
    }

    @Test func servesTheExampleHomeByDefault() async throws {
        try await InProcessHearth.withRunning { hearth in
            let sync = try await hearth.sync(token: try hearth.token(for: "demo-user"))
            let ids = sync["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(ids.contains("kitchen-ceiling"))
            #expect(ids.count == 30)
        }
    }

    @Test func anAPIKeyOpensV1() async throws {
        try await InProcessHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
            let key = try hearth.apiKey()
            let devices = try await hearth.send(.get, "/v1/users/alice/devices", bearer: key)
            #expect(devices.status == 200, "\(devices.text)")
            #expect(devices.text.contains(#""lamp""#), "\(devices.text)")
            #expect(try await hearth.send(.get, "/v1/users/alice/devices", bearer: "hk_wrong").status == 401)
        }
    }

    /// The bearer check reads the harness's clock: a token issued for a minute expires when the test moves it.
    @Test func runsOnTheClockItIsGiven() async throws {
        let clock = ManualClock()
        try await InProcessHearth.withRunning(devices: .json(Self.lampHome), clock: clock) { hearth in
            #expect(hearth.clock.unixMilliseconds == clock.unixMilliseconds)
            let token = try hearth.token(for: "alice", ttl: 60)
            #expect(try await hearth.sync(token: token)["payload"]?["agentUserId"] == "alice")
            clock.advance(by: .seconds(61))
            let expired = try await hearth.send(
                .post,
                "/fulfillment",
                body: Array(Self.sync.utf8),
                bearer: token
            )
            #expect(expired.status == 401)
        }
    }

    /// The file's keys, then the harness's, then `settings`, then `configure`: each is in the configuration Hearth
    /// was built from, and Hearth acts on it.
    @Test func takesConfigurationFromTheFileTheSettingsAndConfigure() async throws {
        func movePath(_ configuration: inout HearthConfiguration) {
            configuration.metricsPath = "/internal/metrics"
        }
        try await InProcessHearth.withRunning(
            devices: .json(Self.lampHome),
            configuration: #"{"fulfillment": {"strictOperationValidation": false}, "metrics": {"enabled": false}}"#,
            settings: [.set(\.metrics.enabled, true)],
            configure: movePath
        ) { hearth in
            #expect(hearth.configuration.database.sqlitePath == hearth.databasePath)
            #expect(hearth.configuration.apiEnabled, "the harness turns /v1 on")
            #expect(hearth.configuration.metricsEnabled, "settings come after the file")
            #expect(hearth.configuration.metricsPath == "/internal/metrics")
            #expect(hearth.server.metrics != nil)
            #expect(try await hearth.send(.get, "/internal/metrics").status == 200)
            #expect(try await hearth.send(.get, "/metrics").status == 404)

            // Lenient validation (the file's) clamps an out-of-range brightness instead of refusing it.
            let lenient = try await hearth.execute(
                "action.devices.commands.BrightnessAbsolute",
                params: JSONObject([("brightness", 150)]),
                on: ["lamp"],
                token: try hearth.token(for: "alice")
            )
            #expect(lenient["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "\(lenient)")
        }
    }

    @Test func anUnknownKeyIsRefusedAsServeRefusesIt() {
        #expect(throws: ConfigurationError.self) {
            _ = try InProcessHearth(configuration: #"{"fulfilment": {"strictOperationValidation": false}}"#)
        }
    }

    /// `overrides` is used in place of what the configuration builds: here the seed, over `devices`.
    @Test func anOverriddenSeedWinsOverDevices() async throws {
        let other = #"{"users": [{"agentUserId": "bob", "devices": []}]}"#
        let seed = try DeviceFileLoader.load(path: try Self.write(other))
        try await InProcessHearth.withRunning(
            devices: .json(Self.lampHome),
            overrides: HearthApplication.Overrides(seed: seed)
        ) { hearth in
            let sync = try await hearth.sync(token: try hearth.token(for: "alice"))
            #expect(sync["payload"]?["devices"]?.arrayValue?.isEmpty == true, "alice has no lamp: \(sync)")
        }
    }

    /// The log as `hearth serve` writes it, in the formats asked for, with no secret in it; and further handlers
    /// beside.
    @Test func capturesTheLogAsServeWritesIt() async throws {
        let memory = InMemoryLogHandlerBox()
        try await InProcessHearth.withRunning(
            devices: .json(Self.lampHome),
            logFormats: [.json, .text],
            logHandlers: [memory.handler]
        ) { hearth in
            let token = try hearth.token(for: "alice")
            _ = try await hearth.sync(token: token)
            let answered = hearth.logLines.filter { $0.contains("Answered a request") }
            #expect(answered.count == 2, "one line per format: \(hearth.logLines)")
            #expect(answered.contains { $0.hasPrefix("{") && $0.contains(#""intent":"SYNC""#) }, "\(answered)")
            #expect(!hearth.logLines.joined().contains(token), "the token is never logged")
            #expect(memory.handler.entries.contains { $0.message.description == "Answered a request" })
        }
    }

    /// The example of the "Testing your integration" article, as written there.
    @Test func theArticlesExampleRuns() async throws {
        let clock = ManualClock()
        try await InProcessHearth.withRunning(devices: .json(Self.lampHome), clock: clock, logFormats: [.json]) {
            hearth in
            let token = try hearth.token(for: "alice", ttl: 60)
            _ = try await hearth.sync(token: token)
            clock.advance(by: .seconds(61))
            let late = try await hearth.send(.post, "/fulfillment", body: Array(#"{}"#.utf8), bearer: token)
            #expect(late.status == 401)
            #expect(hearth.logLines.contains { $0.contains(#""auth.failure":"bearer_token""#) }, "\(hearth.logLines)")
            #expect(try hearth.store.revokeTokens(forUser: "alice") == 1)
        }
    }

    @Test func logsNothingUnlessAsked() async throws {
        try await InProcessHearth.withRunning(devices: .json(Self.lampHome)) { hearth in
            _ = try await hearth.sync(token: try hearth.token(for: "alice"))
            #expect(hearth.logLines.isEmpty)
        }
    }

    @Test func twoRunSideBySideOnTheirOwnPortsAndDatabases() async throws {
        try await InProcessHearth.withRunning(devices: .json(Self.lampHome)) { first in
            try await InProcessHearth.withRunning(devices: .none) { second in
                #expect(first.port != second.port)
                #expect(first.databasePath != second.databasePath)
                let token = try first.token(for: "alice")
                #expect(try await first.query(["lamp"], token: token)["payload"]?["devices"]?["lamp"] != nil)
                let refused = try await second.send(
                    .post,
                    "/fulfillment",
                    body: Array(Self.sync.utf8),
                    bearer: token
                )
                #expect(refused.status == 401)
            }
        }
    }

    @Test func stopsCleanlyAndOnlyOnce() async throws {
        let hearth = try InProcessHearth(devices: .json(Self.lampHome))
        let token = try hearth.token(for: "alice")
        #expect(try await hearth.sync(token: token)["payload"]?["agentUserId"] == "alice")

        hearth.stop()
        #expect(!FileManager.default.fileExists(atPath: hearth.directory.path), "the directory is removed")
        #expect(throws: RawHTTPClient.Failure.self, "nothing listens on the port any more") {
            try RawHTTPClient(port: hearth.port).close()
        }
        let error = #expect(throws: LiveHearthError.self) { try hearth.token(for: "alice") }
        #expect(error?.code == .stopped)
        await #expect(throws: LiveHearthError.self) { try await hearth.sync(token: token) }
        hearth.stop()
    }

    /// A device file written to a temporary path.
    private static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID()).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
