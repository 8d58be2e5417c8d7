import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Google TemperatureControl from Temperature Control (TN) and, on a water heater, from Thermostat.
struct TemperatureControlTraitTests {
    typealias G = GoogleRequest
    typealias K = KitchenFixtures

    static func setTemperature(_ celsius: JSONValue) -> JSONValue { G.step("SetTemperature", ["temperature": celsius]) }

    @Test func ovenCavitySync() throws {
        let device = try #require(try K.syncDevice(K.fulfillment(K.oven()), "oven"))
        #expect(device["type"] == "action.devices.types.OVEN")
        let traits = device["traits"]?.arrayValue ?? []
        #expect(traits.contains("action.devices.traits.TemperatureControl"))
        #expect(device["attributes"]?["temperatureRange"] == ["minThresholdCelsius": 50, "maxThresholdCelsius": 250])
        #expect(device["attributes"]?["temperatureStepCelsius"] == 5)
        #expect(device["attributes"]?["temperatureUnitForUX"] == "C")
    }

    @Test func ovenCavityQuery() throws {
        let states = try #require(try K.fulfillment(K.oven()).query("oven"))
        #expect(states["temperatureSetpointCelsius"] == 180)
        #expect(states["temperatureAmbientCelsius"] == 21)
    }

    /// Matter's null measurement is "unknown": the ambient state is left out, the setpoint stays.
    @Test func unknownAmbientIsLeftOut() throws {
        let states = try #require(try K.fulfillment(K.oven(measured: "null")).query("oven"))
        #expect(states["temperatureAmbientCelsius"] == nil)
        #expect(states["temperatureSetpointCelsius"] == 180)
    }

    @Test func setTemperatureOnStep() throws {
        let fulfillment = try K.fulfillment(K.oven())
        let result = try K.run(fulfillment, "oven", Self.setTemperature(200))
        #expect(result["status"] == "SUCCESS")
        #expect(result["states"]?["temperatureSetpointCelsius"] == 200)
        #expect(try K.stored(fulfillment, "oven", endpoint: 1, .TemperatureControl).int("TemperatureSetpoint") == 20000)
    }

    @Test(arguments: [30.0, 260.0, 182.0])
    func strictRefusesOutOfRangeAndOffStep(celsius: Double) throws {
        let fulfillment = try K.fulfillment(K.oven())
        #expect(try K.errorCode(fulfillment, "oven", Self.setTemperature(.double(celsius))) == "valueOutOfRange")
        #expect(try K.stored(fulfillment, "oven", endpoint: 1, .TemperatureControl).int("TemperatureSetpoint") == 18000)
    }

    @Test(arguments: [(30.0, 5000), (260.0, 25000), (182.0, 18000), (183.0, 18500), (176.67, 17500)])
    func lenientClampsAndSnaps(celsius: Double, hundredths: Int) throws {
        let fulfillment = try K.lenient(K.oven())
        #expect(try K.errorCode(fulfillment, "oven", Self.setTemperature(.double(celsius))) == nil)
        #expect(
            try K.stored(fulfillment, "oven", endpoint: 1, .TemperatureControl).int("TemperatureSetpoint") == hundredths
        )
    }

    @Test func fridgeCabinetWithoutStep() throws {
        let fulfillment = try K.fulfillment(K.fridge)
        let device = try #require(try K.syncDevice(fulfillment, "fridge"))
        #expect(device["type"] == "action.devices.types.REFRIGERATOR")
        #expect(device["attributes"]?["temperatureRange"] == ["minThresholdCelsius": 1, "maxThresholdCelsius": 7])
        #expect(device["attributes"]?["temperatureStepCelsius"] == nil)
        let result = try K.run(fulfillment, "fridge", Self.setTemperature(3.5))
        #expect(result["states"]?["temperatureSetpointCelsius"] == 3.5)
        #expect(result["states"]?["temperatureAmbientCelsius"] == 4.5)
        #expect(try K.stored(fulfillment, "fridge", endpoint: 1, .TemperatureControl).int("TemperatureSetpoint") == 350)
    }

    @Test func waterHeaterFromThermostat() throws {
        let fulfillment = try K.fulfillment(K.waterHeater)
        let device = try #require(try K.syncDevice(fulfillment, "boiler"))
        #expect(device["traits"]?.arrayValue?.contains("action.devices.traits.TemperatureControl") == true)
        #expect(device["attributes"]?["temperatureRange"] == ["minThresholdCelsius": 30, "maxThresholdCelsius": 65])
        let states = try #require(try fulfillment.query("boiler"))
        #expect(states["temperatureSetpointCelsius"] == 50)
        #expect(states["temperatureAmbientCelsius"] == 42)
        #expect(try K.errorCode(fulfillment, "boiler", Self.setTemperature(70)) == "valueOutOfRange")
        #expect(try K.errorCode(fulfillment, "boiler", Self.setTemperature(55.5)) == nil)
        #expect(try K.stored(fulfillment, "boiler", .Thermostat).int("OccupiedHeatingSetpoint") == 5550)
    }

    /// A Temperature Control with levels only (TL) has no number for Google: not this trait.
    @Test func temperatureLevelsAreNotTemperatureControl() throws {
        let device = try #require(try K.syncDevice(K.fulfillment(K.cooktop), "cooktop"))
        #expect(device["traits"]?.arrayValue?.contains("action.devices.traits.TemperatureControl") == false)
        #expect(device["attributes"]?["temperatureRange"] == nil)
    }

    /// The change log names Matter's command with its argument in hundredths of a degree.
    @Test func matterCommandIsSetTemperature() throws {
        let before = try #require(try K.fulfillment(K.oven()).storedDevice("oven")).endpoints[1]
        var after = before
        after.clusters[.TemperatureControl]?["TemperatureSetpoint"] = .int(20000)
        let commands = MatterCommandDescription.describe(.setTemperature, before: before, after: after)
        #expect(commands.map(\.command) == ["TemperatureControl.SetTemperature"])
        #expect(commands.first?.arguments["TargetTemperature"] == 20000)
    }
}
