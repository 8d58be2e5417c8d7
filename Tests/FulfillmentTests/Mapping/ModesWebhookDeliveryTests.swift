import Clocks
import Fulfillment
import HearthFakes
import JSON
import Logging
import MatterModel
import Registry
import RegistrySQLite
import Synchronization
import Testing

/// `commands.delivery: webhook`: `SetModes` reaches the device backend as Matter's `ChangeToMode` with `NewMode`,
/// and a laundry control as an attribute write, with the attributes the command targets.
struct ModesWebhookDeliveryTests {
    @Test func setModesIsDeliveredAsChangeToModeAndAWrite() throws {
        let store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(try DeviceFile.parse(ModesTraitTests.washerFile()))
        let deliverer = RecordingDeliverer()
        let dispatcher = IntentDispatcher(
            store: store,
            options: FulfillmentOptions(),
            logger: Logger(label: "modes-delivery", factory: { _ in SwiftLogNoOpLogHandler() }),
            clock: ManualClock(unixMilliseconds: 1_800_000_000_000),
            deliverer: deliverer
        )
        let request = GoogleRequest.execute([
            GoogleRequest.group(
                ["washer"],
                ModesTraitTests.setModes(["wash cycle": "mode-1", "spin speed": "speed-2"])
            )
        ])
        let answer = dispatcher.handle(body: Array(request.description.utf8), agentUserId: Fixtures.alice)
        let body = try JSONParser.parse(answer.body)
        #expect(body["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS")

        let delivered = deliverer.delivered
        #expect(delivered.count == 1)
        let endpoint = try #require(delivered.first?.devices.first?.endpoints.first)
        #expect(delivered.first?.devices.first?.id == "washer")
        #expect(endpoint.endpoint == 1)
        #expect(
            endpoint.commands.map(\.command) == ["LaundryWasherMode.ChangeToMode", "LaundryWasherControls.Write"]
        )
        #expect(endpoint.commands.first?.arguments == JSONObject([("NewMode", 1)]))
        #expect(endpoint.commands.last?.arguments == JSONObject([("SpinSpeedCurrent", 2)]))
        #expect(endpoint.target["LaundryWasherMode"]?["CurrentMode"] == 1)
        #expect(endpoint.target["LaundryWasherControls"]?["SpinSpeedCurrent"] == 2)
        // What the backend confirmed is committed.
        let stored = try #require(try store.devices(forUser: Fixtures.alice, ids: ["washer"])["washer"])
        #expect(stored.endpoints[0].cluster(.LaundryWasherMode).int("CurrentMode") == 1)
    }

    /// A refused SetModes never reaches the backend.
    @Test func aRefusedSetModesIsNotDelivered() throws {
        let store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(try DeviceFile.parse(ModesTraitTests.washerFile(state: 1)))
        let deliverer = RecordingDeliverer()
        let dispatcher = IntentDispatcher(
            store: store,
            options: FulfillmentOptions(),
            logger: Logger(label: "modes-delivery", factory: { _ in SwiftLogNoOpLogHandler() }),
            clock: ManualClock(unixMilliseconds: 1_800_000_000_000),
            deliverer: deliverer
        )
        let request = GoogleRequest.execute([
            GoogleRequest.group(["washer"], ModesTraitTests.setModes(["wash cycle": "mode-1"]))
        ])
        let answer = dispatcher.handle(body: Array(request.description.utf8), agentUserId: Fixtures.alice)
        let body = try JSONParser.parse(answer.body)
        #expect(body["payload"]?["commands"]?.arrayValue?.first?["errorCode"] == "deviceBusy")
        #expect(deliverer.delivered.isEmpty)
    }
}
