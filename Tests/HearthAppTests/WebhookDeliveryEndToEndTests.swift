import Clocks
import CommandDelivery
import Foundation
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import Synchronization
import Testing

/// `commands.delivery: webhook` end to end: the real listener, a real SQLite file, the real webhook client and a
/// real local HTTP backend (``FakeDeviceBackend`` or a scripted one), on loopback.
@Suite struct WebhookDeliveryEndToEndTests {
    static let secret = Array("a-webhook-secret-of-some-length".utf8)

    static let home = #"""
        {"users": [{"agentUserId": "alice", "devices": [
          {"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"],
           "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}},
          {"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"], "clusters": {"OnOff": {"OnOff": false}}},
          {"id": "strip", "name": "Strip", "deviceTypes": ["OnOffLight"], "clusters": {"OnOff": {"OnOff": false}}},
          {"id": "fan", "name": "Fan light", "deviceTypes": ["OnOffLight"], "clusters": {"OnOff": {"OnOff": false}}},
          {"id": "porch", "name": "Porch", "deviceTypes": ["OnOffLight"], "online": false,
           "clusters": {"OnOff": {"OnOff": false}}},
          {"id": "door", "name": "Door", "deviceTypes": ["DoorLock"], "challenge": {"pin": "482915"},
           "clusters": {"DoorLock": {"LockState": 1}}}
        ]}]}
        """#

    /// A device backend whose answers the test writes; it records every delivery.
    final class ScriptedBackend: HTTPResponder {
        let answer: @Sendable (JSONObject) -> Response
        let deliveries = Mutex<[(headers: HTTPFields, body: JSONObject)]>([])
        let arrived = EventCount()

        init(_ answer: @escaping @Sendable (JSONObject) -> Response) {
            self.answer = answer
        }

        func respond(to request: Request) -> Response {
            let body = (try? JSONParser.parse(request.body))?.objectValue ?? JSONObject()
            deliveries.withLock { $0.append((request.headerFields, body)) }
            arrived.increment()
            return answer(body)
        }

        static func devices(_ answers: [(String, String)], delay: Duration = .zero) -> Response {
            let text = "{\"devices\": {" + answers.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ",") + "}}"
            return Response(
                status: .ok,
                headerFields: [.contentType: "application/json"],
                body: Array(text.utf8),
                delay: delay
            )
        }
    }

    /// A backend on its own listener and a Hearth delivering to it.
    final class Rig: @unchecked Sendable {
        let backendServer: HTTPServer?
        let hearth: TestHearth
        let token: String

        init(
            backend: (any HTTPResponder)?,
            url: String? = nil,
            deadline: Duration = .milliseconds(1500),
            threads: Int = 2,
            deviceAPI: Bool = false
        ) throws {
            let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            var port = 0
            if let backend {
                let server = HTTPServer(
                    configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 1),
                    responder: backend,
                    logger: logger
                )
                port = try server.start()
                backendServer = server
            } else {
                backendServer = nil
            }
            hearth = try TestHearth(
                devices: WebhookDeliveryEndToEndTests.home,
                options: FulfillmentOptions(deliveryDeadline: deadline),
                deviceAPI: deviceAPI,
                deliverer: WebhookDeliverer(
                    url: URL(string: url ?? "http://127.0.0.1:\(port)/commands")!,
                    secret: WebhookDeliveryEndToEndTests.secret,
                    clock: SystemClock(),
                    logger: logger
                ),
                threads: threads
            )
            token = try hearth.token(for: "alice")
        }

        func shutdown() {
            hearth.shutdown()
            backendServer?.shutdown()
        }

        func execute(_ ids: [String], command: String, params: String) async throws -> [JSONValue] {
            let response = try await hearth.intent(
                TestHomes.execute(ids, command: command, params: params),
                token: token
            )
            #expect(response.status == 200)
            return response.json?["payload"]?["commands"]?.arrayValue ?? []
        }

        func onOff(_ id: String) throws -> Bool? {
            try hearth.store.devices(forUser: "alice", ids: [id])[id]?.endpoints[0].cluster(.OnOff).bool(.OnOff.onOff)
        }

        func commandRecords() throws -> [ChangeRecord] {
            try hearth.store.changes(after: 0, limit: 100, users: nil, kinds: [.command]).map(\.record)
        }
    }

    /// The entry of `results` that names `id`.
    static func result(_ results: [JSONValue], _ id: String) -> JSONValue? {
        results.first { $0["ids"]?.arrayValue?.contains(.string(id)) == true }
    }

    @Test func successCommitsTheConfirmedStateAndRecordsTheCommand() async throws {
        let fake = FakeDeviceBackend(
            secret: Self.secret,
            logger: Logger(label: "fake") { _ in SwiftLogNoOpLogHandler() }
        )
        let rig = try Rig(backend: fake)
        defer { rig.shutdown() }
        let results = try await rig.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#)
        #expect(results.count == 1)
        #expect(results[0]["status"] == .string("SUCCESS"))
        #expect(results[0]["states"]?["on"] == .bool(true))
        #expect(try rig.onOff("lamp") == true)
        #expect(fake.refused == 0)
        let delivery = try #require(fake.received.first)
        #expect(delivery["agentUserId"] == .string("alice"))
        let endpoint = delivery["devices"]?.arrayValue?.first?["endpoints"]?.arrayValue?.first
        #expect(endpoint?["commands"]?.arrayValue?.first?["command"] == .string("OnOff.On"))
        #expect(endpoint?["target"] == .object(JSONObject([("OnOff", .object(JSONObject([("OnOff", .bool(true))])))])))
        let records = try rig.commandRecords()
        #expect(records.count == 1)
        #expect(records.first?.data["command"] == .string("OnOff.On"))
    }

    @Test func theAnswerCarriesTheStateTheBackendReports() async throws {
        // Asked for 50 %, the device settled at CurrentLevel 100 (39 %): Google hears 39, the registry holds 100.
        let backend = ScriptedBackend { _ in
            ScriptedBackend.devices([
                ("lamp", #"{"status": "SUCCESS", "clusters": {"LevelControl": {"CurrentLevel": 100}}}"#)
            ])
        }
        let rig = try Rig(backend: backend)
        defer { rig.shutdown() }
        let results = try await rig.execute(["lamp"], command: "BrightnessAbsolute", params: #"{"brightness": 50}"#)
        #expect(results.first?["status"] == .string("SUCCESS"))
        #expect(results.first?["states"]?["brightness"] == .int(39))
        let lamp = try rig.hearth.store.devices(forUser: "alice", ids: ["lamp"])["lamp"]
        #expect(lamp?.endpoints[0].cluster(.LevelControl).int(.LevelControl.currentLevel) == 100)
        let delivery = try #require(backend.deliveries.withLock { $0.first })
        #expect(delivery.headers[HTTPField.Name("Idempotency-Key")!] == "alice:e")
        let signature = try #require(delivery.headers[HTTPField.Name(WebhookSignature.headerName)!])
        #expect(signature.hasPrefix("t="))
    }

    @Test func oneExecuteMixesSuccessErrorAndPending() async throws {
        let backend = ScriptedBackend { _ in
            ScriptedBackend.devices([
                ("lamp", #"{"status": "SUCCESS", "clusters": {"OnOff": {"OnOff": true}}}"#),
                ("plug", #"{"status": "ERROR", "errorCode": "deviceTurnedOff"}"#),
                ("strip", #"{"status": "PENDING"}"#),
                ("fan", #"{"status": "ERROR", "errorCode": "theDogAteIt"}"#),
            ])
        }
        let rig = try Rig(backend: backend)
        defer { rig.shutdown() }
        let results = try await rig.execute(
            ["lamp", "plug", "strip", "fan", "porch"],
            command: "OnOff",
            params: #"{"on": true}"#
        )
        #expect(Self.result(results, "lamp")?["status"] == .string("SUCCESS"))
        #expect(Self.result(results, "plug")?["errorCode"] == .string("deviceTurnedOff"))
        #expect(Self.result(results, "strip")?["status"] == .string("PENDING"))
        #expect(Self.result(results, "fan")?["errorCode"] == .string("hardError"))
        // Offline: refused before delivery, never sent.
        #expect(Self.result(results, "porch")?["errorCode"] == .string("deviceOffline"))
        let sent = backend.deliveries.withLock {
            $0.first?.body["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        }
        #expect(sent == ["lamp", "plug", "strip", "fan"])
        #expect(try rig.onOff("lamp") == true)
        for id in ["plug", "strip", "fan", "porch"] { #expect(try rig.onOff(id) == false) }
        #expect(try rig.commandRecords().map(\.deviceId) == ["lamp"])
    }

    enum Failure: String, CaseIterable, Sendable {
        case backendDown, serverError, malformedJSON, unknownDevice, wrongSignature
    }

    @Test(arguments: Failure.allCases)
    func aFailedDeliveryAnswersTransientErrorAndChangesNothing(_ failure: Failure) async throws {
        let rig: Rig
        var refusing: RefusingPort?
        var fake: FakeDeviceBackend?
        switch failure {
        case .backendDown:
            let port = try RefusingPort()
            refusing = port
            rig = try Rig(backend: nil, url: "http://127.0.0.1:\(port.port)/commands")
        case .serverError:
            rig = try Rig(backend: ScriptedBackend { _ in Response(status: .serviceUnavailable) })
        case .malformedJSON:
            rig = try Rig(
                backend: ScriptedBackend { _ in Response(status: .ok, body: Array(#"{"devices": {"lamp": "#.utf8)) }
            )
        case .unknownDevice:
            rig = try Rig(
                backend: ScriptedBackend { _ in
                    ScriptedBackend.devices([("lamp", #"{"status": "SUCCESS"}"#), ("other", #"{"status": "SUCCESS"}"#)])
                }
            )
        case .wrongSignature:
            let wrong = FakeDeviceBackend(
                secret: Array("another-secret-entirely".utf8),
                logger: Logger(label: "fake") { _ in SwiftLogNoOpLogHandler() }
            )
            fake = wrong
            rig = try Rig(backend: wrong)
        }
        defer { rig.shutdown() }
        _ = refusing
        let results = try await rig.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#)
        #expect(results.first?["status"] == .string("ERROR"))
        #expect(results.first?["errorCode"] == .string("transientError"))
        #expect(try rig.onOff("lamp") == false)
        #expect(try rig.commandRecords().isEmpty)
        if let fake {
            #expect(fake.refused == 1)
            #expect(fake.received.isEmpty)
        }
    }

    @Test func theDeadlineAnswersPendingAndCommitsNothing() async throws {
        let backend = ScriptedBackend { _ in
            ScriptedBackend.devices([("lamp", #"{"status": "SUCCESS"}"#)], delay: .seconds(5))
        }
        let rig = try Rig(backend: backend, deadline: .milliseconds(300))
        defer { rig.shutdown() }
        // Timed on this thread with a blocking client: an `await` would add however long the test's task waits for a
        // thread of the (two-thread) cooperative pool to resume it, which under the whole suite is seconds.
        let body = TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#)
        let client = try RawHTTPClient(port: rig.hearth.port, readTimeoutSeconds: 20)
        defer { client.close() }
        let started = ContinuousClock.now
        try client.send(
            "POST /fulfillment HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(rig.token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
                + body
        )
        let response = try client.readResponse()
        let elapsed = ContinuousClock.now - started
        #expect(response.status == 200)
        let results = (try? JSONParser.parse(response.body))?["payload"]?["commands"]?.arrayValue ?? []
        #expect(results.first?["status"] == .string("PENDING"))
        // A bound, not the assertion: the answer came at the deadline, long before the backend's.
        #expect(elapsed >= .milliseconds(300))
        #expect(elapsed < .milliseconds(1300))
        #expect(try rig.onOff("lamp") == false)
        #expect(try rig.commandRecords().isEmpty)
    }

    @Test func aPendingDevicesFinalStateComesThroughPatchAndIsReported() async throws {
        let backend = ScriptedBackend { _ in ScriptedBackend.devices([("lamp", #"{"status": "PENDING"}"#)]) }
        let rig = try Rig(backend: backend, deviceAPI: true)
        defer { rig.shutdown() }
        try rig.hearth.store.setReporting(enabled: true)
        let results = try await rig.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#)
        #expect(results.first?["status"] == .string("PENDING"))
        #expect(try rig.onOff("lamp") == false)
        #expect(try rig.hearth.store.outboxCounts().reports == 0)
        // The backend finishes and reports the final state: the registry takes it and a Report State is queued.
        let key = try rig.hearth.store.create(name: "backend", now: SystemClock().unixTime)
        let patched = try await rig.hearth.send(
            "PATCH",
            path: "/v1/users/alice/devices/lamp/state",
            body: Data(#"{"clusters": {"OnOff": {"OnOff": true}}}"#.utf8),
            token: key
        )
        #expect(patched.status == 200)
        #expect(try rig.onOff("lamp") == true)
        #expect(try rig.hearth.store.outboxCounts().reports == 1)
        let states = try rig.hearth.store.changes(after: 0, limit: 10, users: nil, kinds: [.state])
        #expect(states.count == 1)
    }

    @Test func aFailedChallengeNeverReachesTheBackend() async throws {
        let backend = ScriptedBackend { _ in ScriptedBackend.devices([("door", #"{"status": "SUCCESS"}"#)]) }
        let rig = try Rig(backend: backend)
        defer { rig.shutdown() }
        let execute =
            #"{"requestId":"e","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"door"}],"execution":[{"command":"action.devices.commands.LockUnlock","params":{"lock":false},"challenge":{"pin":"000000"}}]}]}}]}"#
        let response = try await rig.hearth.intent(execute, token: rig.token)
        let result = response.json?["payload"]?["commands"]?.arrayValue?.first
        #expect(result?["errorCode"] == .string("challengeNeeded"))
        #expect(result?["challengeNeeded"]?["type"] == .string("challengeFailedPinNeeded"))
        #expect(backend.arrived.value == 0)
        // The wrong PIN was counted although nothing was delivered.
        #expect(try rig.hearth.store.pinAttempts(forUser: "alice", device: "door").failures == 1)
        // The right PIN goes through to the backend.
        let right = execute.replacingOccurrences(of: "000000", with: "482915")
        let unlocked = try await rig.hearth.intent(right, token: rig.token)
        #expect(unlocked.json?["payload"]?["commands"]?.arrayValue?.first?["status"] == .string("SUCCESS"))
        #expect(backend.arrived.value == 1)
    }

    @Test func aSlowBackendHoldsNoListenerThread() async throws {
        // Two listener threads, 200 EXECUTEs waiting on a backend that answers after 3 s: health checks and QUERY
        // are still answered while they all wait.
        let backend = ScriptedBackend { _ in
            ScriptedBackend.devices([("lamp", #"{"status": "SUCCESS"}"#)], delay: .seconds(3))
        }
        let rig = try Rig(backend: backend, deadline: .milliseconds(8000), threads: 2)
        defer { rig.shutdown() }
        let count = 200
        var clients: [RawHTTPClient] = []
        let body = TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on": true}"#)
        for _ in 0..<count {
            let client = try RawHTTPClient(port: rig.hearth.port, readTimeoutSeconds: 30)
            try client.send(
                "POST /fulfillment HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(rig.token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            clients.append(client)
        }
        #expect(await backend.arrived.waitAsync(atLeast: count))
        let health = try await rig.hearth.send("GET", path: "/healthz")
        #expect(health.status == 200)
        let query = try await rig.hearth.intent(TestHomes.query(["lamp"]), token: rig.token)
        #expect(query.status == 200)
        // Every EXECUTE was still waiting for the backend when these were answered.
        #expect(backend.arrived.value == count)
        for client in clients {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText.contains("SUCCESS"))
            client.close()
        }
    }
}
