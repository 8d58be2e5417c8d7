import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

struct SyncHandlerTests {
    @Test func answersForTheCallerAndEchoesTheRequestId() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.sync(as: Fixtures.alice, requestId: "ff36a3cc-ec34-11e6-b1a0-64510650abcf")
        #expect(reply.status == 200)
        #expect(reply.body["requestId"] == "ff36a3cc-ec34-11e6-b1a0-64510650abcf")
        #expect(reply.body["payload"]?["agentUserId"] == "alice")
        let ids = reply.body["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["hall", "desk", "reading", "ceiling", "strip", "plug", "porch", "combo"])
    }

    @Test func listsOnlyTheCallersDevices() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.sync(as: Fixtures.bob)
        #expect(reply.body["payload"]?["agentUserId"] == "bob")
        let devices = reply.body["payload"]?["devices"]?.arrayValue ?? []
        #expect(devices.compactMap { $0["id"]?.stringValue } == ["bob-lamp", "desk"])
        // Bob's "desk" is his own device, not alice's of the same id.
        #expect(devices.last?["name"]?["name"] == "Bob's desk")
    }

    @Test func userWithoutDevicesGetsAnEmptyList() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.sync(as: "nobody", requestId: "r-empty")
        #expect(reply.status == 200)
        #expect(reply.body == ["requestId": "r-empty", "payload": ["agentUserId": "nobody", "devices": []]])
    }

    @Test(arguments: [false, true])
    func willReportStateFollowsTheOption(willReportState: Bool) throws {
        let fulfillment = try TestFulfillment(options: FulfillmentOptions(willReportState: willReportState))
        let devices = try fulfillment.sync().body["payload"]?["devices"]?.arrayValue ?? []
        #expect(devices.count == 8)
        for device in devices {
            #expect(device["willReportState"] == .bool(willReportState), "device \(device["id"] ?? nil)")
        }
    }

    @Test func willReportStateIsFalseByDefault() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.syncDevice("hall")?["willReportState"] == false)
    }
}
