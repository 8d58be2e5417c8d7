import JSON
import RecordReplay
import Testing

/// ``FixtureRedaction``: what a recording never holds.
struct FixtureRedactionTests {
    @Test func redactsSecretsWhereverTheySit() {
        let value: JSONValue = [
            "requestId": "r",
            "customData": ["apiKey": "k-123", "Password": "hunter2", "nested": [["token": "t-1"]], "room": "hall"],
            "challenge": ["ack": true, "pin": "1234"],
        ]
        let redacted = FixtureRedaction.redact(value)
        let text = redacted.description
        for secret in ["k-123", "hunter2", "t-1", "1234"] {
            #expect(!text.contains(secret))
        }
        #expect(redacted["customData"]?["room"] == "hall")
        #expect(redacted["challenge"]?["ack"] == true)
        #expect(redacted["requestId"] == "r")
    }
}
