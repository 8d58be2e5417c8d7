import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// A query-only temperature sensor in Google's TemperatureSetting shape: SYNC pairs `queryOnlyTemperatureSetting:
/// true` with `commandOnlyTemperatureSetting: false`, and QUERY and Report State answer the reading as both the
/// ambient temperature and the setpoint (Google's states always have one); an unknown reading answers neither.
struct TemperatureSensorShapeTests {
    static func file(measured: String) -> String {
        """
        {"users": [{"agentUserId": "u", "devices": [{"id": "t", "name": "Balcony", "deviceTypes": ["TemperatureSensor"],
          "clusters": {"TemperatureMeasurement": {"MeasuredValue": \(measured), "MinMeasuredValue": -4000,
                                                  "MaxMeasuredValue": 8500}}}]}]}
        """
    }

    @Test func syncQueryAndReportStateHaveGooglesShape() throws {
        let fulfillment = try TestFulfillment(devices: Self.file(measured: "930"))
        let entry = try #require(try fulfillment.syncDevice("t", as: "u"))
        let attributes = try #require(entry["attributes"]?.objectValue)
        #expect(attributes["commandOnlyTemperatureSetting"] == false)
        #expect(attributes["queryOnlyTemperatureSetting"] == true)
        #expect(ResponseShapeValidator.temperatureSettingAttributeViolations(attributes, path: "a").isEmpty)

        let query = try #require(try fulfillment.query("t", as: "u")?.objectValue)
        #expect(query["thermostatTemperatureAmbient"] == 9.3)
        #expect(query["thermostatTemperatureSetpoint"] == 9.3)
        #expect(ResponseShapeValidator.temperatureSettingStateViolations(query, path: "q").isEmpty)

        let device = try #require(try fulfillment.storedDevice("t", of: "u"))
        let reported = ReportStateMapping.states(of: device)
        #expect(reported["thermostatTemperatureSetpoint"] == 9.3)
        #expect(ResponseShapeValidator.temperatureSettingStateViolations(reported, path: "r").isEmpty)
    }

    /// A null reading (Matter's "unknown") makes up no number: neither ambient nor setpoint is answered.
    @Test func anUnknownReadingAnswersNoTemperature() throws {
        let fulfillment = try TestFulfillment(devices: Self.file(measured: "null"))
        let query = try #require(try fulfillment.query("t", as: "u")?.objectValue)
        #expect(query["thermostatMode"] == "off")
        #expect(query["thermostatTemperatureAmbient"] == nil)
        #expect(query["thermostatTemperatureSetpoint"] == nil)
    }

    /// Every command stays refused: the sensor is query-only.
    @Test func commandsAreRefused() throws {
        let fulfillment = try TestFulfillment(devices: Self.file(measured: "930"))
        let step = GoogleRequest.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 20])
        #expect(
            try fulfillment.execute(GoogleRequest.group(["t"], step), as: "u") == [
                ["ids": ["t"], "status": "ERROR", "errorCode": "functionNotSupported"]
            ]
        )
    }
}
