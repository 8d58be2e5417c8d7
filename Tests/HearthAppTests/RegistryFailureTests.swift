import Foundation
import HearthTestSupport
import JSON
import Registry
import RegistrySQLite
import Testing

/// `/fulfillment` with the registry gone (the SQLite store closed under a running listener, as `/healthz`'s test
/// does): every intent is answered in Google's shape for a whole-request error, with the request's own id.
struct RegistryFailureTests {
    @Test(arguments: [
        TestHomes.sync,
        TestHomes.query(["lamp"], requestId: "q-7"),
        TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on":true}"#, requestId: "e-9"),
        TestHomes.disconnect,
    ])
    func anUnreachableRegistryIsATransientErrorWithTheRequestsId(body: String) throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        let requestId = try #require(try JSONParser.parse(Array(body.utf8)).objectValue?["requestId"]?.stringValue)
        try hearth.store.close()
        let answer = try Curl.run(
            [
                "-X", "POST", "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json",
                "--data-binary", "@-", "http://127.0.0.1:\(hearth.port)/fulfillment",
            ],
            input: Array(body.utf8)
        )
        #expect(answer.status == 500)
        let json = try JSONParser.parse(Array(answer.body.utf8))
        #expect(json == ["requestId": .string(requestId), "payload": ["errorCode": "transientError"]])
    }

    /// A body that is not JSON still gets its id back when it can be read, as for `protocolError`.
    @Test func aBrokenBodyStillEchoesItsId() throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        try hearth.store.close()
        let answer = try Curl.run([
            "-X", "POST", "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json",
            "--data-binary", #"{"requestId": "broken-1", "inputs": ["#, "http://127.0.0.1:\(hearth.port)/fulfillment",
        ])
        #expect(answer.status == 500)
        let json = try JSONParser.parse(Array(answer.body.utf8))
        #expect(json == ["requestId": "broken-1", "payload": ["errorCode": "transientError"]])
    }
}
