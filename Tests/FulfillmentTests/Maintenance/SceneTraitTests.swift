import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// A scene as an Aggregator with a scene action: SYNC as SCENE with `sceneReversible`, ActivateScene both ways,
/// the refusals, and `Actions.InstantAction` / `StopAction` in the change log and in webhook delivery.
struct SceneTraitTests {
    typealias G = GoogleRequest
    typealias F = MaintenanceFixtures

    static func activate(_ deactivate: JSONValue) -> JSONValue {
        G.step("ActivateScene", ["deactivate": deactivate])
    }

    static func state(_ fulfillment: TestFulfillment) throws -> AttributeValue? {
        let list = try fulfillment.storedDevice("movie")?.endpoints[0].cluster(.Actions)["ActionList"]?.listValue
        return list?.first?.structureValue?["State"]
    }

    @Test func aSceneActionSyncsAsAReversibleSCENE() throws {
        let fulfillment = try TestFulfillment(devices: F.scene(F.action()))
        let device = try #require(try fulfillment.syncDevice("movie"))
        #expect(device["type"] == "action.devices.types.SCENE")
        #expect(device["traits"] == ["action.devices.traits.Scene"])
        #expect(device["attributes"] == ["sceneReversible": true])
        #expect(device["name"]?["name"] == "Movie night")
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
        // Google: "Device STATES: None."
        #expect(try fulfillment.query("movie") == ["online": true, "status": "SUCCESS"])
    }

    @Test func withoutStopActionTheSceneIsNotReversible() throws {
        let fulfillment = try TestFulfillment(devices: F.scene(F.action(commands: 1)))
        #expect(try fulfillment.syncDevice("movie")?["attributes"] == ["sceneReversible": false])
        #expect(
            try fulfillment.execute(G.group(["movie"], Self.activate(true))).first?["errorCode"]
                == "functionNotSupported"
        )
        #expect(try fulfillment.execute(G.group(["movie"], Self.activate(false))).first?["status"] == "SUCCESS")
    }

    @Test func activatingAndDeactivatingSetTheActionsState() throws {
        let fulfillment = try TestFulfillment(devices: F.scene(F.action()))
        let on = try fulfillment.execute(G.group(["movie"], Self.activate(false)))
        #expect(on == [["ids": ["movie"], "status": "SUCCESS", "states": ["online": true]]])
        #expect(try Self.state(fulfillment) == .int(SceneAction.active))
        _ = try fulfillment.execute(G.group(["movie"], Self.activate(true)))
        #expect(try Self.state(fulfillment) == .int(SceneAction.inactive))
    }

    @Test func theFirstSceneActionIsTheDevicesScene() throws {
        let fulfillment = try TestFulfillment(
            devices: F.scene(F.action(id: 4, type: 2) + ", " + F.action(id: 9, commands: 4))
        )
        let before = try fulfillment.store.changeBounds().latest
        #expect(try fulfillment.execute(G.group(["movie"], Self.activate(false))).first?["status"] == "SUCCESS")
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(commands.map { $0.record.data["command"] } == ["Actions.StartAction"])
        #expect(commands.first?.record.data["arguments"] == ["ActionID": 9])
    }

    @Test func refusals() throws {
        let disabled = try TestFulfillment(devices: F.scene(F.action(state: 3)))
        #expect(
            try disabled.execute(G.group(["movie"], Self.activate(false))).first?["errorCode"] == "actionNotAvailable"
        )
        let noScene = try TestFulfillment(devices: F.scene(F.action(type: 3)))
        #expect(
            try noScene.execute(G.group(["movie"], Self.activate(false))).first?["errorCode"] == "functionNotSupported"
        )
        let cannotStart = try TestFulfillment(devices: F.scene(F.action(commands: 16)))
        #expect(
            try cannotStart.execute(G.group(["movie"], Self.activate(false))).first?["errorCode"]
                == "functionNotSupported"
        )
        let fulfillment = try TestFulfillment(devices: F.scene(F.action()))
        #expect(
            try fulfillment.execute(G.group(["movie"], G.step("ActivateScene", [:]))).first?["status"] == "ERROR"
        )
        #expect(try Self.state(fulfillment) == .int(SceneAction.inactive))
    }

    @Test func aSceneWithoutAnActionIsFlaggedByValidation() throws {
        let file = try DeviceFile.parse(F.scene(F.action(type: 3)))
        let device = try #require(file.users.first?.devices.first)
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(validation.violations.isEmpty)
        #expect(validation.problems.map(\.path) == ["endpoints[0].clusters.Actions.ActionList"])
        let file2 = try DeviceFile.parse(F.scene(F.action()))
        let valid = DeviceValidation(device: try #require(file2.users.first?.devices.first), willReportState: true)
        #expect(valid.problems.isEmpty, "\(valid.problems)")
    }

    @Test func scenesAreDeliveredAsActionsCommands() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: F.scene(F.action()), deliverer: deliverer)
        _ = try fulfillment.execute(G.group(["movie"], Self.activate(false)))
        _ = try fulfillment.execute(G.group(["movie"], Self.activate(true)))
        let commands = deliverer.delivered.compactMap { $0.devices.first?.endpoints.first?.commands.first }
        #expect(
            commands == [
                PlannedCommands.Command(command: "Actions.InstantAction", arguments: JSONObject([("ActionID", 1)])),
                PlannedCommands.Command(command: "Actions.StopAction", arguments: JSONObject([("ActionID", 1)])),
            ]
        )
    }
}
