import Foundation
import HearthTestSupport
import HearthTesting
import JSON
import Testing

/// One info line per HTTP request, in both formats, through the real listener: a success, a protocol error, a 401,
/// an EXECUTE with mixed results, the health check and the device API (route patterns, never ids).
struct RequestLogTests {
    /// A line's fields: a JSON line's members, or a text line's `key=value` pairs (each value up to the next space,
    /// so only `reason` is cut; tests read it with ``text(_:)``).
    typealias Line = LogLine

    static var timestamp: Regex<Substring> { #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/# }

    @Test(arguments: LogFormat.allCases)
    func oneLinePerRequestWithItsIntentOutcomeAndLatency(format: LogFormat) throws {
        let hearth = try ObservedHearth(format: format)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")

        // A success.
        #expect(try hearth.intent(TestHomes.query(["lamp"], requestId: "query-7"), token: token).status == 200)
        var lines = hearth.requestLines
        #expect(lines.count == 1)
        let query = try Line(try #require(lines.last), format: format)
        #expect(query["http.method"] == "POST")
        #expect(query["http.route"] == "/fulfillment")
        #expect(query["http.status"] == "200")
        #expect(query["intent"] == "QUERY")
        #expect(query["outcome"] == "success")
        #expect(query["devices"] == "1")
        #expect(query["request.id"] == "query-7")
        #expect(query["agent_user.id"] == "alice")
        #expect(query["error.codes"] == nil)
        #expect(Int(try #require(query["latency.us"])) ?? -1 >= 0)
        #expect(try #require(query["timestamp"]).wholeMatch(of: Self.timestamp) != nil, "\(query.raw)")
        #expect(query.raw.hasSuffix("\n") && query.raw.dropLast().firstIndex(of: "\n") == nil, "one line")

        // A protocol error: the payload is of the wrong shape; the line keeps the reason.
        let broken = #"{"requestId":"bad-1","inputs":[{"intent":"action.devices.QUERY","payload":{"devices":"lamp"}}]}"#
        #expect(try hearth.intent(broken, token: token).status == 200)
        lines = hearth.requestLines
        #expect(lines.count == 2)
        let refused = try Line(try #require(lines.last), format: format)
        #expect(refused["intent"] == "QUERY")
        #expect(refused["outcome"] == "protocolError")
        #expect(refused["error.codes"] == "protocolError")
        #expect(refused["request.id"] == "bad-1")
        #expect(refused["reason"] != nil, "\(refused.raw)")

        // A 401: no intent was read.
        #expect(try hearth.intent(TestHomes.sync, token: token + "x").status == 401)
        lines = hearth.requestLines
        #expect(lines.count == 3)
        let unauthorized = try Line(try #require(lines.last), format: format)
        #expect(unauthorized["http.status"] == "401")
        #expect(unauthorized["auth.failure"] == "bearer_token")
        #expect(unauthorized["intent"] == nil && unauthorized["agent_user.id"] == nil)

        // EXECUTE with mixed results: one device works, one is offline, one does not exist.
        let execute = TestHomes.execute(["lamp", "porch", "ghost"], command: "OnOff", params: #"{"on":true}"#)
        #expect(try hearth.intent(execute, token: token).status == 200)
        lines = hearth.requestLines
        #expect(lines.count == 4)
        let mixed = try Line(try #require(lines.last), format: format)
        #expect(mixed["intent"] == "EXECUTE")
        #expect(mixed["outcome"] == "partial")
        #expect(mixed["error.codes"] == "deviceNotFound,deviceOffline")
        #expect(mixed["devices"] == "3")
        #expect(mixed["request.id"] == "e")

        // The health check and the device API: route patterns, never the ids in the path.
        #expect(try hearth.request("GET", "/healthz").status == 200)
        #expect(try hearth.request("GET", "/v1/users/alice/devices").status == 401)
        #expect(try hearth.request("GET", "/no/such/path").status == 404)
        lines = hearth.requestLines
        #expect(lines.count == 7)
        let routes = try lines.suffix(3).map { try Line($0, format: format) }
        #expect(routes.map { $0["http.route"] } == ["/healthz", "/v1/users/{agentUserId}/devices", "other"])
        #expect(routes.map { $0["http.status"] } == ["200", "401", "404"])
        #expect(routes[1]["auth.failure"] == "api_key")
        #expect(!routes[1].raw.contains("alice"))
    }

    @Test(arguments: LogFormat.allCases)
    func withAHashKeyTheLineCarriesAKeyedHashInsteadOfTheUser(format: LogFormat) throws {
        let key = Array("a-test-key-of-enough-bytes".utf8)
        let hearth = try ObservedHearth(format: format, userIdHashKey: key)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        #expect(try hearth.intent(TestHomes.sync, token: token).status == 200)
        #expect(try hearth.intent(TestHomes.sync, token: token).status == 200)
        let lines = try hearth.requestLines.map { try Line($0, format: format) }
        #expect(lines.count == 2)
        let hash = try #require(lines.first?["agent_user.hash"])
        #expect(hash.count == 16)
        #expect(lines.last?["agent_user.hash"] == hash, "the same user, the same hash")
        #expect(lines.allSatisfy { $0["agent_user.id"] == nil && !$0.raw.contains("alice") })
    }

    @Test func aJSONLineEscapesWhatAClientSent() throws {
        let hearth = try ObservedHearth(format: .json)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        let body: JSONValue = [
            "requestId": .string(#"a"b\c{"#), "inputs": [["intent": .string("action.devices.NOPE\n{\"x\":1}")]],
        ]
        #expect(try hearth.intent(body.description, token: token).status == 200)
        let line = try Line(try #require(hearth.requestLines.last), format: .json)
        #expect(line["request.id"] == #"a"b\c{"#)
        #expect(line["outcome"] == "protocolError")
        #expect(line["intent"] == "unknown")
        #expect(line["reason"]?.hasPrefix("unknown intent action.devices.NOPE") == true)
    }
}
