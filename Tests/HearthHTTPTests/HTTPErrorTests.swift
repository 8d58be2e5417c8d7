import Clocks
import Foundation
import HearthTestSupport
import HearthTesting
import JSON
import MicroHTTPD
import Registry
import Testing

/// Every refusal of the HTTP edge, through the real listener (the HearthTesting product's `InProcessHearth`).
struct HTTPErrorTests {
    /// Hearth on the two-user home, `/v1` off, with a bad-token budget no test reaches.
    static func start(maxBodyBytes: Int? = nil) throws -> InProcessHearth {
        try InProcessHearth(
            devices: .json(TestHomes.twoUsers),
            settings: [.set(\.api.enabled, false), .set(\.http.badTokenBurst, 100_000)],
            configure: { configuration in
                if let maxBodyBytes { configuration.http.maxBodyBytes = maxBodyBytes }
            }
        )
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let response = try await hearth.send(.get, "/fulfillment", bearer: try hearth.token(for: "alice"))
        #expect(response.status == 405)
        #expect(response.headerFields[.allow] == "POST")
        #expect(response.json?["error"] == "method_not_allowed")
        let health = try await hearth.send(.post, "/healthz", body: Array("{}".utf8))
        #expect(health.status == 405)
    }

    @Test func unknownPathIs404() async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let response = try await hearth.send(.post, "/nope", body: Array("{}".utf8))
        #expect(response.status == 404)
        #expect(response.json?["error"] == "not_found")
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/jsonx"])
    func bodyThatIsNotJSONIs415(contentType: String) async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let token = try hearth.token(for: "alice")
        let response = try await hearth.post(TestHomes.sync, token: token, contentType: contentType)
        #expect(response.status == 415)
        let accepted = try await hearth.post(
            TestHomes.sync,
            token: token,
            contentType: "application/json;charset=UTF-8"
        )
        #expect(accepted.status == 200)
    }

    @Test func missingTokenIs401WithChallenge() async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let response = try await hearth.post(TestHomes.sync)
        #expect(response.status == 401)
        #expect(response.headerFields[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
        #expect(response.json?["error"] == "invalid_token")
    }

    @Test(arguments: ["unknown", "expired", "revoked", "malformed"])
    func badTokenIs401(kind: String) async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        var token: String
        switch kind {
        case "unknown":
            token = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        case "expired":
            token = try hearth.store.issueToken(forUser: "alice", ttl: 60, now: .init(seconds: 1_000))
        case "revoked":
            token = try hearth.token(for: "alice")
            _ = try hearth.store.revokeTokens(forUser: "alice")
        default:
            token = "two words"
        }
        let response = try await hearth.post(TestHomes.sync, token: token)
        #expect(response.status == 401)
        #expect(response.headerFields[.wwwAuthenticate]?.contains("invalid_token") == true)
        #expect(response.json?["payload"] == nil, "no intent answer leaks")
    }

    @Test func malformedJSONIs400EchoingTheRequestId() async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let token = try hearth.token(for: "alice")
        let response = try await hearth.post(
            #"{"requestId": "broken-1", "inputs": [{"intent": "action.devices.SYNC"]"#,
            token: token
        )
        #expect(response.status == 400)
        #expect(response.json == ["requestId": "broken-1", "payload": ["errorCode": "protocolError"]])
        let unreadable = try await hearth.post("\u{1}\u{2}garbage", token: token)
        #expect(unreadable.status == 400)
        #expect(unreadable.json == ["payload": ["errorCode": "protocolError"]])
    }

    @Test(arguments: [
        #"{"requestId":"r","inputs":[{"intent":"action.devices.UNKNOWN"}]}"#,
        #"{"requestId":"r","inputs":[]}"#,
        #"{"requestId":"r","inputs":[{"intent":"action.devices.SYNC"},{"intent":"action.devices.SYNC"}]}"#,
        #"{"requestId":"r","inputs":[{"intent":"action.devices.QUERY"}]}"#,
        #"{"requestId":"r","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":"x"}}]}"#,
    ])
    func notOneKnownIntentIs200ProtocolError(body: String) async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let response = try await hearth.post(body, token: try hearth.token(for: "alice"))
        #expect(response.status == 200)
        #expect(response.json == ["requestId": "r", "payload": ["errorCode": "protocolError"]])
    }

    @Test func hugeBodyIs413AndTheServerStaysUp() async throws {
        let hearth = try Self.start(maxBodyBytes: 64 * 1024)
        defer { hearth.stop() }
        let token = try hearth.token(for: "alice")
        let huge = String(repeating: " ", count: 200 * 1024)
        let response = try await hearth.post(huge, token: token)
        #expect(response.status == 413)
        let after = try await hearth.post(TestHomes.sync, token: token)
        #expect(after.status == 200)
    }

    @Test func healthzAnswersWhenTheRegistryDoes() async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let response = try await hearth.send(.get, "/healthz")
        #expect(response.status == 200)
        #expect(response.json == ["status": "ok"])
        try hearth.store.close()
        let down = try await hearth.send(.get, "/healthz")
        #expect(down.status == 503)
    }

    @Test func hostileBodiesNeverCrashTheServer() async throws {
        let hearth = try Self.start()
        defer { hearth.stop() }
        let token = try hearth.token(for: "alice")
        let bodies = [
            String(repeating: "[", count: 50_000),
            #"{"requestId":"\#(String(repeating: "x", count: 100_000))","inputs":[{"intent":"action.devices.SYNC"}]}"#,
            #"{"requestId":"r","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"lamp"}],"execution":[{"command":"action.devices.commands.BrightnessAbsolute","params":{"brightness":1e308}}]}]}}]}"#,
            #"{"requestId":"r","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"color"}],"execution":[{"command":"action.devices.commands.ColorAbsolute","params":{"color":{"spectrumRGB":-99999999999}}}]}]}}]}"#,
            "\u{0}\u{0}\u{0}",
            "",
        ]
        for body in bodies {
            let response = try await hearth.post(body, token: token)
            #expect([200, 400].contains(response.status), "status \(response.status) for \(body.prefix(40))")
        }
        let after = try await hearth.post(TestHomes.sync, token: token)
        #expect(after.status == 200)
    }
}

extension InProcessHearth {
    /// POSTs `body` to `/fulfillment` with `contentType` (even when empty, as a client that sends one), and `token`
    /// as a bearer; the answer whatever its status.
    fileprivate func post(
        _ body: String,
        token: String? = nil,
        contentType: String = "application/json"
    ) async throws -> Response {
        try await send(
            .post,
            "/fulfillment",
            headerFields: [.contentType: contentType],
            body: Array(body.utf8),
            bearer: token
        )
    }
}
