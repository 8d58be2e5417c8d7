import HomeGraph
import JSON
import Testing

struct HomeGraphRequestBodyTests {
    /// `intents/docs_homegraph_reportstate_basic.json`'s request, from Google's reference.
    @Test func reportStateMatchesGooglesExample() {
        let body = HomeGraphRequestBody.reportState(
            agentUserId: "1234",
            requestId: "ff36a3cc-ec34-11e6-b1a0-64510650abcf",
            states: ["123": object(#"{"on": true}"#), "456": object(#"{"on": true, "brightness": 10}"#)]
        )
        let expected = json(
            """
            {"requestId": "ff36a3cc-ec34-11e6-b1a0-64510650abcf", "agentUserId": "1234",
             "payload": {"devices": {"states": {"123": {"on": true}, "456": {"on": true, "brightness": 10}}}}}
            """
        )
        #expect(body == expected)
    }

    /// `intents/docs_homegraph_requestsync.json`'s request.
    @Test func requestSyncMatchesGooglesExample() {
        #expect(
            HomeGraphRequestBody.requestSync(agentUserId: "user-123")
                == json(#"{"agentUserId": "user-123", "async": true}"#)
        )
    }

    @Test func notificationsGoUnderTheirTrait() {
        let body = HomeGraphRequestBody.reportState(
            agentUserId: "u",
            requestId: "r",
            eventId: "doorbell-press-1",
            states: [:],
            notifications: [
                "doorbell": [
                    .objectDetection(detectionTimestampMilliseconds: 1_607_557_900_000, named: ["Alice"], unfamiliar: 1)
                ],
                "leak-sensor": [.sensorState(name: "WaterLeak", currentSensorState: "leak")],
                "quiet": [],
            ]
        )
        let expected = json(
            """
            {"requestId": "r", "agentUserId": "u", "eventId": "doorbell-press-1",
             "payload": {"devices": {"notifications": {
               "doorbell": {"ObjectDetection": {"priority": 0, "detectionTimestamp": 1607557900000,
                                                "objects": {"named": ["Alice"], "unfamiliar": 1}}},
               "leak-sensor": {"SensorState": {"priority": 0, "name": "WaterLeak", "currentSensorState": "leak"}}}}}}
            """
        )
        #expect(body == expected)
    }

    @Test func devicesAreWrittenInIdOrder() {
        let body = HomeGraphRequestBody.reportState(
            agentUserId: "u",
            requestId: "r",
            states: ["b": object(#"{"online": false}"#), "a": object(#"{"on": true, "online": true}"#)]
        )
        #expect(body["payload"]?["devices"]?["states"]?.objectValue?.keys == ["a", "b"])
    }
}
