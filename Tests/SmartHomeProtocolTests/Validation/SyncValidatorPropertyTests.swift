import JSON
import PropertyBased
import Testing

@testable import SmartHomeProtocol

struct SyncValidatorPropertyTests {
    @Test func anyNonEmptyNameIsAcceptedAndOnlyLongOnesWarn() async {
        let scalar = Gen.unicodeScalar(in: "\u{20}"..."\u{2FFF}").map { Character($0) }
        await propertyCheck(count: 300, input: scalar.string(of: 1...90)) { name in
            let device = ValidationFixtures.light.setting("name.name", to: .string(name))
            #expect(SyncValidator.violations(in: device) == [])
            let warned = SyncValidator.warnings(in: device).map(\.path) == ["name.name"]
            #expect(warned == (name.unicodeScalars.count > 60), "\(name.unicodeScalars.count) code points")
        }
    }

    @Test func matterIdsFromSyncDeviceAreAlwaysValid() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...0xFFFF), Gen.int(in: 0...0xFFFF)) { vendor, product in
            var device = ValidationFixtures.light
            device["matterOriginalVendorId"] = .string(SyncDevice.matterHexId(vendor))
            device["matterOriginalProductId"] = .string(SyncDevice.matterHexId(product))
            #expect(SyncValidator.violations(in: device) == [])
        }
    }

    @Test func volumeMaxLevelIsRejectedExactlyBelowOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: -1000...1000)) { level in
            let device = ValidationFixtures.device(for: "Volume").setting("attributes.volumeMaxLevel", to: .int(level))
            let paths = SyncValidator.violations(in: device).map(\.path)
            #expect(paths == (level < 1 ? ["attributes.volumeMaxLevel"] : []))
        }
    }

    @Test func aThermostatRangeIsRejectedExactlyWhenNotIncreasing() async {
        await propertyCheck(count: 300, input: Gen.int(in: -50...50), Gen.int(in: -50...50)) { low, high in
            let device = ValidationFixtures.device(for: "TemperatureSetting")
                .setting("attributes.thermostatTemperatureRange.minThresholdCelsius", to: .double(Double(low) / 2))
                .setting("attributes.thermostatTemperatureRange.maxThresholdCelsius", to: .double(Double(high) / 2))
            let paths = SyncValidator.violations(in: device).map(\.path)
            #expect(paths == (low < high ? [] : ["attributes.thermostatTemperatureRange"]))
        }
    }
}
