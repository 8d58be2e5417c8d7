import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// The pet feeder of `Config/security.json`: an Aggregator whose manufacturer cluster is declared with
/// `"googleTrait": "Fill"` and `"googleType": "PETFEEDER"`; SYNC's `availableFillLevels`, QUERY's fill state, and
/// Fill by level, by percent and draining, with its errors.
struct PetFeederTests {
    typealias G = GoogleRequest

    static func fill(_ params: JSONValue) -> JSONValue { G.step("Fill", params) }

    @Test func syncListsAPetFeederWithLevelsAndPercent() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let feeder = try #require(try fulfillment.syncDevice("pet-feeder"))
        #expect(feeder["type"] == "action.devices.types.PETFEEDER")
        #expect(feeder["traits"] == ["action.devices.traits.Fill"])
        let levels = try #require(feeder["attributes"]?["availableFillLevels"])
        #expect(levels["ordered"] == true)
        #expect(levels["supportsFillPercent"] == true)
        #expect(
            levels["levels"]?.arrayValue?.last
                == ["level_name": "full", "level_values": [["level_synonym": ["full", "to the top"], "lang": "en"]]]
        )
        let states = try #require(try fulfillment.query("pet-feeder"))
        #expect(states["isFilled"] == false)
        #expect(states["currentFillLevel"] == nil)
        #expect(states["currentFillPercent"] == 0)
    }

    @Test func fillByLevelByPercentAndDrain() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let before = try fulfillment.store.changeBounds().latest
        let half = try fulfillment.execute(G.group(["pet-feeder"], Self.fill(["fill": true, "fillLevel": "half"])))
        #expect(
            half == [
                [
                    "ids": ["pet-feeder"], "status": "SUCCESS",
                    "states": [
                        "isFilled": true, "currentFillLevel": "half", "currentFillPercent": 0, "online": true,
                    ],
                ]
            ]
        )
        let percent = try fulfillment.execute(G.group(["pet-feeder"], Self.fill(["fill": true, "fillPercent": 40])))
        #expect(percent.first?["states"]?["currentFillPercent"] == 40)
        let drained = try fulfillment.execute(G.group(["pet-feeder"], Self.fill(["fill": false])))
        #expect(drained.first?["states"]?["isFilled"] == false)
        #expect(drained.first?["states"]?["currentFillPercent"] == 0)
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(commands.map { $0.record.data["command"] } == Array(repeating: "AcmeFeederBowl.Fill", count: 3))
        #expect(commands.first?.record.data["arguments"] == ["Fill": true, "FillLevel": "half"])
    }

    @Test func fillWithoutALevelFillsToTheLastLevel() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let full = try fulfillment.execute(G.group(["pet-feeder"], Self.fill(["fill": true])))
        #expect(full.first?["states"]?["currentFillLevel"] == "full")
        #expect(full.first?["states"]?["currentFillPercent"] == 100)
    }

    @Test func unknownLevelsAndOutOfRangePercentsAreRefused() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        #expect(
            try fulfillment.execute(G.group(["pet-feeder"], Self.fill(["fill": true, "fillLevel": "brim"])))
                .first?["errorCode"] == "notSupported"
        )
        #expect(
            try fulfillment.execute(G.group(["pet-feeder"], Self.fill(["fill": true, "fillPercent": 140])))
                .first?["errorCode"] == "valueOutOfRange"
        )
        #expect(try fulfillment.query("pet-feeder")?["isFilled"] == false)
    }

    @Test func lenientModeClampsThePercent() throws {
        var state = ClusterState(["Filled": .bool(false), "FillPercent": .int(0)])
        try FillTrait.apply(
            fill: true,
            level: nil,
            percent: 140,
            to: &state,
            declared: ["Filled", "FillPercent"],
            mode: .lenient
        )
        #expect(state["FillPercent"] == .int(100))
        #expect(state["Filled"] == .bool(true))
    }

    @Test func aPercentWithoutFillPercentIsNotSupported() {
        var state = ClusterState(["Filled": .bool(false)])
        #expect(throws: CommandError.self) {
            try FillTrait.apply(fill: true, level: nil, percent: 50, to: &state, declared: ["Filled"], mode: .strict)
        }
        #expect(state["Filled"] == .bool(false))
    }
}
