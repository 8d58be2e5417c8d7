import Fulfillment
import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

/// The kitchen and home-systems catalogues through the device-type mapping: every device parses (each value is one
/// the Matter specification allows), gets its Google type and exactly its traits, and is composed as Matter says.
/// Whether Google accepts the whole SYNC entry (the traits' attributes) is `CatalogueValidationTests`'s.
struct ApplianceCatalogueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var type: GoogleDeviceType
        var traits: Set<SmartHomeProtocol.Trait>
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "kitchen-fridge", type: .refrigerator, traits: [.modes, .temperatureControl]),
        Case(id: "garage-freezer", type: .freezer, traits: [.temperatureControl]),
        Case(id: "wall-oven", type: .oven, traits: [.startStop, .timer, .cook, .temperatureControl, .modes]),
        Case(id: "induction-cooktop", type: .cooktop, traits: [.onOff, .modes]),
        Case(id: "countertop-microwave", type: .microwave, traits: [.startStop, .timer, .cook, .modes]),
        Case(id: "range-hood", type: .hood, traits: [.onOff, .fanSpeed, .sensorState, .brightness]),
        Case(id: "kitchen-dishwasher-pro", type: .dishwasher, traits: [.onOff, .startStop, .runCycle, .modes]),
        Case(id: "tumble-dryer", type: .dryer, traits: [.onOff, .startStop, .runCycle, .modes]),
        Case(id: "front-loader", type: .washer, traits: [.onOff, .startStop, .runCycle, .modes]),
        Case(id: "hot-water-tank", type: .waterHeater, traits: [.onOff, .temperatureControl, .toggles, .modes]),
        Case(id: "heat-pump", type: .thermostat, traits: [.temperatureSetting, .modes]),
        Case(id: "driveway-charger", type: .charger, traits: [.energyStorage, .modes]),
        Case(id: "mopping-robot", type: .vacuum, traits: [.startStop, .dock, .modes, .locator]),
        Case(id: "bedroom-purifier", type: .airPurifier, traits: [.onOff, .fanSpeed, .sensorState]),
    ]

    static func devices() throws -> [String: Device] {
        let files = [KitchenCatalogue.deviceFile, HomeSystemsCatalogue.deviceFile]
        let devices = try files.flatMap { try DeviceFile.parse($0).users.flatMap(\.devices) }
        return Dictionary(uniqueKeysWithValues: devices.map { ($0.id, $0) })
    }

    @Test func everyCatalogueDeviceIsACase() throws {
        #expect(Set(try Self.devices().keys) == Set(Self.cases.map(\.id)))
    }

    @Test(arguments: cases)
    func googleTypeAndTraits(_ expected: Case) throws {
        let device = try #require(try Self.devices()[expected.id])
        #expect(DeviceTypeMapping.isExposed(device))
        #expect(DeviceTypeMapping.googleType(for: device) == expected.type)
        let traits = DeviceTypeMapping.traits(of: device)
        #expect(Set(traits) == expected.traits)
        #expect(traits.count == expected.traits.count, "each trait once")
        #expect(DeviceValidation.missingParts(of: device).isEmpty)
    }

    /// Which endpoint backs what on the composed appliances: the first cabinet backs TemperatureControl (the
    /// fridge's, not the freezer's), the hood's light backs only Brightness, the heat pump's Thermostat endpoint
    /// backs TemperatureSetting, the cooktop's first cook surface backs Modes (its temperature levels).
    @Test func composedAppliancesBindTheirParts() throws {
        let devices = try Self.devices()
        func endpoint(_ id: String, _ trait: SmartHomeProtocol.Trait) throws -> Int? {
            DeviceTypeMapping.bindings(of: try #require(devices[id])).first { $0.trait == trait }?.endpoint
        }
        #expect(try endpoint("kitchen-fridge", .temperatureControl) == 1)
        #expect(try endpoint("kitchen-fridge", .modes) == 0)
        #expect(try endpoint("range-hood", .onOff) == 0)
        #expect(try endpoint("range-hood", .brightness) == 1)
        #expect(try endpoint("heat-pump", .temperatureSetting) == 1)
        #expect(try endpoint("heat-pump", .modes) == 2)
        #expect(try endpoint("induction-cooktop", .onOff) == 0)
        // Cook surfaces with temperature levels (TL) have no setpoint: their levels are a Modes setting.
        #expect(try endpoint("induction-cooktop", .temperatureControl) == nil)
        #expect(try endpoint("induction-cooktop", .modes) == 1)
    }

    // MARK: - Refrigerator or freezer

    static func refrigerator(cabinets: [String]) -> String {
        let parts = cabinets.map {
            #"{"deviceType": "TemperatureControlledCabinet", "clusters": {"TemperatureControl": \#($0)}}"#
        }
        return Fixtures.deviceFile(
            #"""
            {"id": "r", "name": "R", "endpoints": [{"deviceType": "Refrigerator"}, \#(parts.joined(separator: ", "))]}
            """#
        )
    }

    static func number(min: Int, max: Int) -> String {
        #"{"FeatureMap": 1, "TemperatureSetpoint": \#(min), "MinTemperature": \#(min), "MaxTemperature": \#(max)}"#
    }

    static let levels = #"{"FeatureMap": 2, "SelectedTemperatureLevel": 0, "SupportedTemperatureLevels": ["Cold"]}"#

    static func googleType(cabinets: [String]) throws -> GoogleDeviceType? {
        let device = try #require(try DeviceFile.parse(refrigerator(cabinets: cabinets)).users.first?.devices.first)
        return DeviceTypeMapping.googleType(for: device)
    }

    /// FREEZER exactly when every cabinet is a TemperatureNumber cabinet whose `MaxTemperature` is at most 0 °C.
    @Test func aRefrigeratorIsAFreezerWhenEveryCabinetFreezes() throws {
        #expect(try Self.googleType(cabinets: [Self.number(min: -2400, max: -1400)]) == .freezer)
        #expect(try Self.googleType(cabinets: [Self.number(min: -2400, max: 0)]) == .freezer)
        #expect(try Self.googleType(cabinets: [Self.number(min: -2400, max: 1)]) == .refrigerator)
        #expect(try Self.googleType(cabinets: [Self.number(min: 100, max: 800)]) == .refrigerator)
        #expect(
            try Self.googleType(cabinets: [Self.number(min: 100, max: 800), Self.number(min: -2400, max: -1400)])
                == .refrigerator
        )
        // Levels name no temperature: never a freezer on their account.
        #expect(try Self.googleType(cabinets: [Self.levels]) == .refrigerator)
        #expect(try Self.googleType(cabinets: [Self.number(min: -2400, max: -1400), Self.levels]) == .refrigerator)
    }

    // MARK: - Mode Select

    /// A Mode Select endpoint brings Modes to the device it is part of, and is no device of its own.
    @Test func modeSelectBringsModesAndIsNotADeviceAlone() throws {
        let modeSelect = #"""
            {"deviceType": "ModeSelect", "clusters": {"ModeSelect": {"Description": "Scene", "StandardNamespace": null,
              "SupportedModes": [{"Label": "Cosy", "Mode": 0, "SemanticTags": []},
                                 {"Label": "Bright", "Mode": 1, "SemanticTags": []}], "CurrentMode": 0}}}
            """#
        let file = Fixtures.deviceFile(
            #"{"id": "alone", "name": "Alone", "endpoints": [\#(modeSelect)]}"#,
            #"""
            {"id": "lamp", "name": "Lamp", "endpoints": [
              {"deviceType": "DimmableLight", "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 100}}},
              \#(modeSelect)]}
            """#
        )
        let devices = try DeviceFile.parse(file).users[0].devices
        #expect(!DeviceTypeMapping.isExposed(devices[0]))
        #expect(DeviceTypeMapping.traits(of: devices[1]) == [.onOff, .brightness, .modes])
    }

    // MARK: - Water heater On/Off

    /// A water heater's OnOff is its Thermostat's SystemMode: off sets Off (0), on sets Heat (4); Matter has no
    /// On/Off command for it, so the change log (and a manufacturer's backend) gets the attribute write.
    @Test func aWaterHeaterTurnsOffAndOnThroughItsSystemMode() throws {
        let fulfillment = try TestFulfillment(devices: HomeSystemsCatalogue.deviceFile)
        let user = HomeSystemsCatalogue.user
        let before = try fulfillment.store.changeBounds().latest
        #expect(try fulfillment.query("hot-water-tank", as: user)?["on"] == true)
        let off = try fulfillment.execute(
            GoogleRequest.group(["hot-water-tank"], GoogleRequest.step("OnOff", ["on": false])),
            as: user
        )
        #expect(off.first?["status"] == "SUCCESS", "\(off)")
        #expect(try fulfillment.query("hot-water-tank", as: user)?["on"] == false)
        let on = try fulfillment.execute(
            GoogleRequest.group(["hot-water-tank"], GoogleRequest.step("OnOff", ["on": true])),
            as: user
        )
        #expect(on.first?["status"] == "SUCCESS", "\(on)")
        #expect(try fulfillment.query("hot-water-tank", as: user)?["on"] == true)
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: [user], kinds: [.command])
        #expect(commands.map { $0.record.data["command"] } == ["Thermostat.Write", "Thermostat.Write"])
        #expect(commands.map { $0.record.data["arguments"]?["SystemMode"] } == [0, 4])
    }

    /// A hood's OnOff is its FanMode (no On/Off cluster): turning it off writes Fan Control, and QUERY reads off.
    @Test func aHoodTurnsOffThroughItsFanMode() throws {
        let fulfillment = try TestFulfillment(devices: KitchenCatalogue.deviceFile)
        let user = KitchenCatalogue.user
        let before = try fulfillment.store.changeBounds().latest
        #expect(try fulfillment.query("range-hood", as: user)?["on"] == true)
        let off = try fulfillment.execute(
            GoogleRequest.group(["range-hood"], GoogleRequest.step("OnOff", ["on": false])),
            as: user
        )
        #expect(off.first?["status"] == "SUCCESS", "\(off)")
        #expect(try fulfillment.query("range-hood", as: user)?["on"] == false)
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: [user], kinds: [.command])
        #expect(commands.map { $0.record.data["command"] } == ["FanControl.Write"])
    }
}
