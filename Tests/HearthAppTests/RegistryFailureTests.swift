import Foundation
import HearthTestSupport
import JSON
import Registry
import RegistrySQLite
import Testing

/// `/fulfillment` with the registry gone (the SQLite store closed under a running listener, as `/healthz`'s test
/// does): every intent is answered 503 with `Retry-After`, in Google's shape for a whole-request error, with the
/// request's own id.
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
        // 503 with Retry-After: a registry that cannot answer is a reason to try again, not a server bug.
        #expect(answer.status == 503)
        #expect(answer.headers.lowercased().contains("retry-after: 5"))
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
        #expect(answer.status == 503)
        #expect(answer.headers.lowercased().contains("retry-after: 5"))
        let json = try JSONParser.parse(Array(answer.body.utf8))
        #expect(json == ["requestId": "broken-1", "payload": ["errorCode": "transientError"]])
    }

    /// The token endpoint: `temporarily_unavailable` with 503 and `Retry-After`, never `invalid_grant` (which would
    /// make Google unlink the user) and never a 500; revocation the same (RFC 7009 §2.2.1: the client "may assume
    /// the token was not revoked and should retry later").
    @Test(arguments: [
        ("/oauth/token", "grant_type=refresh_token&refresh_token=anything"),
        ("/oauth/revoke", "token=anything"),
    ])
    func theTokenEndpointsSayTemporarilyUnavailable(path: String, body: String) throws {
        let hearth = try OAuthFlowTests.make()
        defer { hearth.shutdown() }
        try hearth.store.close()
        let response = try hearth.request(
            "POST",
            path,
            body: body,
            headers: [
                "Content-Type": "application/x-www-form-urlencoded",
                "Authorization": "Basic " + Data("google:\(LinkingHearth.googleSecret)".utf8).base64EncodedString(),
            ]
        )
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "5")
        #expect(response.json?["error"] == "temporarily_unavailable")
    }

    /// `/healthz`, what a load balancer polls: not ready, with `Retry-After`, while the registry cannot answer.
    @Test func healthSaysUnavailableWithRetryAfter() throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        #expect(try Curl.run(["http://127.0.0.1:\(hearth.port)/healthz"]).status == 200)
        try hearth.store.close()
        let answer = try Curl.run(["http://127.0.0.1:\(hearth.port)/healthz"])
        #expect(answer.status == 503)
        #expect(answer.headers.lowercased().contains("retry-after: 5"))
        #expect(answer.body == #"{"status":"unavailable"}"#)
    }
}
