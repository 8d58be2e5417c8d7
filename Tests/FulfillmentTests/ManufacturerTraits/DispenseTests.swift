import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// The food dispenser of `Config/security.json`: an Aggregator whose manufacturer cluster is declared with
/// `"googleTrait": "Dispense"` and `"googleType": "PETFEEDER"`; SYNC's items and presets, QUERY's `dispenseItems`,
/// Dispense by amount, by default and by preset, its errors and its delivery as `AcmeFoodDispenser.Dispense`.
struct DispenseTests {
    typealias G = GoogleRequest

    static func dispense(_ params: JSONValue) -> JSONValue { G.step("Dispense", params) }

    @Test func syncListsItemsAndPresetsAndQueryTheAmounts() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let feeder = try #require(try fulfillment.syncDevice("food-dispenser"))
        #expect(feeder["type"] == "action.devices.types.PETFEEDER")
        #expect(feeder["traits"] == ["action.devices.traits.Dispense"])
        #expect(
            feeder["attributes"]?["supportedDispenseItems"] == [
                [
                    "item_name": "kibble",
                    "item_name_synonyms": [["lang": "en", "synonyms": ["kibbles", "dry food", "kibble"]]],
                    "supported_units": ["GRAMS"], "default_portion": ["amount": 40, "unit": "GRAMS"],
                ]
            ]
        )
        #expect(
            feeder["attributes"]?["supportedDispensePresets"] == [
                [
                    "preset_name": "breakfast",
                    "preset_name_synonyms": [["lang": "en", "synonyms": ["breakfast", "morning meal"]]],
                ]
            ]
        )
        let states = try #require(try fulfillment.query("food-dispenser"))
        #expect(
            states["dispenseItems"] == [
                [
                    "itemName": "kibble", "amountRemaining": ["amount": 500, "unit": "GRAMS"],
                    "amountLastDispensed": ["amount": 0, "unit": "GRAMS"], "isCurrentlyDispensing": false,
                ]
            ]
        )
    }

    @Test func dispenseAnAmountTheDefaultAndAPreset() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let before = try fulfillment.store.changeBounds().latest
        let amount = try fulfillment.execute(
            G.group(["food-dispenser"], Self.dispense(["item": "kibble", "amount": 60, "unit": "GRAMS"]))
        )
        #expect(amount.first?["status"] == "SUCCESS")
        #expect(amount.first?["states"]?["dispenseItems"]?.arrayValue?.first?["amountRemaining"]?["amount"] == 440)
        let generic = try fulfillment.execute(G.group(["food-dispenser"], Self.dispense([:])))
        let item = generic.first?["states"]?["dispenseItems"]?.arrayValue?.first
        #expect(item?["amountRemaining"]?["amount"] == 400)
        #expect(item?["amountLastDispensed"]?["amount"] == 40)
        let preset = try fulfillment.execute(G.group(["food-dispenser"], Self.dispense(["presetName": "breakfast"])))
        #expect(preset.first?["status"] == "SUCCESS")
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(commands.map { $0.record.data["command"] } == Array(repeating: "AcmeFoodDispenser.Dispense", count: 3))
        #expect(commands.first?.record.data["arguments"] == ["Item": "kibble", "Amount": 60, "Unit": "GRAMS"])
        #expect(commands.last?.record.data["arguments"] == ["PresetName": "breakfast"])
    }

    @Test func refusalsUseGooglesDispenseErrors() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        func code(_ params: JSONValue) throws -> JSONValue? {
            try fulfillment.execute(G.group(["food-dispenser"], Self.dispense(params))).first?["errorCode"]
        }
        #expect(try code(["item": "kibble", "amount": 2, "unit": "CUPS"]) == "dispenseUnitNotSupported")
        #expect(try code(["item": "kibble", "amount": 0, "unit": "GRAMS"]) == "dispenseAmountBelowLimit")
        #expect(try code(["item": "kibble", "amount": 2.5, "unit": "GRAMS"]) == "dispenseFractionalAmountNotSupported")
        #expect(try code(["item": "kibble", "amount": 900, "unit": "GRAMS"]) == "dispenseAmountRemainingExceeded")
        #expect(try code(["item": "treats", "amount": 1, "unit": "GRAMS"]) == "notSupported")
        #expect(try code(["presetName": "dinner"]) == "notSupported")
        let left = try fulfillment.query("food-dispenser")?["dispenseItems"]?.arrayValue?.first?["amountRemaining"]
        #expect(left?["amount"] == 500)
    }
}
