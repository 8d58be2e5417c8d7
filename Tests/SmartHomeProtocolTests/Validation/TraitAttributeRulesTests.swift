import JSON
import Testing

@testable import SmartHomeProtocol

struct TraitAttributeRulesTests {
    @Test(arguments: ValidationFixtures.attributesByTrait.map(\.trait))
    func theValidDeviceForEachTraitPasses(_ trait: String) {
        let device = ValidationFixtures.device(for: trait)
        #expect(SyncValidator.violations(in: device) == [])
        // The fixture's type may have a guide whose other traits it lacks (SPEAKER's MediaState, …): those warnings
        // are the guide's (SyncValidatorMediaGuideTests), not the trait's attributes'.
        #expect(SyncValidator.warnings(in: device).filter { !$0.message.contains("'s guide ") } == [])
    }

    @Test func everyTraitWithARuleTableHasAFixture() {
        let fixtures = Set(ValidationFixtures.attributesByTrait.map { "action.devices.traits." + $0.trait })
        #expect(Set(TraitAttributeRules.byTrait.keys) == fixtures)
        #expect(Set(TraitAttributeRules.byTrait.keys).isSubset(of: GoogleVocabulary.traits))
    }

    @Test func attributesOfSeveralTraitsMergeIntoOneObject() {
        var device = ValidationFixtures.device(for: "FanSpeed")
        device["type"] = "action.devices.types.AIRPURIFIER"
        device["traits"] = [
            "action.devices.traits.OnOff", "action.devices.traits.FanSpeed", "action.devices.traits.SensorState",
        ]
        var attributes = device["attributes"]?.objectValue ?? JSONObject()
        attributes.merge(ValidationFixtures.device(for: "SensorState")["attributes"]?.objectValue ?? JSONObject())
        attributes["queryOnlyOnOff"] = false
        device["attributes"] = .object(attributes)
        #expect(SyncValidator.violations(in: device) == [])
        // Remove SensorState and its attributes become strangers.
        device["traits"] = ["action.devices.traits.OnOff", "action.devices.traits.FanSpeed"]
        expectSingleViolation(
            SyncValidator.violations(in: device),
            at: "attributes.sensorStatesSupported",
            deviceId: "dev-FanSpeed"
        )
    }

    @Test func traitsWithoutARuleTableAcceptAnyAttributes() {
        // CameraStream is a Google trait the validator has no table for: it cannot call anything unknown.
        var device = ValidationFixtures.device(for: "OnOff")
        device["traits"] = ["action.devices.traits.OnOff", "action.devices.traits.CameraStream"]
        device["attributes"] = ["cameraStreamSupportedProtocols": ["hls"], "commandOnlyOnOff": "no"]
        expectSingleViolation(
            SyncValidator.violations(in: device),
            at: "attributes.commandOnlyOnOff",
            deviceId: "dev-OnOff"
        )
    }

    @Test func integersAreNumbersAndIntegralNumbersAreIntegers() {
        let thermostat = ValidationFixtures.device(for: "TemperatureSetting")
            .setting("attributes.thermostatTemperatureRange.minThresholdCelsius", to: .int(10))
            .setting("attributes.bufferRangeCelsius", to: .int(3))
        #expect(SyncValidator.violations(in: thermostat) == [])
        let volume = ValidationFixtures.device(for: "Volume").setting("attributes.volumeMaxLevel", to: .double(11))
        #expect(SyncValidator.violations(in: volume) == [])
    }

    @Test func theDeprecatedThermostatModeStringIsAcceptedWithAWarning() {
        let device = ValidationFixtures.device(for: "TemperatureSetting")
            .setting("attributes.availableThermostatModes", to: "off,heat,cool")
        #expect(SyncValidator.violations(in: device) == [])
        #expect(SyncValidator.warnings(in: device).map(\.path) == ["attributes.availableThermostatModes"])
    }

    @Test func commandOnlyAndQueryOnlyTogetherIsAWarning() {
        let device = ValidationFixtures.device(for: "OnOff").setting("attributes.commandOnlyOnOff", to: true)
            .setting("attributes.queryOnlyOnOff", to: true)
        #expect(SyncValidator.violations(in: device) == [])
        #expect(SyncValidator.warnings(in: device).map(\.path) == ["attributes"])
    }

    @Test func duplicateFanSpeedNamesAreAWarning() {
        let device = ValidationFixtures.device(for: "FanSpeed")
            .setting("attributes.availableFanSpeeds.speeds[1].speed_name", to: "low")
        #expect(SyncValidator.violations(in: device) == [])
        #expect(
            SyncValidator.warnings(in: device).map(\.path) == ["attributes.availableFanSpeeds.speeds[1].speed_name"]
        )
    }

    static func broken(_ trait: String, set path: String, to value: JSONValue?, expect: String? = nil) -> BrokenDevice {
        BrokenDevice(
            "\(trait): \(path) = \(value.map(\.description) ?? "removed")",
            base: ValidationFixtures.device(for: trait),
            set: "attributes." + path,
            to: value,
            expect: expect.map { $0.isEmpty ? "attributes" : "attributes." + $0 }
        )
    }

    /// Each case breaks exactly one attribute rule of one trait page.
    static let brokenAttributes: [BrokenDevice] = [
        broken("OnOff", set: "commandOnlyOnOff", to: "false"),
        broken("OnOff", set: "queryOnlyOnOff", to: 0),
        broken("OnOff", set: "brightness", to: 50),
        broken("Brightness", set: "commandOnlyBrightness", to: 1),
        broken("Brightness", set: "commandOnlyOnOff", to: false),
        broken("ColorSetting", set: "colorModel", to: "xyz"),
        broken("ColorSetting", set: "colorModel", to: 1),
        broken("ColorSetting", set: "colorTemperatureRange", to: [2000, 9000]),
        broken("ColorSetting", set: "colorTemperatureRange.temperatureMinK", to: 2000.5),
        broken("ColorSetting", set: "colorTemperatureRange.temperatureMaxK", to: nil),
        broken("ColorSetting", set: "colorTemperatureRange.temperatureMinK", to: 9000, expect: "colorTemperatureRange"),
        broken("ColorSetting", set: "colorTemperatureRange.kelvin", to: 3000),
        broken("ColorSetting", set: "commandOnlyColorSetting", to: "no"),
        BrokenDevice(
            "ColorSetting needs colorModel or colorTemperatureRange",
            base: ValidationFixtures.device(for: "ColorSetting").setting("attributes.colorModel", to: nil),
            set: "attributes.colorTemperatureRange",
            to: nil,
            expect: "attributes"
        ),
        broken("FanSpeed", set: "reversible", to: "yes"),
        broken("FanSpeed", set: "commandOnlyFanSpeed", to: 1),
        broken("FanSpeed", set: "supportsFanSpeedPercent", to: "true"),
        broken("FanSpeed", set: "availableFanSpeeds", to: []),
        broken("FanSpeed", set: "availableFanSpeeds.speeds", to: nil),
        broken("FanSpeed", set: "availableFanSpeeds.speeds", to: []),
        broken("FanSpeed", set: "availableFanSpeeds.ordered", to: nil),
        broken("FanSpeed", set: "availableFanSpeeds.ordered", to: "true"),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[0].speed_name", to: nil),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[0].speed_name", to: ""),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[1].speed_values", to: nil),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[1].speed_values", to: []),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[0].speed_values[1].lang", to: nil),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[0].speed_values[0].speed_synonym", to: "low"),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[0].speed_values[0].speed_synonym[1]", to: 2),
        broken("FanSpeed", set: "availableFanSpeeds.speeds[0].speed_value", to: []),
        BrokenDevice(
            "FanSpeed needs availableFanSpeeds or supportsFanSpeedPercent",
            base: ValidationFixtures.device(for: "FanSpeed").setting("attributes.availableFanSpeeds", to: nil),
            set: "attributes.supportsFanSpeedPercent",
            to: nil,
            expect: "attributes"
        ),
        broken("OpenClose", set: "discreteOnlyOpenClose", to: "false"),
        broken("OpenClose", set: "openDirection", to: "UP"),
        broken("OpenClose", set: "openDirection[1]", to: "SIDEWAYS"),
        broken("OpenClose", set: "openDirection[0]", to: "up"),
        broken("OpenClose", set: "queryOnlyOpenClose", to: 0),
        broken("OpenClose", set: "commandOnlyOpenClose", to: "true"),
        broken("StartStop", set: "pausable", to: "true"),
        broken("StartStop", set: "availableZones", to: "kitchen"),
        broken("StartStop", set: "availableZones[1]", to: 2),
        broken("StartStop", set: "availableZones[0]", to: ""),
        broken("LockUnlock", set: "isLocked", to: true),
        broken("Dock", set: "isDocked", to: true),
        broken("RunCycle", set: "currentRunCycle", to: []),
        broken("TemperatureSetting", set: "availableThermostatModes", to: nil),
        broken("TemperatureSetting", set: "availableThermostatModes", to: []),
        broken("TemperatureSetting", set: "availableThermostatModes", to: 3),
        broken("TemperatureSetting", set: "availableThermostatModes[1]", to: "warm"),
        broken("TemperatureSetting", set: "availableThermostatModes[0]", to: "OFF"),
        broken("TemperatureSetting", set: "thermostatTemperatureUnit", to: nil),
        broken("TemperatureSetting", set: "thermostatTemperatureUnit", to: "K"),
        broken("TemperatureSetting", set: "thermostatTemperatureRange", to: "10-32"),
        broken("TemperatureSetting", set: "thermostatTemperatureRange.maxThresholdCelsius", to: nil),
        broken("TemperatureSetting", set: "thermostatTemperatureRange.minThresholdCelsius", to: "10"),
        broken(
            "TemperatureSetting",
            set: "thermostatTemperatureRange.minThresholdCelsius",
            to: 32.5,
            expect: "thermostatTemperatureRange"
        ),
        broken("TemperatureSetting", set: "bufferRangeCelsius", to: "2"),
        broken("TemperatureSetting", set: "queryOnlyTemperatureSetting", to: "false"),
        broken("TemperatureSetting", set: "commandOnlyTemperatureSetting", to: 0),
        broken("TemperatureControl", set: "temperatureRange", to: nil),
        broken("TemperatureControl", set: "temperatureRange.minThresholdCelsius", to: nil),
        broken("TemperatureControl", set: "temperatureRange.maxThresholdCelsius", to: 65.5, expect: "temperatureRange"),
        broken("TemperatureControl", set: "temperatureStepCelsius", to: "2.778"),
        broken("TemperatureControl", set: "temperatureUnitForUX", to: nil),
        broken("TemperatureControl", set: "temperatureUnitForUX", to: "celsius"),
        broken("TemperatureControl", set: "queryOnlyTemperatureControl", to: "no"),
        broken("TemperatureControl", set: "commandOnlyTemperatureControl", to: 1),
        broken("HumiditySetting", set: "humiditySetpointRange", to: [25, 75]),
        broken("HumiditySetting", set: "humiditySetpointRange.maxPercent", to: 120),
        broken("HumiditySetting", set: "humiditySetpointRange.minPercent", to: -1),
        broken("HumiditySetting", set: "humiditySetpointRange.maxPercent", to: 25.5),
        broken("HumiditySetting", set: "humiditySetpointRange.minPercent", to: 75, expect: "humiditySetpointRange"),
        BrokenDevice(
            "HumiditySetting minPercent meets the default maxPercent",
            base: ValidationFixtures.device(for: "HumiditySetting")
                .setting("attributes.humiditySetpointRange.maxPercent", to: nil),
            set: "attributes.humiditySetpointRange.minPercent",
            to: 100,
            expect: "attributes.humiditySetpointRange"
        ),
        broken("HumiditySetting", set: "queryOnlyHumiditySetting", to: "false"),
        broken("HumiditySetting", set: "commandOnlyHumiditySetting", to: 0),
        broken("OccupancySensing", set: "occupancySensorConfiguration", to: ["occupancySensorType": "PIR"]),
        broken("OccupancySensing", set: "occupancySensorConfiguration[0].occupancySensorType", to: "RADAR"),
        broken("OccupancySensing", set: "occupancySensorConfiguration[1].occupancySensorType", to: nil),
        broken("OccupancySensing", set: "occupancySensorConfiguration[0].occupiedToUnoccupiedDelaySec", to: "10"),
        broken("OccupancySensing", set: "occupancySensorConfiguration[0].unoccupiedToOccupiedEventThreshold", to: 2.5),
        broken("OccupancySensing", set: "occupancySensorConfiguration[0].unoccupiedToOccupiedDelaySec", to: nil),
        broken("OccupancySensing", set: "occupancySensorConfiguration[1].holdTime", to: 5),
        broken("SensorState", set: "sensorStatesSupported", to: nil),
        broken("SensorState", set: "sensorStatesSupported", to: []),
        broken("SensorState", set: "sensorStatesSupported[0]", to: "AirQuality"),
        broken("SensorState", set: "sensorStatesSupported[0].name", to: nil),
        broken("SensorState", set: "sensorStatesSupported[0].name", to: "Temperature"),
        broken("SensorState", set: "sensorStatesSupported[0].name", to: "airquality"),
        broken(
            "SensorState",
            set: "sensorStatesSupported[0].descriptiveCapabilities",
            to: nil,
            expect: "sensorStatesSupported[0]"
        ),
        broken("SensorState", set: "sensorStatesSupported[0].descriptiveCapabilities.availableStates", to: nil),
        broken("SensorState", set: "sensorStatesSupported[0].descriptiveCapabilities.availableStates", to: []),
        broken("SensorState", set: "sensorStatesSupported[0].descriptiveCapabilities.availableStates[2]", to: "bad"),
        broken("SensorState", set: "sensorStatesSupported[5].descriptiveCapabilities.availableStates[0]", to: "dry"),
        broken("SensorState", set: "sensorStatesSupported[1].numericCapabilities.rawValueUnit", to: "PERCENTAGE"),
        broken("SensorState", set: "sensorStatesSupported[1].numericCapabilities.rawValueUnit", to: nil),
        broken("SensorState", set: "sensorStatesSupported[1].numericCapabilities", to: "PARTS_PER_MILLION"),
        broken(
            "SensorState",
            set: "sensorStatesSupported[3].descriptiveCapabilities",
            to: ["availableStates": ["good"]]
        ),
        broken(
            "SensorState",
            set: "sensorStatesSupported[5].numericCapabilities",
            to: ["rawValueUnit": "PERCENTAGE"]
        ),
        broken("SensorState", set: "sensorStatesSupported[2].currentSensorState", to: "high"),
        broken("Volume", set: "volumeMaxLevel", to: nil),
        broken("Volume", set: "volumeMaxLevel", to: 0),
        broken("Volume", set: "volumeMaxLevel", to: "11"),
        broken("Volume", set: "volumeCanMuteAndUnmute", to: nil),
        broken("Volume", set: "volumeCanMuteAndUnmute", to: 1),
        broken("Volume", set: "volumeDefaultPercentage", to: 101),
        broken("Volume", set: "volumeDefaultPercentage", to: -5),
        broken("Volume", set: "levelStepSize", to: 1.5),
        broken("Volume", set: "commandOnlyVolume", to: "false"),
        broken("EnergyStorage", set: "queryOnlyEnergyStorage", to: nil),
        broken("EnergyStorage", set: "queryOnlyEnergyStorage", to: "false"),
        broken("EnergyStorage", set: "energyStorageDistanceUnitForUX", to: "FEET"),
        broken("EnergyStorage", set: "isRechargeable", to: 1),
        broken("Modes", set: "availableModes", to: nil),
        broken("Modes", set: "availableModes[0].name", to: nil),
        broken("Modes", set: "availableModes[0].name_values[0].lang", to: nil),
        broken("Modes", set: "availableModes[0].settings", to: nil),
        broken("Modes", set: "availableModes[0].settings[1].setting_name", to: ""),
        broken("Modes", set: "availableModes[0].settings[0].setting_values[0].setting_synonym", to: "small"),
        broken("Modes", set: "availableModes[0].ordered", to: "yes"),
        broken("Modes", set: "queryOnlyModes", to: 0),
        broken("Toggles", set: "availableToggles", to: nil),
        broken("Toggles", set: "availableToggles[0].name_values", to: nil),
        broken("Toggles", set: "availableToggles[0].name_values[0].name_synonym", to: nil),
        broken("Toggles", set: "commandOnlyToggles", to: "false"),
    ]

    @Test(arguments: brokenAttributes)
    func reportsExactlyTheBrokenAttributeRule(_ broken: BrokenDevice) {
        expectSingleViolation(
            SyncValidator.violations(in: broken.device),
            at: broken.expectedPath,
            deviceId: broken.expectedDeviceId
        )
    }
}
