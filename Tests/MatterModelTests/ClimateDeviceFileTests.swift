import Testing

@testable import MatterModel

/// Import of the climate family (Fan, Air Purifier, Thermostat, Room Air Conditioner, Temperature and Humidity
/// Sensor): good values, derived defaults, and the refusals Matter's rules call for.
struct ClimateDeviceFileTests {
    /// A device file with one user (`demo-user`) and the given device objects.
    static func file(_ devices: String...) -> String {
        #"{"users": [{"agentUserId": "demo-user", "devices": [\#(devices.joined(separator: ","))]}]}"#
    }

    /// A device `d` of one type with one cluster's attributes.
    static func device(_ type: String, _ cluster: String, _ attributes: String) -> String {
        file(#"{"id": "d", "name": "D", "deviceTypes": ["\#(type)"], "clusters": {"\#(cluster)": {\#(attributes)}}}"#)
    }

    static func onlyDevice(_ json: String) throws -> Device {
        try DeviceFile.parse(json).users[0].devices[0]
    }

    /// The climate devices of the 33-device benchmark home (`home-33.json`), copied verbatim.
    static let benchDevices = [
        #"{"id": "bedroom-ceiling-fan", "name": "Ceiling fan", "room": "Bedroom", "deviceTypes": ["Fan"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Ceiling Fan", "productID": 32800, "serialNumber": "SN-hearth-bedroom-ceiling-fan", "uniqueID": "hearth-bedroom-ceiling-fan", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"FanControl": {"FanMode": 2, "FanModeSequence": 0, "PercentSetting": 66, "PercentCurrent": 66, "SpeedMax": 3, "SpeedSetting": 2, "SpeedCurrent": 2}}}"#,
        #"{"id": "living-room-thermostat", "name": "Thermostat", "room": "Living Room", "deviceTypes": ["Thermostat"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Thermostat", "productID": 32848, "serialNumber": "SN-hearth-living-room-thermostat", "uniqueID": "hearth-living-room-thermostat", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"Thermostat": {"LocalTemperature": 2150, "OccupiedHeatingSetpoint": 2000, "OccupiedCoolingSetpoint": 2600, "SystemMode": 4, "ControlSequenceOfOperation": 4, "AbsMinHeatSetpointLimit": 700, "AbsMaxHeatSetpointLimit": 3000, "AbsMinCoolSetpointLimit": 1600, "AbsMaxCoolSetpointLimit": 3200}}}"#,
        #"{"id": "living-room-temperature", "name": "Living room temperature", "room": "Living Room", "deviceTypes": ["TemperatureSensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Temperature Sensor", "productID": 32864, "serialNumber": "SN-hearth-living-room-temperature", "uniqueID": "hearth-living-room-temperature", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"TemperatureMeasurement": {"MeasuredValue": 2130, "MinMeasuredValue": -4000, "MaxMeasuredValue": 8500}}}"#,
        #"{"id": "bedroom-temperature", "name": "Bedroom temperature", "room": "Bedroom", "deviceTypes": ["TemperatureSensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Temperature Sensor", "productID": 32864, "serialNumber": "SN-hearth-bedroom-temperature", "uniqueID": "hearth-bedroom-temperature", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"TemperatureMeasurement": {"MeasuredValue": 1530, "MinMeasuredValue": -4000, "MaxMeasuredValue": 8500}}}"#,
        #"{"id": "outdoor-temperature", "name": "Outdoor temperature", "room": "Garden", "deviceTypes": ["TemperatureSensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Temperature Sensor", "productID": 32864, "serialNumber": "SN-hearth-outdoor-temperature", "uniqueID": "hearth-outdoor-temperature", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"TemperatureMeasurement": {"MeasuredValue": 930, "MinMeasuredValue": -4000, "MaxMeasuredValue": 8500}}}"#,
        #"{"id": "living-room-humidity", "name": "Living room humidity", "room": "Living Room", "deviceTypes": ["HumiditySensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Humidity Sensor", "productID": 32880, "serialNumber": "SN-hearth-living-room-humidity", "uniqueID": "hearth-living-room-humidity", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"RelativeHumidityMeasurement": {"MeasuredValue": 4550, "MinMeasuredValue": 0, "MaxMeasuredValue": 10000}}}"#,
        #"{"id": "bathroom-humidity", "name": "Bathroom humidity", "room": "Bathroom", "deviceTypes": ["HumiditySensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Humidity Sensor", "productID": 32880, "serialNumber": "SN-hearth-bathroom-humidity", "uniqueID": "hearth-bathroom-humidity", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"RelativeHumidityMeasurement": {"MeasuredValue": 6050, "MinMeasuredValue": 0, "MaxMeasuredValue": 10000}}}"#,
    ]

    @Test func benchDevicesImportWithTheirValues() throws {
        let devices = try DeviceFile.parse(Self.file(Self.benchDevices.joined(separator: ","))).users[0].devices
        #expect(
            devices.map(\.primaryType) == [
                .Fan, .Thermostat, .TemperatureSensor, .TemperatureSensor, .TemperatureSensor, .HumiditySensor,
                .HumiditySensor,
            ]
        )
        let fan = devices[0].endpoints[0].cluster(.FanControl)
        #expect(fan.int("FanMode") == 2)
        #expect(fan.int("PercentSetting") == 66)
        #expect(fan.int("SpeedSetting") == 2)
        #expect(devices[0].endpoints[0].clusters[.OnOff] == nil)
        let thermostat = devices[1].endpoints[0].cluster(.Thermostat)
        #expect(thermostat.int("LocalTemperature") == 2150)
        #expect(thermostat.int("SystemMode") == 4)
        #expect(thermostat.int("MinSetpointDeadBand") == 25)
        #expect(devices[2].endpoints[0].cluster(.TemperatureMeasurement).int("MeasuredValue") == 2130)
        #expect(devices[4].endpoints[0].cluster(.TemperatureMeasurement).int("MeasuredValue") == 930)
        #expect(devices[6].endpoints[0].cluster(.RelativeHumidityMeasurement).int("MeasuredValue") == 6050)
    }

    @Test func requiredClustersOfEachClimateType() {
        #expect(DeviceType.Fan.requiredClusters == [.FanControl])
        #expect(DeviceType.Fan.allowedClusters == [.FanControl, .OnOff, .PowerSource])
        #expect(DeviceType.AirPurifier.requiredClusters == [.FanControl, .AirQuality])
        #expect(DeviceType.RoomAirConditioner.requiredClusters == [.OnOff, .Thermostat, .FanControl])
        #expect(DeviceType.Thermostat.matterID == 0x0301)
        #expect(DeviceType.RoomAirConditioner.matterID == 0x0072)
        #expect(DeviceType.HumiditySensor.matterID == 0x0307)
        #expect(ClusterID.FanControl.matterID == 0x0202)
        #expect(ClusterID.AirQuality.matterID == 0x005B)
    }

    @Test func minimalDevicesGetConsistentDefaults() throws {
        let json = Self.file(
            #"{"id": "a", "name": "A", "deviceTypes": ["AirPurifier"]}"#,
            #"{"id": "b", "name": "B", "deviceTypes": ["RoomAirConditioner"]}"#,
            #"{"id": "c", "name": "C", "deviceTypes": ["TemperatureSensor"]}"#
        )
        let devices = try DeviceFile.parse(json).users[0].devices
        #expect(devices[0].endpoints[0].cluster(.FanControl).int("FanMode") == 0)
        #expect(devices[0].endpoints[0].cluster(.AirQuality).int("AirQuality") == 0)
        #expect(devices[1].endpoints[0].cluster(.Thermostat).int("SystemMode") == 1)
        #expect(devices[1].endpoints[0].cluster(.OnOff).bool("OnOff") == false)
        #expect(devices[2].endpoints[0].cluster(.TemperatureMeasurement).int("MeasuredValue") == -0x8000)
    }

    /// An omitted `PercentSetting`, `SpeedSetting`, `PercentCurrent` or `SpeedCurrent` follows `FanMode`; an omitted
    /// `FanMode` follows `PercentSetting`.
    @Test(arguments: [
        (#""FanMode": 3"#, 3, 100, 100),
        (#""FanMode": 1, "SpeedMax": 10"#, 1, 33, 4),
        (#""FanMode": 5, "FanModeSequence": 2"#, 5, 0xFF, 0xFF),
        (#""PercentSetting": 40"#, 2, 40, 40),
        (#""PercentSetting": null, "FanModeSequence": 4"#, 5, 0xFF, 0xFF),
        (#""PercentSetting": 0"#, 0, 0, 0),
    ])
    func fanDefaultsFollowTheGivenValues(attributes: String, mode: Int, percent: Int, speed: Int) throws {
        let fan = try Self.onlyDevice(Self.device("Fan", "FanControl", attributes)).endpoints[0].cluster(.FanControl)
        #expect(fan.int("FanMode") == mode)
        #expect(fan.int("PercentSetting") == percent)
        #expect(fan.int("SpeedSetting") == speed)
        #expect(fan.int("PercentCurrent") == (percent == 0xFF ? 0 : percent))
    }

    @Test func thermostatSystemModeDefaultFollowsTheSequence() throws {
        let heating = try Self.onlyDevice(Self.device("Thermostat", "Thermostat", #""ControlSequenceOfOperation": 2"#))
        #expect(heating.endpoints[0].cluster(.Thermostat).int("SystemMode") == 4)
        let cooling = try Self.onlyDevice(Self.device("Thermostat", "Thermostat", #""ControlSequenceOfOperation": 0"#))
        #expect(cooling.endpoints[0].cluster(.Thermostat).int("SystemMode") == 3)
    }

    /// The user setpoint limits take their absolute counterparts' values when omitted (Matter's default), and
    /// given ones are kept.
    @Test func userSetpointLimitsDefaultToTheAbsoluteOnes() throws {
        let omitted = try Self.onlyDevice(
            Self.device(
                "Thermostat",
                "Thermostat",
                #""AbsMinHeatSetpointLimit": 1000, "AbsMaxCoolSetpointLimit": 3000"#
            )
        ).endpoints[0].cluster(.Thermostat)
        #expect(omitted.int("MinHeatSetpointLimit") == 1000)
        #expect(omitted.int("MaxHeatSetpointLimit") == 3000)
        #expect(omitted.int("MinCoolSetpointLimit") == 1600)
        #expect(omitted.int("MaxCoolSetpointLimit") == 3000)
        let given = try Self.onlyDevice(
            Self.device(
                "Thermostat",
                "Thermostat",
                #""MinHeatSetpointLimit": 1500, "MaxHeatSetpointLimit": 2600, "MinCoolSetpointLimit": 2000, "MaxCoolSetpointLimit": 2900"#
            )
        ).endpoints[0].cluster(.Thermostat)
        #expect(given.int("MinHeatSetpointLimit") == 1500)
        #expect(given.int("MaxHeatSetpointLimit") == 2600)
        #expect(given.int("MinCoolSetpointLimit") == 2000)
        #expect(given.int("MaxCoolSetpointLimit") == 2900)
    }

    /// The dead band between the heat and cool limits binds only equipment that heats and cools.
    @Test func userLimitsOfHeatingOnlyEquipmentNeedNoDeadBand() throws {
        let radiator = try Self.onlyDevice(
            Self.device("Thermostat", "Thermostat", #""ControlSequenceOfOperation": 2, "MinHeatSetpointLimit": 1500"#)
        )
        #expect(radiator.endpoints[0].cluster(.Thermostat).int("MinHeatSetpointLimit") == 1500)
    }

    /// Every `SystemMode` Matter allows for the sequence is kept, on every device type: FanOnly, Dry and Sleep have
    /// no feature conformance in `SystemModeEnum` and are possible with every `ControlSequenceOfOperation`, so a
    /// wall thermostat in FanOnly or an air conditioner in Sleep is a state the registry must hold. Heating modes
    /// on cooling-only equipment are still refused: `ControlSequenceOfOperationEnum` says "Heat and Emergency are
    /// not possible".
    @Test(arguments: [
        ("Thermostat", 7), ("Thermostat", 8), ("Thermostat", 9), ("RoomAirConditioner", 9),
        ("RoomAirConditioner", 7),
    ])
    func everyModeMatterAllowsIsKept(type: String, mode: Int) throws {
        let device = try Self.onlyDevice(Self.device(type, "Thermostat", #""SystemMode": \#(mode)"#))
        #expect(device.endpoints[0].cluster(.Thermostat).int("SystemMode") == mode)
        let state = AttributeSchema.filled(
            ClusterState(["SystemMode": .int(mode)]),
            cluster: .Thermostat,
            deviceTypes: [DeviceType(rawValue: type)!]
        )
        #expect(
            AttributeSchema.validate(state, cluster: .Thermostat, deviceTypes: [DeviceType(rawValue: type)!]) == nil
        )
    }

    @Test func nullMeasurementsAreAccepted() throws {
        let sensor = try Self.onlyDevice(
            Self.device("HumiditySensor", "RelativeHumidityMeasurement", #""MeasuredValue": null"#)
        )
        let cluster = sensor.endpoints[0].cluster(.RelativeHumidityMeasurement)
        #expect(cluster.int("MeasuredValue") == 0xFFFF)
        let temperature = try Self.onlyDevice(
            Self.device("TemperatureSensor", "TemperatureMeasurement", #""MeasuredValue": -32768"#)
        )
        #expect(temperature.endpoints[0].cluster(.TemperatureMeasurement).int("MeasuredValue") == -0x8000)
    }

    /// A bad climate device and the field and message it must be refused with.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var code: DeviceFileError.Code
        var field: String
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "percent above 100",
            json: device("Fan", "FanControl", #""PercentSetting": 101"#),
            code: .outOfRange,
            field: "clusters.FanControl.PercentSetting",
            message: "101 is outside 0…100 (or null)"
        ),
        Refusal(
            name: "fan mode the sequence lacks",
            json: device("Fan", "FanControl", #""FanMode": 5, "FanModeSequence": 0"#),
            code: .inconsistentAttributes,
            field: "clusters.FanControl.FanMode",
            message: "5 (Auto) is not offered by FanModeSequence 0"
        ),
        Refusal(
            name: "fan mode On is never stored",
            json: device("Fan", "FanControl", #""FanMode": 4"#),
            code: .inconsistentAttributes,
            field: "clusters.FanControl.FanMode",
            message: "4 (On) is not offered"
        ),
        Refusal(
            name: "fan off with a percent",
            json: device("Fan", "FanControl", #""FanMode": 0, "PercentSetting": 50"#),
            code: .inconsistentAttributes,
            field: "clusters.FanControl.PercentSetting",
            message: "50 disagrees with FanMode 0"
        ),
        Refusal(
            name: "fan running at 0 %",
            json: device("Fan", "FanControl", #""FanMode": 2, "PercentSetting": 0"#),
            code: .inconsistentAttributes,
            field: "clusters.FanControl.PercentSetting",
            message: "0 disagrees with FanMode 2"
        ),
        Refusal(
            name: "speed above SpeedMax",
            json: device("Fan", "FanControl", #""SpeedMax": 3, "SpeedSetting": 4, "FanMode": 3"#),
            code: .inconsistentAttributes,
            field: "clusters.FanControl.SpeedSetting",
            message: "4 is above SpeedMax (3)"
        ),
        Refusal(
            name: "heating setpoint above its limit",
            json: device("Thermostat", "Thermostat", #""OccupiedHeatingSetpoint": 3100"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.OccupiedHeatingSetpoint",
            message: "3100 is outside AbsMinHeatSetpointLimit…AbsMaxHeatSetpointLimit (700…3000)"
        ),
        Refusal(
            name: "heat limits inverted",
            json: device(
                "Thermostat",
                "Thermostat",
                #""AbsMinHeatSetpointLimit": 3000, "AbsMaxHeatSetpointLimit": 700"#
            ),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.AbsMaxHeatSetpointLimit",
            message: "700 is below AbsMinHeatSetpointLimit (3000)"
        ),
        Refusal(
            name: "setpoints inside the dead band",
            json: device(
                "Thermostat",
                "Thermostat",
                #""OccupiedHeatingSetpoint": 2400, "OccupiedCoolingSetpoint": 2600"#
            ),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.OccupiedHeatingSetpoint",
            message:
                "2400 is less than MinSetpointDeadBand (25 tenths of a degree) below OccupiedCoolingSetpoint (2600)"
        ),
        Refusal(
            name: "heat mode on cooling-only equipment",
            json: device("Thermostat", "Thermostat", #""ControlSequenceOfOperation": 0, "SystemMode": 4"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.SystemMode",
            message: "4 heats, but ControlSequenceOfOperation 0 has no heating"
        ),
        Refusal(
            name: "user heat limit below its absolute limit",
            json: device("Thermostat", "Thermostat", #""MinHeatSetpointLimit": 600"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.MinHeatSetpointLimit",
            message: "600 is outside AbsMinHeatSetpointLimit…AbsMaxHeatSetpointLimit (700…3000)"
        ),
        Refusal(
            name: "user cool limit above its absolute limit",
            json: device("Thermostat", "Thermostat", #""MaxCoolSetpointLimit": 3300"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.MaxCoolSetpointLimit",
            message: "3300 is outside AbsMinCoolSetpointLimit…AbsMaxCoolSetpointLimit (1600…3200)"
        ),
        Refusal(
            name: "user heat limits inverted",
            json: device("Thermostat", "Thermostat", #""MinHeatSetpointLimit": 2500, "MaxHeatSetpointLimit": 1800"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.MaxHeatSetpointLimit",
            message: "1800 is below MinHeatSetpointLimit (2500)"
        ),
        Refusal(
            name: "heating setpoint above its user limit",
            json: device("Thermostat", "Thermostat", #""MaxHeatSetpointLimit": 2400, "OccupiedHeatingSetpoint": 2500"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.OccupiedHeatingSetpoint",
            message: "2500 is outside MinHeatSetpointLimit…MaxHeatSetpointLimit (700…2400)"
        ),
        Refusal(
            name: "cooling setpoint below its user limit",
            json: device("Thermostat", "Thermostat", #""MinCoolSetpointLimit": 2700"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.OccupiedCoolingSetpoint",
            message: "2600 is outside MinCoolSetpointLimit…MaxCoolSetpointLimit (2700…3200)"
        ),
        Refusal(
            name: "minimum user limits inside the dead band",
            json: device("Thermostat", "Thermostat", #""MinHeatSetpointLimit": 1500"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.MinHeatSetpointLimit",
            message:
                "1500 is less than MinSetpointDeadBand (25 tenths of a degree) below MinCoolSetpointLimit (1600)"
        ),
        Refusal(
            name: "maximum user limits inside the dead band",
            json: device("Thermostat", "Thermostat", #""MaxCoolSetpointLimit": 3100"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.MaxCoolSetpointLimit",
            message:
                "3100 is less than MinSetpointDeadBand (25 tenths of a degree) above MaxHeatSetpointLimit (3000)"
        ),
        Refusal(
            name: "reserved system mode",
            json: device("Thermostat", "Thermostat", #""SystemMode": 2"#),
            code: .inconsistentAttributes,
            field: "clusters.Thermostat.SystemMode",
            message: "2 is reserved"
        ),
        Refusal(
            name: "dead band beyond 2.5 °C",
            json: device("Thermostat", "Thermostat", #""MinSetpointDeadBand": 26"#),
            code: .outOfRange,
            field: "clusters.Thermostat.MinSetpointDeadBand",
            message: "26 is outside 0…25"
        ),
        Refusal(
            name: "temperature below absolute zero",
            json: device("TemperatureSensor", "TemperatureMeasurement", #""MeasuredValue": -27316"#),
            code: .outOfRange,
            field: "clusters.TemperatureMeasurement.MeasuredValue",
            message: "-27316 is outside -27315…32767 (or null)"
        ),
        Refusal(
            name: "temperature above its sensor's maximum",
            json: device(
                "TemperatureSensor",
                "TemperatureMeasurement",
                #""MeasuredValue": 9000, "MaxMeasuredValue": 8500"#
            ),
            code: .inconsistentAttributes,
            field: "clusters.TemperatureMeasurement.MeasuredValue",
            message: "9000 is above MaxMeasuredValue (8500)"
        ),
        Refusal(
            name: "temperature range inverted",
            json: device(
                "TemperatureSensor",
                "TemperatureMeasurement",
                #""MinMeasuredValue": 100, "MaxMeasuredValue": 100"#
            ),
            code: .inconsistentAttributes,
            field: "clusters.TemperatureMeasurement.MaxMeasuredValue",
            message: "100 is not above MinMeasuredValue (100)"
        ),
        Refusal(
            name: "humidity above 100 %",
            json: device("HumiditySensor", "RelativeHumidityMeasurement", #""MeasuredValue": 10001"#),
            code: .outOfRange,
            field: "clusters.RelativeHumidityMeasurement.MeasuredValue",
            message: "10001 is outside 0…10000 (or null)"
        ),
        Refusal(
            name: "humidity below its sensor's minimum",
            json: device(
                "HumiditySensor",
                "RelativeHumidityMeasurement",
                #""MeasuredValue": 500, "MinMeasuredValue": 1000"#
            ),
            code: .inconsistentAttributes,
            field: "clusters.RelativeHumidityMeasurement.MeasuredValue",
            message: "500 is below MinMeasuredValue (1000)"
        ),
        Refusal(
            name: "air quality beyond ExtremelyPoor",
            json: device("AirPurifier", "AirQuality", #""AirQuality": 7"#),
            code: .outOfRange,
            field: "clusters.AirQuality.AirQuality",
            message: "7 is outside 0…6"
        ),
        Refusal(
            name: "thermostat cluster on a fan",
            json: device("Fan", "Thermostat", #""SystemMode": 1"#),
            code: .clusterNotAllowed,
            field: "clusters.Thermostat",
            message: "Thermostat is not allowed on Fan (allowed: OnOff, FanControl, PowerSource, Identify, Groups)"
        ),
        Refusal(
            name: "fractional temperature",
            json: device("TemperatureSensor", "TemperatureMeasurement", #""MeasuredValue": 21.5"#),
            code: .wrongType,
            field: "clusters.TemperatureMeasurement.MeasuredValue",
            message: "21.5 is not an integer (int16)"
        ),
    ]

    @Test(arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let error = try #require(throws: DeviceFileError.self) { try DeviceFile.parse(refusal.json) }
        #expect(error.code == refusal.code)
        #expect(error.user == "demo-user")
        #expect(error.device == "d")
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.message), "message: \(error.message)")
    }

    @Test func encodingRoundTripsClimateDevices() throws {
        let parsed = try DeviceFile.parse(Self.file(Self.benchDevices.joined(separator: ",")))
        #expect(try DeviceFile.parse(parsed.encoded()) == parsed)
    }
}
