import Foundation
import HearthTestSupport
import JSON
import Registry
import Testing

/// No secret reaches the logs: a full OAuth flow, fulfillment and a two-factor PIN EXECUTE, captured at trace
/// level (as events, and as the text and JSON lines `log.format` writes, the per-request lines among them), and
/// searched for every password, PIN, code, token and client secret used.
struct SecretsInLogsTests {
    static let home = #"""
        {"users": [{"agentUserId": "alice", "devices": [
          {"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"], "clusters": {"OnOff": {"OnOff": false}}},
          {"id": "front-door", "name": "Front door", "deviceTypes": ["DoorLock"], "challenge": {"pin": "482915"},
           "clusters": {"DoorLock": {"LockState": 1}}}
        ]}]}
        """#

    static func unlock(pin: String) -> String {
        #"{"requestId":"u","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"front-door"}],"execution":[{"command":"action.devices.commands.LockUnlock","params":{"lock":false},"challenge":{"pin":"\#(pin)"}}]}]}}]}"#
    }

    @Test func noSecretInTheLogsOfAFullFlow() throws {
        let hearth = try LinkingHearth(devices: Self.home)
        defer { hearth.shutdown() }
        let password = "Pa55word-that-must-not-leak"
        let wrongPassword = "Wrong-password-that-must-not-leak"
        try hearth.addAccount(user: "alice", login: "alice@example.com", password: password)
        var secrets = [
            password, wrongPassword, LinkingHearth.googleSecret, "482915", "111111", "wrong-client-secret-1",
        ]
        // A wrong password, then the right one.
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        _ = try hearth.submit(
            page: page,
            [("login", "alice@example.com"), ("password", wrongPassword), ("decision", "allow")]
        )
        secrets += LinkingHearth.hiddenFields(page.text).filter { $0.0 == "csrf_token" }.map(\.1)
        let code = try hearth.code(login: "alice@example.com", password: password)
        secrets.append(code)
        let tokens = try hearth.exchange(code)
        let access = try #require(tokens.json?["access_token"]?.stringValue)
        let refresh = try #require(tokens.json?["refresh_token"]?.stringValue)
        secrets += [access, refresh]
        // Failures that carry secrets: a wrong client secret, a bad refresh token (a reused code comes last).
        _ = try hearth.token(
            [("grant_type", "refresh_token"), ("refresh_token", refresh)],
            client: ("google", "wrong-client-secret-1")
        )
        _ = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh + "x")])
        let refreshed = try hearth.token([("grant_type", "refresh_token"), ("refresh_token", refresh)])
        let newAccess = try #require(refreshed.json?["access_token"]?.stringValue)
        secrets.append(newAccess)
        // Fulfillment, a wrong and a right PIN, a bad token, DISCONNECT.
        #expect(try hearth.intent(TestHomes.sync, token: newAccess).status == 200)
        let wrongPIN = try hearth.intent(Self.unlock(pin: "111111"), token: newAccess)
        #expect(wrongPIN.text.contains("challengeFailedPinNeeded"))
        let rightPIN = try hearth.intent(Self.unlock(pin: "482915"), token: newAccess)
        #expect(rightPIN.text.contains("SUCCESS"))
        #expect(try hearth.intent(TestHomes.sync, token: access + "x").status == 401)
        #expect(try hearth.intent(TestHomes.disconnect, token: newAccess).status == 200)
        #expect(try hearth.exchange(code).json?["error"] == "invalid_grant")

        let logs = hearth.logText
        #expect(logs.contains("Exchanged an authorization code"), "the flow was logged at all")
        #expect(logs.contains("Refused a sign-in"))
        // The per-request lines, in both formats (log.format), are searched too.
        #expect(logs.contains("info hearth-oauth-test : "), "text lines were written")
        #expect(logs.contains(#""message":"Answered a request""#), "JSON lines were written")
        #expect(logs.contains("http.route=/oauth/token") && logs.contains("http.route=/fulfillment"))
        for secret in secrets {
            #expect(!logs.contains(secret), "a secret reached the logs: \(secret.prefix(4))…")
        }
    }
}
