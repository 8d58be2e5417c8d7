import Clocks
import Fulfillment
import HearthFakes
import JSON
import Logging
import MatterModel
import Registry
import RegistrySQLite
import SmartHomeProtocol
import Synchronization
import Testing

/// Webhook mode: what reaches the device backend for a SetTemperature and a TimerStart is Matter's commands with
/// Matter's arguments.
struct KitchenDeliveryTests {
    typealias G = GoogleRequest
    typealias K = KitchenFixtures

    @Test func setTemperatureAndTimerStartReachTheBackendAsMatterCommands() throws {
        let store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(
            try DeviceFile.parse(
                #"{"users": [{"agentUserId": "alice", "devices": [\#(K.oven()), \#(K.microwave())]}]}"#
            )
        )
        let deliverer = RecordingDeliverer()
        let dispatcher = IntentDispatcher(
            store: store,
            options: FulfillmentOptions(),
            logger: Logger(label: "kitchen-delivery", factory: { _ in SwiftLogNoOpLogHandler() }),
            clock: ManualClock(unixMilliseconds: 1_800_000_000_000),
            deliverer: deliverer
        )
        let request = G.execute([
            G.group(["oven"], G.step("SetTemperature", ["temperature": 200])),
            G.group(["microwave"], G.step("TimerStart", ["timerTimeSec": 300])),
        ])
        let answer = dispatcher.handle(body: Array(request.description.utf8), agentUserId: "alice")
        let body = try JSONParser.parse(answer.body)
        let statuses = (body["payload"]?["commands"]?.arrayValue ?? []).map { $0["status"] }
        #expect(statuses == ["SUCCESS", "SUCCESS"])

        let plans = deliverer.delivered
        #expect(plans.count == 1)
        let devices = try #require(plans.first).devices
        let oven = try #require(devices.first { $0.id == "oven" })
        #expect(oven.endpoints.map(\.endpoint) == [2])
        #expect(
            oven.endpoints.first?.commands
                == [
                    PlannedCommands.Command(
                        command: "TemperatureControl.SetTemperature",
                        arguments: JSONObject([("TargetTemperature", 20000)])
                    )
                ]
        )
        let microwave = try #require(devices.first { $0.id == "microwave" })
        #expect(
            microwave.endpoints.first?.commands
                == [
                    PlannedCommands.Command(
                        command: "MicrowaveOvenControl.SetCookingParameters",
                        arguments: JSONObject([("CookTime", 300), ("StartAfterSetting", true)])
                    )
                ]
        )
        #expect(microwave.endpoints.first?.target["MicrowaveOvenControl"]?["CookTime"] == 300)
    }
}
