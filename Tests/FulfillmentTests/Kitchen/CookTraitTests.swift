import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Google Cook from Oven Mode and Microwave Oven Mode tags.
struct CookTraitTests {
    typealias G = GoogleRequest
    typealias K = KitchenFixtures

    static func cook(_ params: JSONValue) -> JSONValue { G.step("Cook", params) }

    @Test func ovenModes() throws {
        let fulfillment = try K.fulfillment(K.oven())
        let device = try #require(try K.syncDevice(fulfillment, "oven"))
        #expect(device["traits"]?.arrayValue?.contains("action.devices.traits.Cook") == true)
        // Clean has no Google cooking mode.
        #expect(device["attributes"]?["supportedCookingModes"] == ["BAKE", "CONVECTION_BAKE", "GRILL"])
        #expect(try fulfillment.query("oven")?["currentCookingMode"] == "NONE")
    }

    @Test func microwaveModes() throws {
        let device = try #require(try K.syncDevice(K.fulfillment(K.microwave()), "microwave"))
        #expect(device["attributes"]?["supportedCookingModes"] == ["MICROWAVE", "DEFROST"])
    }

    @Test func tagTable() {
        #expect(CookTrait.cookingMode(forTag: 0x4000, microwave: false) == "BAKE")
        #expect(CookTrait.cookingMode(forTag: 0x4001, microwave: false) == "CONVECTION_BAKE")
        #expect(CookTrait.cookingMode(forTag: 0x4006, microwave: false) == "ROAST")
        #expect(CookTrait.cookingMode(forTag: 0x4008, microwave: false) == "FERMENT")
        #expect(CookTrait.cookingMode(forTag: 0x4004, microwave: false) == nil)
        #expect(CookTrait.cookingMode(forTag: 0x4001, microwave: true) == "DEFROST")
        #expect(CookTrait.cookingMode(forTag: 0, microwave: false) == nil)
    }

    @Test func startInAModeThenChangeIt() throws {
        let fulfillment = try K.fulfillment(K.oven())
        let baking = try K.run(fulfillment, "oven", Self.cook(["start": true, "cookingMode": "GRILL"]))
        #expect(baking["status"] == "SUCCESS")
        #expect(baking["states"]?["currentCookingMode"] == "GRILL")
        #expect(
            try K.stored(fulfillment, "oven", endpoint: 1, .OvenCavityOperationalState).int("OperationalState") == 1
        )
        #expect(try K.stored(fulfillment, "oven", endpoint: 1, .OvenMode).int("CurrentMode") == 2)
        #expect(
            try K.errorCode(fulfillment, "oven", Self.cook(["start": true, "cookingMode": "GRILL"])) == "alreadyStarted"
        )
        let changed = try K.run(fulfillment, "oven", Self.cook(["start": true, "cookingMode": "BAKE"]))
        #expect(changed["states"]?["currentCookingMode"] == "BAKE")
        let stopped = try K.run(fulfillment, "oven", Self.cook(["start": false]))
        #expect(stopped["states"]?["currentCookingMode"] == "NONE")
        #expect(try K.errorCode(fulfillment, "oven", Self.cook(["start": false])) == "alreadyStopped")
    }

    @Test func startWithoutAModeKeepsTheCurrentOne() throws {
        let fulfillment = try K.fulfillment(K.oven(mode: 1))
        let result = try K.run(fulfillment, "oven", Self.cook(["start": true]))
        #expect(result["states"]?["currentCookingMode"] == "CONVECTION_BAKE")
    }

    @Test func refusals() throws {
        let fulfillment = try K.fulfillment(K.oven())
        #expect(
            try K.errorCode(fulfillment, "oven", Self.cook(["start": true, "cookingMode": "DEFROST"]))
                == "functionNotSupported"
        )
        #expect(
            try K.errorCode(fulfillment, "oven", Self.cook(["start": true, "foodPreset": "white_rice"]))
                == "unknownFoodPreset"
        )
        #expect(
            try K.errorCode(K.fulfillment(K.oven(state: 3)), "oven", Self.cook(["start": true])) == "deviceNotReady"
        )
        #expect(
            try K.stored(fulfillment, "oven", endpoint: 1, .OvenCavityOperationalState).int("OperationalState") == 0
        )
    }

    @Test func microwaveDefrost() throws {
        let fulfillment = try K.fulfillment(K.microwave())
        let result = try K.run(fulfillment, "microwave", Self.cook(["start": true, "cookingMode": "DEFROST"]))
        #expect(result["states"]?["currentCookingMode"] == "DEFROST")
        #expect(try K.stored(fulfillment, "microwave", .MicrowaveOvenMode).int("CurrentMode") == 1)
    }

    /// Oven: ChangeToMode then Start; microwave: its mode goes through SetCookingParameters.
    @Test func matterCommands() throws {
        let oven = try #require(try K.fulfillment(K.oven()).storedDevice("oven")).endpoints[1]
        var baking = oven
        baking.clusters[.OvenMode]?["CurrentMode"] = .int(2)
        baking.clusters[.OvenCavityOperationalState]?["OperationalState"] = .int(1)
        let ovenCommands = MatterCommandDescription.describe(.cook, before: oven, after: baking)
        #expect(ovenCommands.map(\.command) == ["OvenMode.ChangeToMode", "OvenCavityOperationalState.Start"])
        #expect(ovenCommands.first?.arguments["NewMode"] == 2)

        let microwave = try #require(try K.fulfillment(K.microwave()).storedDevice("microwave")).endpoints[0]
        var defrosting = microwave
        defrosting.clusters[.MicrowaveOvenMode]?["CurrentMode"] = .int(1)
        defrosting.clusters[.OperationalState]?["OperationalState"] = .int(1)
        let microwaveCommands = MatterCommandDescription.describe(.cook, before: microwave, after: defrosting)
        #expect(microwaveCommands.map(\.command) == ["MicrowaveOvenControl.SetCookingParameters"])
        #expect(microwaveCommands.first?.arguments == JSONObject([("CookMode", 1), ("StartAfterSetting", true)]))
    }
}
