import Fulfillment
import JSON
import Registry
import SmartHomeProtocol
import Testing

/// EXECUTE writes one `command` record per device, endpoint and command to the change log, in Matter terms, in
/// its own transaction; refused commands write none.
struct ExecuteChangeLogTests {
    typealias G = GoogleRequest

    @Test func brightnessIsRecordedAsMoveToLevelWithOnOff() throws {
        let fulfillment = try TestFulfillment()
        let before = try fulfillment.store.changeBounds().latest
        _ = try fulfillment.send(G.execute([G.group(["desk"], G.brightnessAbsolute(30))], requestId: "req-7"))
        let changes = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: nil)
        #expect(changes.count == 1)
        let change = try #require(changes.first)
        #expect(change.record.kind == .command)
        #expect(change.record.agentUserId == Fixtures.alice)
        #expect(change.record.deviceId == "desk")
        let data = change.record.data
        #expect(data["endpoint"] == 1)
        #expect(data["command"] == "LevelControl.MoveToLevelWithOnOff")
        let level = try #require(data["arguments"]?["Level"]?.intValue)
        #expect(data["changed"]?["LevelControl"]?["CurrentLevel"]?.intValue == level)
        #expect(data["requestId"] == "req-7")
    }

    @Test func onOffIsRecordedAsOnOrOffAndKindsFilter() throws {
        let fulfillment = try TestFulfillment()
        let before = try fulfillment.store.changeBounds().latest
        _ = try fulfillment.send(
            G.execute([G.group(["hall"], G.onOff(false)), G.group(["hall"], G.onOff(true))], requestId: "r")
        )
        let commands = try fulfillment.store.changes(
            after: before,
            limit: 10,
            users: [Fixtures.alice],
            kinds: [.command]
        )
        #expect(commands.map { $0.record.data["command"] } == ["OnOff.Off", "OnOff.On"])
        #expect(commands.map(\.cursor) == commands.map(\.cursor).sorted())
        #expect(try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.state]).isEmpty)
        #expect(try fulfillment.store.changes(after: before, limit: 10, users: ["nobody"], kinds: nil).isEmpty)
    }

    @Test func unknownDeviceRecordsNothing() throws {
        let fulfillment = try TestFulfillment()
        let before = try fulfillment.store.changeBounds().latest
        _ = try fulfillment.send(G.execute([G.group(["no-such-device"], G.onOff(true))], requestId: "r"))
        #expect(try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: nil).isEmpty)
    }
}
