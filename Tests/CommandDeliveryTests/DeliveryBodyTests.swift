import CommandDelivery
import Fulfillment
import JSON
import Testing

/// The webhook's JSON: the request body Hearth sends and the reading of the backend's answer.
@Suite struct DeliveryBodyTests {
    static let commands = PlannedCommands(
        requestId: "r-1",
        agentUserId: "alice",
        idempotencyKey: "k-1",
        devices: [
            PlannedCommands.Device(
                id: "lamp",
                endpoints: [
                    PlannedCommands.Endpoint(
                        endpoint: 1,
                        commands: [PlannedCommands.Command(command: "OnOff.On", arguments: JSONObject())],
                        target: JSONObject([("OnOff", .object(JSONObject([("OnOff", .bool(true))])))])
                    )
                ]
            )
        ]
    )

    @Test func theRequestNamesTheRequestTheUserAndEachDevicesCommandsAndTarget() throws {
        let body = try JSONParser.parse(DeliveryBody.request(Self.commands))
        #expect(body["requestId"]?.stringValue == "r-1")
        #expect(body["agentUserId"]?.stringValue == "alice")
        let devices = try #require(body["devices"]?.arrayValue)
        #expect(devices.count == 1)
        #expect(devices[0]["id"]?.stringValue == "lamp")
        let endpoint = try #require(devices[0]["endpoints"]?.arrayValue?.first)
        #expect(endpoint["endpoint"]?.intValue == 1)
        #expect(endpoint["commands"]?.arrayValue?.first?["command"]?.stringValue == "OnOff.On")
        #expect(endpoint["commands"]?.arrayValue?.first?["arguments"]?.objectValue?.count == 0)
        #expect(endpoint["target"]?["OnOff"]?["OnOff"]?.boolValue == true)
        // The idempotency key travels as a header, not in the body.
        #expect(body["idempotencyKey"] == nil)
    }

    @Test func anAnswerGivesOneOutcomePerDevice() {
        let answer = #"""
            {"devices": {"lamp": {"status": "SUCCESS", "clusters": {"OnOff": {"OnOff": true}}, "endpoint": 2},
             "plug": {"status": "ERROR", "errorCode": "deviceTurnedOff"}, "strip": {"status": "PENDING"},
             "fan": {"status": "SUCCESS"}}}
            """#
        let outcome = DeliveryBody.outcome(Array(answer.utf8), asked: ["lamp", "plug", "strip", "fan", "porch"])
        let clusters = JSONObject([("OnOff", .object(JSONObject([("OnOff", .bool(true))])))])
        #expect(
            outcome
                == .answered([
                    "lamp": .success(clusters: clusters, endpoint: 2),
                    "plug": .error(code: "deviceTurnedOff"),
                    "strip": .pending,
                    "fan": .success(clusters: nil, endpoint: nil),
                ])
        )
    }

    @Test(arguments: [
        "not json",
        #"{"answers": {}}"#,
        #"{"devices": {"door": {"status": "SUCCESS"}}}"#,
        #"{"devices": {"lamp": "SUCCESS"}}"#,
        #"{"devices": {"lamp": {"status": "DONE"}}}"#,
        #"{"devices": {"lamp": {"status": "SUCCESS", "clusters": [1]}}}"#,
        #"{"devices": {"lamp": {"status": "SUCCESS", "endpoint": "one"}}}"#,
    ])
    func anAnswerOutsideTheProtocolFailsTheDelivery(_ answer: String) {
        let outcome = DeliveryBody.outcome(Array(answer.utf8), asked: ["lamp"])
        guard case .failed = outcome else {
            Issue.record("expected a failed delivery, got \(outcome)")
            return
        }
    }
}
