import JSON
import Testing

@testable import SmartHomeProtocol

/// The `Modes` and `Toggles` attribute rules beyond the field shapes: at least two settings per mode, an English
/// synonym entry for language fallback, and duplicate names as warnings.
struct ModesTogglesRulesTests {
    static let refusals: [BrokenDevice] = [
        // "At least 2 items required" for settings.
        TraitAttributeRulesTests.broken(
            "Modes",
            set: "availableModes[0].settings[1]",
            to: nil,
            expect: "availableModes[0].settings"
        ),
        TraitAttributeRulesTests.broken("Modes", set: "availableModes[0].settings", to: []),
        // No `en` entry left for language fallback.
        TraitAttributeRulesTests.broken(
            "Modes",
            set: "availableModes[0].name_values[0].lang",
            to: "de",
            expect: "availableModes[0].name_values"
        ),
        TraitAttributeRulesTests.broken(
            "Toggles",
            set: "availableToggles[0].name_values[0].lang",
            to: "fr",
            expect: "availableToggles[0].name_values"
        ),
    ]

    @Test(arguments: refusals)
    func refused(_ broken: BrokenDevice) {
        expectSingleViolation(
            SyncValidator.violations(in: broken.device),
            at: broken.expectedPath,
            deviceId: broken.expectedDeviceId
        )
    }

    @Test func duplicateModeSettingAndToggleNamesAreWarnings() {
        let modes = ValidationFixtures.device(for: "Modes")
            .setting("attributes.availableModes[0].settings[1].setting_name", to: "small")
        #expect(SyncValidator.violations(in: modes) == [])
        #expect(
            SyncValidator.warnings(in: modes).map(\.path) == ["attributes.availableModes[0].settings[1].setting_name"]
        )
        let mode = ValidationFixtures.device(for: "Modes")["attributes"]?["availableModes"]?.arrayValue?.first
        let twoModes = ValidationFixtures.device(for: "Modes")
            .setting("attributes.availableModes", to: .array([mode ?? .null, mode ?? .null]))
        #expect(SyncValidator.violations(in: twoModes) == [])
        #expect(SyncValidator.warnings(in: twoModes).map(\.path) == ["attributes.availableModes[1].name"])
        let toggle = ValidationFixtures.device(for: "Toggles")["attributes"]?["availableToggles"]?.arrayValue?.first
        let twoToggles = ValidationFixtures.device(for: "Toggles")
            .setting("attributes.availableToggles", to: .array([toggle ?? .null, toggle ?? .null]))
        #expect(SyncValidator.violations(in: twoToggles) == [])
        #expect(SyncValidator.warnings(in: twoToggles).map(\.path) == ["attributes.availableToggles[1].name"])
    }

    /// A second language beside English is fine.
    @Test func anotherLanguageBesideEnglishPasses() {
        let device = ValidationFixtures.device(for: "Toggles")
            .setting(
                "attributes.availableToggles[0].name_values",
                to: [
                    ["name_synonym": ["Sterilisation"], "lang": "de"], ["name_synonym": ["bio-clean"], "lang": "en"],
                ]
            )
        #expect(SyncValidator.violations(in: device) == [])
    }
}
