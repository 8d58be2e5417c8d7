import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// EXECUTE's bookkeeping: groups, steps, result entries, unknown and unreachable devices, all-or-nothing.
struct ExecuteHandlerTests {
    typealias G = GoogleRequest

    static func error(_ ids: [String], _ code: String) -> JSONValue {
        ["ids": .array(ids.map { .string($0) }), "status": "ERROR", "errorCode": .string(code)]
    }

    static func success(_ ids: [String], _ states: JSONValue) -> JSONValue {
        ["ids": .array(ids.map { .string($0) }), "status": "SUCCESS", "states": states]
    }

    /// Every id, once per entry it appears in.
    static func ids(_ results: [JSONValue]) -> [String] {
        results.flatMap { $0["ids"]?.arrayValue ?? [] }.compactMap(\.stringValue).sorted()
    }

    @Test func answerEchoesRequestIdAndHoldsCommands() throws {
        let fulfillment = try TestFulfillment()
        let request = G.execute([G.group(["hall"], G.onOff(false))], requestId: "exec-42")
        let reply = try fulfillment.send(request)
        #expect(reply.status == 200)
        #expect(
            reply.body
                == [
                    "requestId": "exec-42",
                    "payload": ["commands": [Self.success(["hall"], ["on": false, "online": true])]],
                ]
        )
    }

    @Test func stepsRunInOrder() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(["desk"], G.brightnessAbsolute(10), G.brightnessRelative(percent: 20))
        )
        #expect(results == [Self.success(["desk"], ["brightness": 30, "online": true])])
        #expect(try fulfillment.query("desk")?["brightness"] == 30)
    }

    @Test func laterStepWinsOverEarlierStepOfTheSameTrait() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(["desk"], G.onOff(true), G.onOff(false), G.brightnessAbsolute(80), G.brightnessAbsolute(20))
        )
        #expect(results == [Self.success(["desk"], ["on": false, "brightness": 20, "online": true])])
    }

    /// The device is in both groups: both groups' steps apply, in request order, and it gets one entry.
    @Test func sameDeviceInTwoGroupsGetsOneResult() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(["desk"], G.onOff(true), G.brightnessAbsolute(10)),
            G.group(["desk", "plug"], G.step("OnOff", ["on": true])),
            G.group(["desk"], G.brightnessRelative(percent: 20))
        )
        #expect(Self.ids(results) == ["desk", "plug"])
        #expect(
            Set(results)
                == [
                    Self.success(["desk"], ["on": true, "brightness": 30, "online": true]),
                    Self.success(["plug"], ["on": true, "online": true]),
                ]
        )
        #expect(try fulfillment.query("desk") == ["online": true, "status": "SUCCESS", "on": true, "brightness": 30])
    }

    @Test func identicalOutcomesShareOneEntry() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["hall", "plug"], G.onOff(true)))
        #expect(results == [Self.success(["hall", "plug"], ["on": true, "online": true])])
    }

    @Test func identicalErrorsShareOneEntry() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["ghost-1", "bob-lamp", "ghost-2"], G.onOff(true)))
        #expect(results == [Self.error(["bob-lamp", "ghost-1", "ghost-2"], "deviceNotFound")])
    }

    /// Different outcomes, different entries; every requested id exactly once.
    @Test func mixedOutcomesListEveryIdExactlyOnce() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(["hall", "desk", "porch", "bob-lamp", "ghost"], G.onOff(true)),
            G.group(["desk", "plug", "hall"], G.brightnessAbsolute(40))
        )
        #expect(Self.ids(results) == ["bob-lamp", "desk", "ghost", "hall", "plug", "porch"])
        #expect(
            Set(results)
                == [
                    Self.success(["desk"], ["on": true, "brightness": 40, "online": true]),
                    // hall and plug have no Brightness trait: their OnOff step is not applied either.
                    Self.error(["hall", "plug"], "functionNotSupported"),
                    Self.error(["porch"], "deviceOffline"),
                    Self.error(["bob-lamp", "ghost"], "deviceNotFound"),
                ]
        )
        #expect(results.count == 4)
        #expect(try fulfillment.query("hall")?["on"] == true)
        #expect(try fulfillment.query("plug")?["on"] == false)
    }

    @Test func offlineDeviceIsDeviceOfflineAndUnchanged() throws {
        let fulfillment = try TestFulfillment()
        let before = try #require(try fulfillment.storedDevice("porch"))
        let results = try fulfillment.execute(G.group(["porch"], G.onOff(true), G.brightnessAbsolute(10)))
        #expect(results == [Self.error(["porch"], "deviceOffline")])
        let after = try #require(try fulfillment.storedDevice("porch"))
        #expect(after == before)
        #expect(after.online == false)
        #expect(try fulfillment.query("porch") == ["online": false, "status": "ERROR", "errorCode": "deviceOffline"])
    }

    @Test func anotherUsersDeviceIsDeviceNotFoundAndUnchanged() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["bob-lamp"], G.onOff(false), G.brightnessAbsolute(5)))
        #expect(results == [Self.error(["bob-lamp"], "deviceNotFound")])
        #expect(
            try fulfillment.query("bob-lamp", as: Fixtures.bob)
                == ["online": true, "status": "SUCCESS", "on": true, "brightness": 100]
        )
    }

    /// Alice's `desk` changes; Bob's `desk` does not.
    @Test func sameIdForTwoUsersChangesOnlyTheCallersDevice() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk"], G.brightnessAbsolute(5)), as: Fixtures.alice)
        #expect(results == [Self.success(["desk"], ["brightness": 5, "online": true])])
        #expect(try fulfillment.query("desk", as: Fixtures.alice)?["brightness"] == 5)
        #expect(try fulfillment.query("desk", as: Fixtures.bob)?["brightness"] == 100)
    }

    @Test func unknownIdIsDeviceNotFound() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["ghost"], G.onOff(true)))
        #expect(results == [Self.error(["ghost"], "deviceNotFound")])
        #expect(try fulfillment.storedDevice("ghost") == nil)
    }

    /// All or nothing per device: the first step's change is dropped when the second fails.
    @Test(arguments: [
        ("out of range", GoogleRequest.brightnessAbsolute(150), "valueOutOfRange"),
        ("unknown command", GoogleRequest.step("ColorLoop", [:]), "functionNotSupported"),
        ("missing trait", GoogleRequest.colorAbsolute(["temperature": 4000]), "functionNotSupported"),
        ("wrong type", GoogleRequest.step("OnOff", ["on": "yes"]), "notSupported"),
    ])
    func failingLaterStepLeavesTheDeviceUntouched(label: String, failing: JSONValue, code: String) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(["desk"], G.onOff(true), G.brightnessAbsolute(90)),
            G.group(["desk"], failing)
        )
        #expect(results == [Self.error(["desk"], code)], "\(label)")
        #expect(try fulfillment.query("desk") == ["online": true, "status": "SUCCESS", "on": false, "brightness": 50])
    }

    /// One device failing does not hold back another in the same group.
    @Test func failureOfOneDeviceDoesNotStopAnother() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["hall", "desk"], G.brightnessAbsolute(70)))
        #expect(
            Set(results)
                == [
                    Self.success(["desk"], ["brightness": 70, "online": true]),
                    Self.error(["hall"], "functionNotSupported"),
                ]
        )
        #expect(try fulfillment.query("desk")?["brightness"] == 70)
    }

    @Test func errorEntriesCarryNoStates() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.send(G.execute([G.group(["desk"], G.brightnessAbsolute(150))]))
        let entry = try #require(reply.body["payload"]?["commands"]?.arrayValue?.first)
        #expect(entry["states"] == nil)
        #expect(entry["status"] == "ERROR")
        #expect(entry["errorCode"] == "valueOutOfRange")
    }

    @Test func emptyCommandListAnswersNoEntries() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.send(G.execute([]))
        #expect(reply.status == 200)
        #expect(reply.body == ["requestId": "execute-1", "payload": ["commands": []]])
    }

    /// An id listed twice in one group names one device: the group's steps apply to it once, as for any
    /// other device of the group (not once per listing, which would turn "+20 %" into "+40 %").
    @Test func deviceListedTwiceInOneGroupIsCommandedOnce() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk", "desk"], G.brightnessRelative(percent: 20)))
        #expect(Self.ids(results) == ["desk"])
        let brightness = try fulfillment.query("desk")?["brightness"]
        #expect(results == [Self.success(["desk"], ["brightness": 70, "online": true])])
        #expect(brightness == 70)

    }
}
