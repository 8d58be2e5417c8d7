import Clocks
import CommandDelivery
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthFakes
import JSON
import Logging
import Testing

/// The fake device backend (`hearth fake-device-backend`'s responder): signatures, and injected outcomes that repeat
/// with the seed.
struct FakeDeviceBackendTests {
    let secret = Array("fake-backend-test-secret".utf8)
    let logger = Logger(label: "fake") { _ in SwiftLogNoOpLogHandler() }

    func delivery(devices: Int) -> [UInt8] {
        DeliveryBody.request(
            PlannedCommands(
                requestId: "r",
                agentUserId: "alice",
                idempotencyKey: "alice:r",
                devices: (0..<devices).map { index in
                    PlannedCommands.Device(
                        id: "light-\(index)",
                        endpoints: [
                            PlannedCommands.Endpoint(
                                endpoint: 1,
                                commands: [PlannedCommands.Command(command: "OnOff.On", arguments: JSONObject())],
                                target: JSONObject([("OnOff", .object(JSONObject([("OnOff", .bool(true))])))])
                            )
                        ]
                    )
                }
            )
        )
    }

    func request(_ body: [UInt8], signedWith key: [UInt8], at time: Int64) -> Request {
        let header = WebhookSignature.header(body: body, secret: key, timestamp: time)
        return Request(
            method: .post,
            target: "/commands",
            headerFields: [HTTPField.Name(WebhookSignature.headerName)!: header, .contentType: "application/json"],
            body: body
        )
    }

    @Test func aSignedDeliveryIsAnsweredWithTheRequestedAttributes() throws {
        let fake = FakeDeviceBackend(secret: secret, logger: logger)
        let now = SystemClock().unixTime.seconds
        let response = fake.respond(to: request(delivery(devices: 1), signedWith: secret, at: now))
        #expect(response.status == .ok)
        let outcome = DeliveryBody.outcome(response.body, asked: ["light-0"])
        #expect(
            outcome
                == .answered([
                    "light-0": .success(
                        clusters: JSONObject([("OnOff", .object(JSONObject([("OnOff", .bool(true))])))]),
                        endpoint: 1
                    )
                ])
        )
    }

    @Test func wrongStaleOrMissingSignaturesGet401() {
        let fake = FakeDeviceBackend(secret: secret, logger: logger)
        let now = SystemClock().unixTime.seconds
        let body = delivery(devices: 1)
        #expect(fake.respond(to: request(body, signedWith: Array("not-the-secret".utf8), at: now)).status == 401)
        #expect(fake.respond(to: request(body, signedWith: secret, at: now - 301)).status == 401)
        #expect(fake.respond(to: Request(method: .post, target: "/commands", body: body)).status == 401)
        #expect(fake.refused == 3)
        #expect(fake.received.isEmpty)
    }

    @Test func injectedOutcomesRepeatWithTheSeed() throws {
        let options = FakeDeviceBackend.Options(errorRate: 0.3, pendingRate: 0.3, seed: 42)
        let now = SystemClock().unixTime.seconds
        let body = delivery(devices: 40)
        let ids = (0..<40).map { "light-\($0)" }
        func statuses(_ fake: FakeDeviceBackend) throws -> [String] {
            let answer = try JSONParser.parse(fake.respond(to: request(body, signedWith: secret, at: now)).body)
            return ids.map { answer["devices"]?[$0]?["status"]?.stringValue ?? "?" }
        }
        let first = try statuses(FakeDeviceBackend(secret: secret, options: options, logger: logger))
        let second = try statuses(FakeDeviceBackend(secret: secret, options: options, logger: logger))
        #expect(first == second)
        // Each outcome shows up among 40 draws at these rates.
        #expect(Set(first) == ["SUCCESS", "ERROR", "PENDING"])
    }
}
