import JSON
import Testing

@testable import SmartHomeProtocol

/// The Timer and Cook SYNC rules (traits/timer, traits/cook).
struct KitchenTraitRulesTests {
    @Test func timerNeedsAPositiveLimit() {
        let timer = ValidationFixtures.device(for: "Timer")
        #expect(SyncValidator.violations(in: timer) == [])
        expectSingleViolation(
            SyncValidator.violations(in: timer.setting("attributes.maxTimerLimitSec", to: .int(0))),
            at: "attributes.maxTimerLimitSec",
            deviceId: "dev-Timer"
        )
        expectSingleViolation(
            SyncValidator.violations(in: timer.setting("attributes.maxTimerLimitSec", to: nil)),
            at: "attributes.maxTimerLimitSec",
            deviceId: "dev-Timer"
        )
    }

    @Test func cookModesAreGooglesOnly() {
        let cook = ValidationFixtures.device(for: "Cook")
        #expect(SyncValidator.violations(in: cook) == [])
        #expect(
            !SyncValidator.violations(in: cook.setting("attributes.supportedCookingModes", to: ["BAKE", "PROOF"]))
                .isEmpty
        )
        #expect(!SyncValidator.violations(in: cook.setting("attributes.supportedCookingModes", to: nil)).isEmpty)
        #expect(
            !SyncValidator.violations(in: cook.setting("attributes.foodPresets[0].supported_units", to: ["HANDFULS"]))
                .isEmpty
        )
    }
}
