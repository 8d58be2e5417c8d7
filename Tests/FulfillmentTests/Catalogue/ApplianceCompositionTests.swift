import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// `devices validate` on composed appliances: a Refrigerator or an Oven without a Temperature Controlled Cabinet,
/// a Cooktop without a Cook Surface, a Heat Pump without a Thermostat is a problem that names the missing part; the
/// catalogue's complete appliances have none.
struct ApplianceCompositionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var device: String
        var message: String
        var testDescription: String { name }
    }

    static let incomplete: [Case] = [
        Case(
            name: "a refrigerator without a cabinet",
            device: #"{"id": "d", "name": "D", "room": "Kitchen", "deviceType": "Refrigerator"}"#,
            message: "a Refrigerator needs at least one TemperatureControlledCabinet endpoint"
        ),
        Case(
            name: "an oven without a cavity",
            device: #"{"id": "d", "name": "D", "room": "Kitchen", "deviceType": "Oven"}"#,
            message: "an Oven needs at least one TemperatureControlledCabinet endpoint"
        ),
        Case(
            name: "a cooktop without a cook surface",
            device: #"""
                {"id": "d", "name": "D", "room": "Kitchen", "deviceType": "Cooktop",
                 "clusters": {"OnOff": {"OnOff": false}}}
                """#,
            message: "a Cooktop needs at least one CookSurface endpoint"
        ),
        Case(
            name: "a heat pump without a thermostat",
            device: #"""
                {"id": "d", "name": "D", "room": "Utility", "endpoints": [{"deviceType": "HeatPump"},
                  {"deviceType": "TemperatureSensor", "clusters": {"TemperatureMeasurement": {"MeasuredValue": 2000}}}]}
                """#,
            message: "a HeatPump needs at least one Thermostat endpoint"
        ),
    ]

    @Test(arguments: incomplete)
    func aMissingPartIsAProblem(_ testCase: Case) throws {
        let device = try #require(try DeviceFile.parse(Fixtures.deviceFile(testCase.device)).users[0].devices.first)
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(!validation.passes)
        #expect(
            validation.problems.contains { $0.path == "endpoints" && $0.message.hasPrefix(testCase.message) },
            "\(validation.problems)"
        )
    }

    @Test func theCataloguesAppliancesHaveEveryPart() throws {
        for file in [KitchenCatalogue.deviceFile, HomeSystemsCatalogue.deviceFile] {
            for device in try DeviceFile.parse(file).users.flatMap(\.devices) {
                let validation = DeviceValidation(device: device, willReportState: true)
                #expect(!validation.problems.contains { $0.path == "endpoints" }, "\(device.id)")
            }
        }
    }

    /// The part must be another endpoint: a Refrigerator endpoint that is also a cabinet is not composed of one.
    @Test func thePartMustBeAnotherEndpoint() throws {
        let device = try #require(
            try DeviceFile.parse(
                Fixtures.deviceFile(
                    #"""
                    {"id": "d", "name": "D", "deviceTypes": ["Refrigerator", "TemperatureControlledCabinet"],
                     "clusters": {"TemperatureControl": {"FeatureMap": 1, "TemperatureSetpoint": 400,
                                                         "MinTemperature": 100, "MaxTemperature": 800}}}
                    """#
                )
            ).users[0].devices.first
        )
        #expect(DeviceValidation.missingParts(of: device).map(\.path) == ["endpoints"])
    }
}
