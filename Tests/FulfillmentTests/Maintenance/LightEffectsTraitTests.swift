import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// LightEffects on a color light with the color loop capability: SYNC's `supportedEffects`, the effect and its end
/// time in QUERY and EXECUTE (kept in User Label), the Matter commands in the change log and in webhook delivery.
struct LightEffectsTraitTests {
    typealias G = GoogleRequest
    typealias F = MaintenanceFixtures

    static let traitName: JSONValue = "action.devices.traits.LightEffects"

    static func effect(_ name: String, _ params: JSONValue = [:]) -> JSONValue { G.step(name, params) }

    @Test func aColorLoopLightSyncsItsEffectsAndValidates() throws {
        let fulfillment = try TestFulfillment(devices: F.light())
        let device = try #require(try fulfillment.syncDevice("strip"))
        #expect(device["traits"]?.arrayValue?.contains(Self.traitName) == true)
        #expect(device["attributes"]?["supportedEffects"] == ["colorLoop", "sleep", "wake"])
        #expect(device["attributes"]?["defaultSleepDuration"] == nil)
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
    }

    @Test func aLightWithoutTheColorLoopHasNoEffects() throws {
        let fulfillment = try TestFulfillment(devices: F.light(colorLoop: false))
        let device = try #require(try fulfillment.syncDevice("strip"))
        #expect(device["traits"]?.arrayValue?.contains(Self.traitName) == false)
        #expect(device["attributes"]?["supportedEffects"] == nil)
    }

    @Test func noEffectRunningReportsNoEffectStates() throws {
        let fulfillment = try TestFulfillment(devices: F.light())
        let states = try #require(try fulfillment.query("strip"))
        #expect(states["activeLightEffect"] == nil)
        #expect(states["lightEffectEndUnixTimestampSec"] == nil)
        #expect(states["on"] == true)
    }

    @Test func sleepDimsToOffOverTheDurationAndReportsItsEnd() throws {
        let fulfillment = try TestFulfillment(devices: F.light())
        let answer = try fulfillment.execute(G.group(["strip"], Self.effect("Sleep", ["duration": 600])))
        #expect(
            answer == [
                [
                    "ids": ["strip"], "status": "SUCCESS",
                    "states": [
                        "activeLightEffect": "sleep", "lightEffectEndUnixTimestampSec": .int(F.now + 600),
                        "online": true,
                    ],
                ]
            ]
        )
        let endpoint = try #require(try fulfillment.storedDevice("strip")?.endpoints[0])
        #expect(endpoint.cluster(.OnOff)["OnOff"] == .bool(false))
        #expect(endpoint.cluster(.LevelControl)["CurrentLevel"] == .int(2))
        #expect(endpoint.cluster(.LevelControl)["RemainingTime"] == .int(6000))
        #expect(MaintenanceLabels.value("lightEffect", on: endpoint) == "sleep")
        let states = try #require(try fulfillment.query("strip"))
        #expect(states["activeLightEffect"] == "sleep")
        #expect(states["lightEffectEndUnixTimestampSec"] == .int(F.now + 600))
    }

    @Test func wakeTurnsAnOffLightOnTowardsItsTopLevel() throws {
        let fulfillment = try TestFulfillment(devices: F.light(on: false))
        let answer = try fulfillment.execute(G.group(["strip"], Self.effect("Wake")))
        #expect(answer.first?["states"]?["activeLightEffect"] == "wake")
        #expect(answer.first?["states"]?["lightEffectEndUnixTimestampSec"] == .int(F.now + 1800))
        let endpoint = try #require(try fulfillment.storedDevice("strip")?.endpoints[0])
        #expect(endpoint.cluster(.OnOff)["OnOff"] == .bool(true))
        #expect(endpoint.cluster(.LevelControl)["CurrentLevel"] == .int(250))
        #expect(endpoint.cluster(.LevelControl)["RemainingTime"] == .int(18000))
    }

    @Test func colorLoopRunsUntilStoppedAndStopEffectClearsIt() throws {
        let fulfillment = try TestFulfillment(
            devices: F.light(labels: #"{"Label": "room", "Value": "den"}"#)
        )
        let looped = try fulfillment.execute(G.group(["strip"], Self.effect("ColorLoop", ["duration": 3600])))
        #expect(looped.first?["states"]?["activeLightEffect"] == "colorLoop")
        #expect(looped.first?["states"]?["lightEffectEndUnixTimestampSec"] == .int(F.now + 3600))
        var endpoint = try #require(try fulfillment.storedDevice("strip")?.endpoints[0])
        #expect(endpoint.cluster(.ColorControl)["ColorLoopActive"] == .int(1))
        #expect(MaintenanceLabels.value("room", on: endpoint) == "den")
        let stopped = try fulfillment.execute(G.group(["strip"], Self.effect("StopEffect")))
        #expect(stopped == [["ids": ["strip"], "status": "SUCCESS", "states": ["online": true]]])
        endpoint = try #require(try fulfillment.storedDevice("strip")?.endpoints[0])
        #expect(endpoint.cluster(.ColorControl)["ColorLoopActive"] == .int(0))
        #expect(
            endpoint.cluster(.UserLabel)["LabelList"]
                == .list([.structure(["Label": .string("room"), "Value": .string("den")])])
        )
        #expect(try fulfillment.query("strip")?["activeLightEffect"] == nil)
        // Nothing running: StopEffect changes nothing and succeeds.
        #expect(try fulfillment.execute(G.group(["strip"], Self.effect("StopEffect"))).first?["status"] == "SUCCESS")
    }

    @Test func withoutUserLabelTheEffectIsMattersAloneWithoutAnEnd() throws {
        let fulfillment = try TestFulfillment(devices: F.light(labels: nil))
        let slept = try fulfillment.execute(G.group(["strip"], Self.effect("Sleep", ["duration": 600])))
        #expect(
            slept == [
                ["ids": ["strip"], "status": "SUCCESS", "states": ["activeLightEffect": "sleep", "online": true]]
            ]
        )
        let endpoint = try #require(try fulfillment.storedDevice("strip")?.endpoints[0])
        #expect(!endpoint.has(.UserLabel))
        #expect(endpoint.cluster(.LevelControl)["RemainingTime"] == .int(6000))
        // The sleeping light is off; waking it is a transition of a light that is on.
        let woken = try fulfillment.execute(G.group(["strip"], Self.effect("Wake")))
        #expect(woken.first?["states"]?["activeLightEffect"] == "wake")
        let looped = try fulfillment.execute(G.group(["strip"], Self.effect("ColorLoop")))
        #expect(looped.first?["states"]?["activeLightEffect"] == "colorLoop")
        #expect(try fulfillment.query("strip")?["lightEffectEndUnixTimestampSec"] == nil)
    }

    @Test func aLightWithoutUserLabelIsDeliveredToo() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: F.light(labels: nil), deliverer: deliverer)
        let answer = try fulfillment.execute(G.group(["strip"], Self.effect("Wake", ["duration": 300])))
        #expect(answer.first?["status"] == "SUCCESS")
        #expect(
            deliverer.delivered.first?.devices.first?.endpoints.first?.commands.map(\.command)
                == ["LevelControl.MoveToLevelWithOnOff"]
        )
    }

    @Test func anEffectThatMatterNoLongerRunsIsNotReported() throws {
        // The label says sleep, but the transition has ended (RemainingTime 0): no effect.
        let fulfillment = try TestFulfillment(
            devices: F.light(
                labels: #"{"Label": "lightEffect", "Value": "sleep"}, {"Label": "lightEffectEnd", "Value": "1"}"#
            )
        )
        #expect(try fulfillment.query("strip")?["activeLightEffect"] == nil)
    }

    @Test func anOffLightCannotLoopOrSleep() throws {
        let fulfillment = try TestFulfillment(devices: F.light(on: false))
        for name in ["ColorLoop", "Sleep"] {
            #expect(
                try fulfillment.execute(G.group(["strip"], Self.effect(name))).first?["errorCode"] == "deviceTurnedOff"
            )
        }
    }

    @Test(arguments: [("Sleep", 0), ("Sleep", 6554), ("ColorLoop", -5), ("Wake", 100_000)])
    func strictModeRefusesADurationOutOfRange(_ name: String, _ duration: Int) throws {
        let fulfillment = try TestFulfillment(devices: F.light())
        let answer = try fulfillment.execute(G.group(["strip"], Self.effect(name, ["duration": .int(duration)])))
        #expect(answer.first?["errorCode"] == "valueOutOfRange")
        #expect(try fulfillment.storedDevice("strip")?.endpoints[0].cluster(.LevelControl)["RemainingTime"] == .int(0))
    }

    @Test func lenientModeClampsTheDuration() throws {
        let fulfillment = try TestFulfillment(
            devices: F.light(),
            options: FulfillmentOptions(validationMode: .lenient)
        )
        let answer = try fulfillment.execute(G.group(["strip"], Self.effect("Sleep", ["duration": 100_000])))
        #expect(answer.first?["states"]?["lightEffectEndUnixTimestampSec"] == .int(F.now + 6553))
        #expect(
            try fulfillment.storedDevice("strip")?.endpoints[0].cluster(.LevelControl)["RemainingTime"] == .int(65530)
        )
    }

    @Test func aDurationOfTheWrongTypeIsRefused() throws {
        let fulfillment = try TestFulfillment(devices: F.light())
        let answer = try fulfillment.execute(G.group(["strip"], Self.effect("Wake", ["duration": "long"])))
        #expect(answer.first?["status"] == "ERROR")
    }

    @Test func anEffectTheLightLacksIsNotSupported() throws {
        // Color loop without Level Control: no sleep or wake.
        var endpoint = Endpoint(
            deviceTypes: [.ExtendedColorLight],
            clusters: [.ColorControl: ClusterState(["ColorCapabilities": .int(31)])]
        )
        #expect(LightEffectsTrait.supportedEffects(of: endpoint) == [.colorLoop])
        #expect(throws: CommandError.self) {
            try LightEffectsTrait.execute(
                .sleep,
                CommandParameters(params: JSONObject(), command: .sleep),
                on: &endpoint,
                mode: .strict
            )
        }
        do {
            try LightEffectsTrait.execute(
                .sleep,
                CommandParameters(params: JSONObject(), command: .sleep),
                on: &endpoint,
                mode: .strict
            )
        } catch {
            #expect(error.code == .functionNotSupported)
        }
    }

    @Test func theChangeLogRecordsMattersCommands() throws {
        let fulfillment = try TestFulfillment(devices: F.light())
        let before = try fulfillment.store.changeBounds().latest
        _ = try fulfillment.execute(G.group(["strip"], Self.effect("Sleep", ["duration": 300])))
        _ = try fulfillment.execute(G.group(["strip"], Self.effect("Wake", ["duration": 300])))
        _ = try fulfillment.execute(G.group(["strip"], Self.effect("ColorLoop")))
        _ = try fulfillment.execute(G.group(["strip"], Self.effect("StopEffect")))
        let commands = try fulfillment.store.changes(after: before, limit: 20, users: nil, kinds: [.command])
        #expect(
            commands.map { $0.record.data["command"] } == [
                "LevelControl.MoveToLevelWithOnOff",
                "LevelControl.StopWithOnOff", "LevelControl.MoveToLevelWithOnOff",
                "LevelControl.StopWithOnOff", "ColorControl.ColorLoopSet",
                "ColorControl.ColorLoopSet",
            ]
        )
        #expect(
            commands.first?.record.data["arguments"]
                == ["Level": 2, "TransitionTime": 3000, "OptionsMask": 0, "OptionsOverride": 0]
        )
        #expect(commands[4].record.data["arguments"]?["Action"] == 2)
        #expect(commands[5].record.data["arguments"]?["Action"] == 0)
    }

    @Test func sleepIsDeliveredAsATransitionWithTheEffectsEnd() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: F.light(), deliverer: deliverer)
        let answer = try fulfillment.execute(G.group(["strip"], Self.effect("Sleep", ["duration": 900])))
        #expect(answer.first?["status"] == "SUCCESS")
        let endpoint = try #require(deliverer.delivered.first?.devices.first?.endpoints.first)
        #expect(
            endpoint.commands == [
                PlannedCommands.Command(
                    command: "LevelControl.MoveToLevelWithOnOff",
                    arguments: JSONObject([
                        ("Level", 2), ("TransitionTime", 9000), ("OptionsMask", 0), ("OptionsOverride", 0),
                    ])
                )
            ]
        )
        let labels = endpoint.target["UserLabel"]?["LabelList"]?.arrayValue ?? []
        #expect(labels.contains(["Label": "lightEffectEnd", "Value": .string(String(F.now + 900))]))
    }
}
