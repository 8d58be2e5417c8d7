import Clocks
import Fulfillment
import JSON
import Registry
import SmartHomeProtocol
import Testing

struct IntentDispatcherTests {
    static let protocolError: JSONValue = ["errorCode": "protocolError"]

    @Test func bodyThatIsNotJSONIs400WithProtocolError() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.send(bytes: Array("this is not json".utf8))
        #expect(reply.status == 400)
        #expect(reply.body == ["payload": Self.protocolError])
    }

    @Test func brokenJSONStillEchoesARequestIdItCanRead() throws {
        let fulfillment = try TestFulfillment()
        let body = #"{"requestId": "r-broken", "inputs": [{"intent": "action.devices.SYNC"}"#
        let reply = try fulfillment.send(bytes: Array(body.utf8))
        #expect(reply.status == 400)
        #expect(reply.body == ["requestId": "r-broken", "payload": Self.protocolError])
    }

    @Test func unknownIntentIs200WithProtocolError() throws {
        let fulfillment = try TestFulfillment()
        let request: JSONValue = ["requestId": "r-identify", "inputs": [["intent": "action.devices.IDENTIFY"]]]
        let reply = try fulfillment.send(request)
        #expect(reply.status == 200)
        #expect(reply.body == ["requestId": "r-identify", "payload": Self.protocolError])
    }

    @Test(arguments: ["action.devices.QUERY", "action.devices.EXECUTE"])
    func intentWithoutPayloadIs200WithProtocolError(intent: String) throws {
        let fulfillment = try TestFulfillment()
        let request: JSONValue = ["requestId": "r-empty", "inputs": [["intent": .string(intent)]]]
        let reply = try fulfillment.send(request)
        #expect(reply.status == 200)
        #expect(reply.body == ["requestId": "r-empty", "payload": Self.protocolError])
    }

    @Test func payloadOfTheWrongShapeIs200WithProtocolError() throws {
        let fulfillment = try TestFulfillment()
        let request: JSONValue = [
            "requestId": "r-shape",
            "inputs": [["intent": "action.devices.QUERY", "payload": ["devices": "desk"]]],
        ]
        let reply = try fulfillment.send(request)
        #expect(reply.status == 200)
        #expect(reply.body == ["requestId": "r-shape", "payload": Self.protocolError])
    }

    @Test func moreThanOneInputIs200WithProtocolError() throws {
        let fulfillment = try TestFulfillment()
        let request: JSONValue = [
            "requestId": "r-two",
            "inputs": [["intent": "action.devices.SYNC"], ["intent": "action.devices.SYNC"]],
        ]
        let reply = try fulfillment.send(request)
        #expect(reply.status == 200)
        #expect(reply.body == ["requestId": "r-two", "payload": Self.protocolError])
    }

    @Test func disconnectAnswersEmptyObjectRevokesTokensAndKeepsDevices() throws {
        let fulfillment = try TestFulfillment()
        let now = UnixTime(seconds: 1_700_000_000)
        let aliceToken = try fulfillment.store.issueToken(forUser: Fixtures.alice, ttl: nil, now: now)
        let aliceSecondToken = try fulfillment.store.issueToken(forUser: Fixtures.alice, ttl: 3600, now: now)
        let bobToken = try fulfillment.store.issueToken(forUser: Fixtures.bob, ttl: nil, now: now)
        #expect(try fulfillment.store.authenticate(token: aliceToken, now: now) == Fixtures.alice)

        let reply = try fulfillment.send(GoogleRequest.disconnect())

        #expect(reply.status == 200)
        #expect(reply.body == [:])
        #expect(try fulfillment.store.authenticate(token: aliceToken, now: now) == nil)
        #expect(try fulfillment.store.authenticate(token: aliceSecondToken, now: now) == nil)
        #expect(try fulfillment.store.authenticate(token: bobToken, now: now) == Fixtures.bob)
        #expect(try fulfillment.store.devices(forUser: Fixtures.alice).count == 8)
        #expect(try fulfillment.syncDevice("desk") != nil)
    }

    /// The id is echoed exactly, whatever it holds, for every intent that answers with an envelope.
    @Test(arguments: ["plain-1", "with \"quotes\" and \\ backslash", "line\nbreak\ttab", "caf\u{E9} \u{1F4A1}", ""])
    func requestIdIsEchoedExactly(requestId: String) throws {
        let fulfillment = try TestFulfillment()
        let requests: [JSONValue] = [
            GoogleRequest.sync(requestId: requestId),
            GoogleRequest.query(["hall"], requestId: requestId),
            GoogleRequest.execute([GoogleRequest.group(["hall"], GoogleRequest.onOff(true))], requestId: requestId),
            ["requestId": .string(requestId), "inputs": [["intent": "action.devices.UNKNOWN"]]],
        ]
        for request in requests {
            let reply = try fulfillment.send(request)
            #expect(reply.body["requestId"] == .string(requestId), "\(request)")
        }
    }

    /// In broken JSON only a plain id (no escapes) is trusted; otherwise the answer has no `requestId`.
    @Test func brokenJSONWithAnEscapedIdAnswersWithoutRequestId() throws {
        let fulfillment = try TestFulfillment()
        let body = #"{"requestId": "a\"b", "inputs": ["#
        let reply = try fulfillment.send(bytes: Array(body.utf8))
        #expect(reply.status == 400)
        #expect(reply.body == ["payload": Self.protocolError])
    }

    @Test(arguments: ["action.devices.sync", "SYNC", "action.devices.IDENTIFY", ""])
    func intentNamesAreExact(intent: String) throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.send(["requestId": "r-case", "inputs": [["intent": .string(intent)]]])
        #expect(reply.status == 200)
        #expect(reply.body == ["requestId": "r-case", "payload": Self.protocolError])
    }
}
