import JSON
import Testing

@testable import SmartHomeProtocol

/// Valid SYNC devices, one per trait with a rule table, and a way to break one member of them.
enum ValidationFixtures {
    /// A complete, valid light: every optional top-level member present.
    static let light: JSONObject = object(
        #"""
        {
          "id": "light-1",
          "type": "action.devices.types.LIGHT",
          "traits": ["action.devices.traits.OnOff", "action.devices.traits.Brightness",
                     "action.devices.traits.ColorSetting"],
          "name": {"name": "Desk lamp", "defaultNames": ["Acme bulb A19"], "nicknames": ["reading light"]},
          "willReportState": true,
          "notificationSupportedByAgent": false,
          "roomHint": "Office",
          "structureHint": "Home",
          "deviceInfo": {"manufacturer": "Acme", "model": "A19", "hwVersion": "1.0", "swVersion": "2.3.4"},
          "attributes": {"commandOnlyOnOff": false, "colorModel": "rgb",
                         "colorTemperatureRange": {"temperatureMinK": 2000, "temperatureMaxK": 6500}},
          "customData": {"endpoint": 1},
          "otherDeviceIds": [{"deviceId": "local-1"}, {"agentId": "acme", "deviceId": "local-2"}],
          "matterUniqueId": "00112233aabbccddeeff",
          "matterOriginalVendorId": "0xfff1",
          "matterOriginalProductId": "0x8000"
        }
        """#
    )

    /// Valid attributes for each trait with a rule table, written from the examples on Google's trait pages.
    static let attributesByTrait: [(trait: String, type: String, attributes: String)] = [
        ("OnOff", "OUTLET", #"{"commandOnlyOnOff": false, "queryOnlyOnOff": false}"#),
        ("Brightness", "LIGHT", #"{"commandOnlyBrightness": false}"#),
        (
            "ColorSetting", "LIGHT",
            #"""
            {"colorModel": "hsv", "colorTemperatureRange": {"temperatureMinK": 2000, "temperatureMaxK": 9000},
             "commandOnlyColorSetting": false}
            """#
        ),
        (
            "FanSpeed", "FAN",
            #"""
            {"availableFanSpeeds": {"speeds": [
                {"speed_name": "low", "speed_values": [{"speed_synonym": ["low", "slow"], "lang": "en"},
                                                       {"speed_synonym": ["niedrig"], "lang": "de"}]},
                {"speed_name": "high", "speed_values": [{"speed_synonym": ["high", "fast"], "lang": "en"}]}],
              "ordered": true},
             "supportsFanSpeedPercent": true, "reversible": true, "commandOnlyFanSpeed": false}
            """#
        ),
        (
            "OpenClose", "BLINDS",
            #"""
            {"discreteOnlyOpenClose": false, "openDirection": ["UP", "DOWN"], "queryOnlyOpenClose": false,
             "commandOnlyOpenClose": false}
            """#
        ),
        ("StartStop", "VACUUM", #"{"pausable": true, "availableZones": ["kitchen", "hall"]}"#),
        ("LockUnlock", "LOCK", "{}"),
        ("Locator", "WASHER", "{}"),
        ("Dock", "VACUUM", "{}"),
        ("RunCycle", "WASHER", "{}"),
        (
            "TemperatureSetting", "THERMOSTAT",
            #"""
            {"availableThermostatModes": ["off", "heat", "cool", "heatcool", "fan-only"],
             "thermostatTemperatureUnit": "C",
             "thermostatTemperatureRange": {"minThresholdCelsius": 10, "maxThresholdCelsius": 32.5},
             "bufferRangeCelsius": 2, "commandOnlyTemperatureSetting": false, "queryOnlyTemperatureSetting": false}
            """#
        ),
        (
            "TemperatureControl", "OVEN",
            #"""
            {"temperatureRange": {"minThresholdCelsius": 65.5, "maxThresholdCelsius": 260},
             "temperatureStepCelsius": 2.778, "temperatureUnitForUX": "F", "queryOnlyTemperatureControl": false,
             "commandOnlyTemperatureControl": false}
            """#
        ),
        (
            "HumiditySetting", "HUMIDIFIER",
            #"{"humiditySetpointRange": {"minPercent": 25, "maxPercent": 75}, "queryOnlyHumiditySetting": false}"#
        ),
        (
            "OccupancySensing", "SENSOR",
            #"""
            {"occupancySensorConfiguration": [
              {"occupancySensorType": "PIR", "occupiedToUnoccupiedDelaySec": 10, "unoccupiedToOccupiedDelaySec": 10,
               "unoccupiedToOccupiedEventThreshold": 2},
              {"occupancySensorType": "PHYSICAL_CONTACT"}]}
            """#
        ),
        (
            "SensorState", "AIRPURIFIER",
            #"""
            {"sensorStatesSupported": [
              {"name": "AirQuality", "descriptiveCapabilities": {"availableStates": ["healthy", "moderate",
                                                                                     "unhealthy"]}},
              {"name": "CarbonMonoxideLevel", "numericCapabilities": {"rawValueUnit": "PARTS_PER_MILLION"}},
              {"name": "SmokeLevel", "numericCapabilities": {"rawValueUnit": "PARTS_PER_MILLION"},
               "descriptiveCapabilities": {"availableStates": ["smoke detected", "high", "no smoke detected"]}},
              {"name": "PM2.5", "numericCapabilities": {"rawValueUnit": "MICROGRAMS_PER_CUBIC_METER"}},
              {"name": "FilterLifeTime", "numericCapabilities": {"rawValueUnit": "PERCENTAGE"}},
              {"name": "WaterLeak", "descriptiveCapabilities": {"availableStates": ["leak", "no leak"]}}]}
            """#
        ),
        (
            "Volume", "SPEAKER",
            #"""
            {"volumeMaxLevel": 11, "volumeCanMuteAndUnmute": true, "levelStepSize": 2, "commandOnlyVolume": false,
             "volumeDefaultPercentage": 6}
            """#
        ),
        (
            "EnergyStorage", "VACUUM",
            #"{"isRechargeable": true, "energyStorageDistanceUnitForUX": "MILES", "queryOnlyEnergyStorage": false}"#
        ),
        (
            "Modes", "WASHER",
            #"""
            {"availableModes": [{"name": "load", "name_values": [{"name_synonym": ["load", "size"], "lang": "en"}],
              "settings": [{"setting_name": "small", "setting_values": [{"setting_synonym": ["small"], "lang": "en"}]},
                           {"setting_name": "large", "setting_values": [{"setting_synonym": ["large"], "lang": "en"}]}],
              "ordered": true}], "commandOnlyModes": false, "queryOnlyModes": false}
            """#
        ),
        (
            "Toggles", "WASHER",
            #"""
            {"availableToggles": [{"name": "sterilization",
                                   "name_values": [{"name_synonym": ["bio-clean"], "lang": "en"}]}],
             "commandOnlyToggles": false}
            """#
        ),
        ("Timer", "MICROWAVE", #"{"maxTimerLimitSec": 7200, "commandOnlyTimer": false}"#),
        (
            "Cook", "MULTICOOKER",
            #"""
            {"supportedCookingModes": ["COOK", "WARM"],
             "foodPresets": [{"food_preset_name": "white_rice", "supported_units": ["CUPS"],
                              "food_synonyms": [{"synonym": ["White Rice", "Rice"], "lang": "en"}]}]}
            """#
        ),
        // media: a type without a guide (the media types' guides recommend other traits), so only attributes count.
        ("MediaState", "SWITCH", #"{"supportActivityState": true, "supportPlaybackState": true}"#),
        ("TransportControl", "SWITCH", #"{"transportControlSupportedCommands": ["PAUSE", "STOP", "RESUME"]}"#),
        // media inputs (traits/inputselector, traits/channel, traits/appselector), on a type without a guide
        (
            "InputSelector", "SWITCH",
            #"""
            {"availableInputs": [{"key": "input-1", "names": [{"lang": "en", "name_synonym": ["HDMI 1", "DVD player"]}]},
                                 {"key": "input-2", "names": [{"lang": "en", "name_synonym": ["HDMI 2"]}]}],
             "orderedInputs": true, "commandOnlyInputSelector": false}
            """#
        ),
        (
            "Channel", "SWITCH",
            #"""
            {"availableChannels": [{"key": "ch-2-0", "names": ["Fox", "KTVU"], "number": "2"},
                                   {"key": "ch-4-11", "names": ["ABC"], "number": "4-11"}],
             "commandOnlyChannels": false}
            """#
        ),
        (
            "AppSelector", "SWITCH",
            #"{"availableApplications": [{"key": "123:youtube", "names": [{"name_synonym": ["YouTube"], "lang": "en"}]}]}"#
        ),
    ]

    /// A minimal valid device of `type` with one trait and its attributes.
    static func device(trait: String, type: String, attributes: String) -> JSONObject {
        var device = JSONObject()
        device["id"] = .string("dev-\(trait)")
        device["type"] = .string("action.devices.types." + type)
        device["traits"] = .array([.string("action.devices.traits." + trait)])
        device["name"] = .object(JSONObject([("name", .string("My \(trait)"))]))
        device["willReportState"] = .bool(true)
        device["attributes"] = .object(object(attributes))
        return device
    }

    /// The valid device for `trait` from ``attributesByTrait``.
    static func device(for trait: String) -> JSONObject {
        guard let entry = attributesByTrait.first(where: { $0.trait == trait }) else {
            Issue.record("no fixture for \(trait)")
            return JSONObject()
        }
        return device(trait: entry.trait, type: entry.type, attributes: entry.attributes)
    }

    static func object(_ text: String) -> JSONObject {
        do {
            guard let object = try JSONParser.parse(text).objectValue else {
                Issue.record("fixture is not an object: \(text)")
                return JSONObject()
            }
            return object
        } catch {
            Issue.record("fixture does not parse: \(error)\n\(text)")
            return JSONObject()
        }
    }
}

/// One device broken in one place, and the path where the validator must say so.
struct BrokenDevice: Sendable, CustomTestStringConvertible {
    var rule: String
    var device: JSONObject
    var expectedPath: String
    var expectedDeviceId: String?

    var testDescription: String { "\(rule) → \(expectedPath)" }

    /// `base` with the member at `path` set to `value` (or removed for `nil`); the violation is expected at
    /// `expectedPath`, by default `path` itself.
    init(_ rule: String, base: JSONObject, set path: String, to value: JSONValue?, expect expectedPath: String? = nil) {
        self.rule = rule
        self.device = base.setting(path, to: value)
        self.expectedPath = expectedPath ?? path
        self.expectedDeviceId = device["id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension JSONObject {
    /// A copy with the member at a path like `attributes.speeds[0].speed_name` replaced, or removed for `nil`.
    func setting(_ path: String, to value: JSONValue?) -> JSONObject {
        JSONValue.object(self).replacing(PathStep.parse(path)[...], with: value)?.objectValue ?? self
    }
}

enum PathStep {
    case key(String)
    case index(Int)

    static func parse(_ path: String) -> [PathStep] {
        var steps: [PathStep] = []
        for part in path.split(separator: ".") {
            var rest = part[...]
            if let bracket = rest.firstIndex(of: "[") {
                if bracket != rest.startIndex { steps.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.first == "[", let close = rest.firstIndex(of: "]") {
                    steps.append(.index(Int(rest[rest.index(after: rest.startIndex)..<close]) ?? 0))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                steps.append(.key(String(rest)))
            }
        }
        return steps
    }
}

extension JSONValue {
    func replacing(_ steps: ArraySlice<PathStep>, with value: JSONValue?) -> JSONValue? {
        guard let step = steps.first else { return value }
        switch (step, self) {
        case (.key(let key), .object(var object)):
            object[key] = (object[key] ?? .object(JSONObject())).replacing(steps.dropFirst(), with: value)
            return .object(object)
        case (.index(let index), .array(var array)) where array.indices.contains(index):
            if let new = array[index].replacing(steps.dropFirst(), with: value) {
                array[index] = new
            } else {
                array.remove(at: index)
            }
            return .array(array)
        default:
            Issue.record("cannot follow \(step) into \(self)")
            return self
        }
    }
}

/// Asserts that `violations` is exactly one finding at `path`, filed under `deviceId`.
func expectSingleViolation(
    _ violations: [SyncViolation],
    at path: String,
    deviceId: String?,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(violations.map(\.path) == [path], "\(violations)", sourceLocation: sourceLocation)
    #expect(violations.allSatisfy { $0.deviceId == deviceId }, "\(violations)", sourceLocation: sourceLocation)
    #expect(violations.allSatisfy { !$0.message.isEmpty }, sourceLocation: sourceLocation)
}
