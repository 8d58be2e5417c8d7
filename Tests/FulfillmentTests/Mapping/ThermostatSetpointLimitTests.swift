import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// The user setpoint limits (`Min/MaxHeatSetpointLimit`, `Min/MaxCoolSetpointLimit`) bound Google's
/// `thermostatTemperatureRange` and the setpoint commands, inside the absolute (`Abs…`) limits.
struct ThermostatSetpointLimitTests {
    typealias G = GoogleRequest

    /// Heats and cools, in Heat; absolute limits 7…30 °C (heat) and 16…32 °C (cool), user limits 15…26 °C and
    /// 20…29 °C; setpoints 20 and 26 °C; dead band 2.5 °C.
    static let limited = Fixtures.deviceFile(
        #"""
        {"id": "t", "name": "T", "deviceTypes": ["Thermostat"],
         "clusters": {"Thermostat": {"ControlSequenceOfOperation": 4, "SystemMode": 4,
           "AbsMinHeatSetpointLimit": 700, "AbsMaxHeatSetpointLimit": 3000,
           "AbsMinCoolSetpointLimit": 1600, "AbsMaxCoolSetpointLimit": 3200,
           "MinHeatSetpointLimit": 1500, "MaxHeatSetpointLimit": 2600,
           "MinCoolSetpointLimit": 2000, "MaxCoolSetpointLimit": 2900,
           "OccupiedHeatingSetpoint": 2000, "OccupiedCoolingSetpoint": 2600}}}
        """#
    )

    static func fulfillment(_ mode: ValidationMode, devices: String = limited) throws -> TestFulfillment {
        try TestFulfillment(devices: devices, options: FulfillmentOptions(validationMode: mode))
    }

    static func setpoint(_ celsius: JSONValue) -> JSONValue {
        G.group(["t"], G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": celsius]))
    }

    static let outOfRange: [JSONValue] = [["ids": ["t"], "status": "ERROR", "errorCode": "valueOutOfRange"]]

    static func stored(_ fulfillment: TestFulfillment) throws -> ClusterState {
        try #require(try fulfillment.storedDevice("t")).endpoints[0].cluster(.Thermostat)
    }

    // MARK: - SYNC

    @Test func rangeSpansTheUserLimits() throws {
        let attributes = try #require(try Self.fulfillment(.strict).syncDevice("t")?["attributes"])
        #expect(attributes["thermostatTemperatureRange"] == ["minThresholdCelsius": 15, "maxThresholdCelsius": 29])
    }

    /// Heating-only equipment: the heat limits alone.
    @Test func rangeOfHeatingOnlyEquipment() throws {
        let devices = Fixtures.deviceFile(
            #"""
            {"id": "t", "name": "T", "deviceTypes": ["Thermostat"],
             "clusters": {"Thermostat": {"ControlSequenceOfOperation": 2,
               "MinHeatSetpointLimit": 1000, "MaxHeatSetpointLimit": 2550}}}
            """#
        )
        let attributes = try #require(try Self.fulfillment(.strict, devices: devices).syncDevice("t")?["attributes"])
        #expect(attributes["thermostatTemperatureRange"] == ["minThresholdCelsius": 10, "maxThresholdCelsius": 25.5])
    }

    /// Without user limits the absolute ones bound the range, as before.
    @Test func rangeWithoutUserLimitsIsTheAbsoluteOne() throws {
        let devices = Fixtures.deviceFile(
            #"""
            {"id": "t", "name": "T", "deviceTypes": ["Thermostat"],
             "clusters": {"Thermostat": {"AbsMinHeatSetpointLimit": 500, "AbsMaxCoolSetpointLimit": 3500}}}
            """#
        )
        let attributes = try #require(try Self.fulfillment(.strict, devices: devices).syncDevice("t")?["attributes"])
        #expect(attributes["thermostatTemperatureRange"] == ["minThresholdCelsius": 5, "maxThresholdCelsius": 35])
    }

    // MARK: - EXECUTE, heating

    /// At the user maximum the heating setpoint is set (the cooling one giving way for the dead band); a
    /// hundredth above it is `valueOutOfRange` in strict mode, and nothing changes.
    @Test func heatingAtAndOverTheUserMaximumStrict() throws {
        let fulfillment = try Self.fulfillment(.strict)
        #expect(try fulfillment.execute(Self.setpoint(26.01)) == Self.outOfRange)
        #expect(try Self.stored(fulfillment).int("OccupiedHeatingSetpoint") == 2000)
        #expect(try fulfillment.execute(Self.setpoint(26)).first?["status"] == "SUCCESS")
        let thermostat = try Self.stored(fulfillment)
        #expect(thermostat.int("OccupiedHeatingSetpoint") == 2600)
        #expect(thermostat.int("OccupiedCoolingSetpoint") == 2850)
    }

    @Test func heatingAtAndUnderTheUserMinimumStrict() throws {
        let fulfillment = try Self.fulfillment(.strict)
        #expect(try fulfillment.execute(Self.setpoint(14.99)) == Self.outOfRange)
        #expect(try fulfillment.execute(Self.setpoint(15)).first?["status"] == "SUCCESS")
        #expect(try Self.stored(fulfillment).int("OccupiedHeatingSetpoint") == 1500)
    }

    /// Lenient mode clamps to the user limits, not to the absolute ones (30 and 7 °C).
    @Test func heatingOverTheUserLimitsLenient() throws {
        let fulfillment = try Self.fulfillment(.lenient)
        _ = try fulfillment.execute(Self.setpoint(29))
        #expect(try fulfillment.query("t")?["thermostatTemperatureSetpoint"] == 26)
        _ = try fulfillment.execute(Self.setpoint(8))
        #expect(try fulfillment.query("t")?["thermostatTemperatureSetpoint"] == 15)
    }

    /// TemperatureRelative proceeds as a setpoint: 20 + 10 °C is over the user maximum.
    @Test func relativeStepOverTheUserMaximum() throws {
        let step = G.group(["t"], G.step("TemperatureRelative", ["thermostatTemperatureRelativeDegree": 10]))
        #expect(try Self.fulfillment(.strict).execute(step) == Self.outOfRange)
        let lenient = try Self.fulfillment(.lenient)
        _ = try lenient.execute(step)
        #expect(try Self.stored(lenient).int("OccupiedHeatingSetpoint") == 2600)
    }

    // MARK: - EXECUTE, cooling and ranges

    @Test func coolingAtAndOverTheUserLimits() throws {
        let toCool = G.group(["t"], G.step("ThermostatSetMode", ["thermostatMode": "cool"]))
        let strict = try Self.fulfillment(.strict)
        _ = try strict.execute(toCool)
        #expect(try strict.execute(Self.setpoint(19.99)) == Self.outOfRange)
        #expect(try strict.execute(Self.setpoint(29.01)) == Self.outOfRange)
        #expect(try strict.execute(Self.setpoint(29)).first?["status"] == "SUCCESS")
        #expect(try Self.stored(strict).int("OccupiedCoolingSetpoint") == 2900)
        let lenient = try Self.fulfillment(.lenient)
        _ = try lenient.execute(toCool)
        _ = try lenient.execute(Self.setpoint(31))
        #expect(try lenient.query("t")?["thermostatTemperatureSetpoint"] == 29)
    }

    @Test func rangeAtAndOverTheUserLimits() throws {
        func range(_ low: JSONValue, _ high: JSONValue) -> JSONValue {
            G.group(
                ["t"],
                G.step(
                    "ThermostatTemperatureSetRange",
                    ["thermostatTemperatureSetpointLow": low, "thermostatTemperatureSetpointHigh": high]
                )
            )
        }
        let strict = try Self.fulfillment(.strict)
        #expect(try strict.execute(range(14.5, 25)) == Self.outOfRange)
        #expect(try strict.execute(range(18, 29.5)) == Self.outOfRange)
        #expect(try strict.execute(range(15, 29)).first?["status"] == "SUCCESS")
        var thermostat = try Self.stored(strict)
        #expect(thermostat.int("OccupiedHeatingSetpoint") == 1500)
        #expect(thermostat.int("OccupiedCoolingSetpoint") == 2900)
        let lenient = try Self.fulfillment(.lenient)
        _ = try lenient.execute(range(10, 31))
        thermostat = try Self.stored(lenient)
        #expect(thermostat.int("OccupiedHeatingSetpoint") == 1500)
        #expect(thermostat.int("OccupiedCoolingSetpoint") == 2900)
    }
}
