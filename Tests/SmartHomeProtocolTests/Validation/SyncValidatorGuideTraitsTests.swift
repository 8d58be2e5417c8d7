import JSON
import Testing

@testable import SmartHomeProtocol

/// The device type guides' trait lists: a missing required trait is a problem (Google accepts the SYNC, but the
/// guide calls the trait "required, if applicable to your device"), a missing recommended one a warning.
struct SyncValidatorGuideTraitsTests {
    static func device(_ type: String, _ traits: [String]) -> JSONObject {
        let names = traits.map { "\"action.devices.traits.\($0)\"" }.joined(separator: ", ")
        return ValidationFixtures.object(
            #"""
            {"id": "a", "type": "action.devices.types.\#(type)", "traits": [\#(names)], "name": {"name": "A"},
             "willReportState": true}
            """#
        )
    }

    static func messages(_ findings: [SyncViolation]) -> [String] { findings.map(\.message) }

    @Test func aHoodWithoutOnOffBreaksItsGuide() {
        let hood = Self.device("HOOD", ["FanSpeed"])
        #expect(Self.messages(SyncValidator.problems(in: hood)).contains { $0.contains("HOOD's guide requires OnOff") })
        #expect(SyncValidator.violations(in: hood).allSatisfy { !$0.message.contains("guide") })
    }

    @Test func aRecommendedTraitMissingIsOnlyAWarning() {
        let hood = Self.device("HOOD", ["OnOff", "FanSpeed"])
        #expect(SyncValidator.problems(in: hood).isEmpty)
        #expect(Self.messages(SyncValidator.warnings(in: hood)) == ["HOOD's guide recommends Brightness"])
        let dryer = Self.device("DRYER", ["StartStop"])
        #expect(SyncValidator.problems(in: dryer).isEmpty)
        #expect(
            Self.messages(SyncValidator.warnings(in: dryer)).sorted()
                == ["Modes", "OnOff", "RunCycle", "Toggles"].map { "DRYER's guide recommends \($0)" }
        )
    }

    /// Each guide's required traits, as the guides list them.
    @Test(arguments: [
        ("DRYER", "StartStop"), ("REFRIGERATOR", "TemperatureControl"), ("FREEZER", "TemperatureControl"),
        ("HOOD", "OnOff"), ("WATERHEATER", "OnOff"), ("CHARGER", "EnergyStorage"),
        ("THERMOSTAT", "TemperatureSetting"),
    ])
    func theRequiredTraitIsChecked(_ type: String, _ trait: String) {
        let without = Self.device(type, ["Modes"])
        #expect(
            Self.messages(SyncValidator.problems(in: without)).contains(
                "\(type)'s guide requires \(trait) "
                    + "(\"required, if applicable to your device\")"
            )
        )
        #expect(SyncValidator.problems(in: Self.device(type, [trait])).isEmpty)
    }

    /// A type without a guide entry here (a kettle) is judged by the SYNC reference alone.
    @Test func otherTypesHaveNoGuideFindings() {
        let kettle = Self.device("KETTLE", ["Brightness"])
        #expect(SyncValidator.problems(in: kettle).isEmpty)
        #expect(SyncValidator.warnings(in: kettle).isEmpty)
    }

    /// LIGHT requires OnOff and recommends ColorSetting and Brightness; SCENE requires Scene.
    @Test func lightAndSceneGuides() {
        #expect(SyncValidator.problems(in: Self.device("LIGHT", ["Brightness"])).count == 1)
        #expect(SyncValidator.warnings(in: Self.device("LIGHT", ["OnOff", "Brightness"])).count == 1)
        #expect(SyncValidator.problems(in: Self.device("SCENE", ["OnOff"])).count == 1)
        #expect(SyncValidator.problems(in: Self.device("SCENE", ["Scene"])).isEmpty)
    }
}
