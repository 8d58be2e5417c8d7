import Foundation
import Fulfillment
import HearthTestSupport
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// `Config/sensors.json`, the example sensors, switches and valves the device catalogue points users to: it imports,
/// every device passes `devices validate`, it has a device of every type of its family (an Irrigation System with
/// three valves too), and its ids are not the other
/// examples'.
struct SensorsExampleFileTests {
    static func file() throws -> DeviceFile {
        try DeviceFile.parse(try SensorsFixtures.text())
    }

    @Test func everyDeviceValidatesClean() throws {
        let devices = try Self.file().users.flatMap(\.devices)
        #expect(devices.count == 8)
        for device in devices {
            let validation = DeviceValidation(device: device, willReportState: true)
            #expect(validation.passes, "\(device.id): \(validation.violations) \(validation.problems)")
            // The sprinkler has its guide's recommended traits (StartStop, Timer): no warning.
            #expect(validation.warnings.map(\.message) == [], "\(device.id)")
            #expect((validation.syncDevice == nil) == (device.id == "pipe-freeze"), "\(device.id)")
        }
    }

    @Test func everyTypeOfTheFamilyHasAnExample() throws {
        let types = Set(try Self.file().users.flatMap(\.devices).flatMap { $0.endpoints.flatMap(\.deviceTypes) })
        let family: [DeviceType] = [
            .AirQualitySensor, .RainSensor, .WaterFreezeDetector, .MountedOnOffControl, .MountedDimmableLoadControl,
            .WaterValve, .IrrigationSystem,
        ]
        #expect(family.filter { !types.contains($0) }.isEmpty)
    }

    /// Its ids are not the other examples', so importing them all keeps every device.
    @Test func itsIdsAreNotTheOtherExamples() throws {
        let ids = try Self.file().users.flatMap(\.devices).map(\.id)
        #expect(Set(ids).count == ids.count)
        for other in ["devices.json", "appliances.json", "media.json"] {
            let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config(other).path))
            let theirs = Set(try DeviceFile.parse(Array(data)).users.flatMap(\.devices).map(\.id))
            #expect(theirs.isDisjoint(with: ids), "\(other)")
        }
    }

    /// The whole file through SYNC: Google would accept every entry.
    @Test func itsSyncIsValid() throws {
        #expect(try SensorsFixtures.syncViolations(try SensorsFixtures.catalogue()).isEmpty)
    }
}
