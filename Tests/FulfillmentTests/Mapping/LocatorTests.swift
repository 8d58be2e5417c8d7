import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Locator from Identify: no attributes, no states; `Locate` as `Identify.Identify`, silence as IdentifyTime 0,
/// `unableToLocateDevice` without a presentation, and webhook delivery.
struct LocatorTests {
    typealias G = GoogleRequest

    static func file(identifyType: Int = 2) -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "washer", "name": "Washer", "deviceTypes": ["LaundryWasher"],
             "clusters": {"OnOff": {"OnOff": true},
                          "OperationalState": {"OperationalState": 0, "CurrentPhase": 0, "CountdownTime": null},
                          "Identify": {"IdentifyTime": 0, "IdentifyType": \#(identifyType)}}}
            """#
        )
    }

    static func locate(_ params: JSONValue) -> JSONValue { G.step("Locate", params) }

    @Test func identifyBringsLocatorWithNoAttributesAndNoStates() throws {
        let fulfillment = try TestFulfillment(devices: Self.file())
        let device = try #require(try fulfillment.syncDevice("washer"))
        #expect(device["traits"]?.arrayValue?.contains("action.devices.traits.Locator") == true)
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
        var attributes = JSONObject()
        LocatorTrait.attributes(of: Endpoint(deviceTypes: [.LaundryWasher]), into: &attributes)
        var states = JSONObject()
        LocatorTrait.states(of: Endpoint(deviceTypes: [.LaundryWasher]), into: &states)
        #expect(attributes.count == 0 && states.count == 0)
    }

    @Test func locateIdentifiesForFifteenSecondsAndSilenceStops() throws {
        let fulfillment = try TestFulfillment(devices: Self.file())
        let before = try fulfillment.store.changeBounds().latest
        let found = try fulfillment.execute(G.group(["washer"], Self.locate(["silence": false, "lang": "en"])))
        #expect(found == [["ids": ["washer"], "status": "SUCCESS", "states": ["online": true]]])
        #expect(try fulfillment.storedDevice("washer")?.endpoints[0].cluster(.Identify)["IdentifyTime"] == .int(15))
        let silenced = try fulfillment.execute(G.group(["washer"], Self.locate(["silence": true])))
        #expect(silenced.first?["status"] == "SUCCESS")
        #expect(try fulfillment.storedDevice("washer")?.endpoints[0].cluster(.Identify)["IdentifyTime"] == .int(0))
        // No params at all: Google's default silence false.
        _ = try fulfillment.execute(G.group(["washer"], Self.locate([:])))
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(
            commands.map { $0.record.data["command"] } == [
                "Identify.Identify", "Identify.Identify", "Identify.Identify",
            ]
        )
        #expect(
            commands.map { $0.record.data["arguments"] }
                == [["IdentifyTime": 15], ["IdentifyTime": 0], ["IdentifyTime": 15]]
        )
    }

    @Test func noPresentationCannotBeLocatedButCanBeSilenced() throws {
        let fulfillment = try TestFulfillment(devices: Self.file(identifyType: 0))
        #expect(
            try fulfillment.execute(G.group(["washer"], Self.locate(["silence": false])))
                == [["ids": ["washer"], "status": "ERROR", "errorCode": "unableToLocateDevice"]]
        )
        #expect(
            try fulfillment.execute(G.group(["washer"], Self.locate(["silence": true]))).first?["status"] == "SUCCESS"
        )
    }

    @Test func wrongParameterTypesAreRefused() throws {
        let fulfillment = try TestFulfillment(devices: Self.file())
        #expect(
            try fulfillment.execute(G.group(["washer"], Self.locate(["silence": "yes"]))).first?["errorCode"]
                == "notSupported"
        )
        #expect(
            try fulfillment.execute(G.group(["washer"], Self.locate(["lang": 5]))).first?["errorCode"] == "notSupported"
        )
    }

    @Test func locateIsDeliveredAsIdentifyWithItsTime() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: Self.file(), deliverer: deliverer)
        #expect(
            try fulfillment.execute(G.group(["washer"], Self.locate(["silence": false]))).first?["status"] == "SUCCESS"
        )
        #expect(
            try fulfillment.execute(G.group(["washer"], Self.locate(["silence": true]))).first?["status"] == "SUCCESS"
        )
        let commands = deliverer.delivered.compactMap { $0.devices.first?.endpoints.first?.commands.first }
        #expect(
            commands == [
                PlannedCommands.Command(command: "Identify.Identify", arguments: JSONObject([("IdentifyTime", 15)])),
                PlannedCommands.Command(command: "Identify.Identify", arguments: JSONObject([("IdentifyTime", 0)])),
            ]
        )
        #expect(deliverer.delivered.first?.devices.first?.endpoints.first?.target["Identify"]?["IdentifyTime"] == 15)
    }
}
