import Foundation
import Fulfillment
import HearthTestSupport
import JSON
import MatterModel
import Registry
import RegistrySQLite
import Testing

/// `Config/security.json`, the example security panel, its contact sensor and pet feeder: it imports into a registry,
/// every device is exposed and validates clean (no SYNC violation, problem or warning), and its ids are not the
/// other examples'.
struct SecurityExampleFileTests {
    @Test func itImportsAndValidatesClean() throws {
        let file = try DeviceFile.parse(try SecuritySystemTests.file())
        #expect(
            file.manufacturerClusters.map(\.googleTrait) == [
                "ArmDisarm", "StatusReport", "Fill", "Dispense", "NetworkControl",
            ]
        )
        let store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(file)
        let devices = try store.devices(forUser: Fixtures.alice)
        #expect(devices.map(\.id) == ["security-panel", "back-window", "pet-feeder", "food-dispenser", "home-router"])
        for device in devices {
            let validation = DeviceValidation(device: device, willReportState: true)
            #expect(validation.syncDevice != nil, "\(device.id)")
            #expect(validation.violations.isEmpty, "\(device.id): \(validation.violations)")
            #expect(validation.problems.isEmpty, "\(device.id): \(validation.problems)")
            #expect(validation.warnings.isEmpty, "\(device.id): \(validation.warnings)")
        }
    }

    @Test func itsIdsAreNotTheOtherExamples() throws {
        let ids = try DeviceFile.parse(try SecuritySystemTests.file()).users.flatMap(\.devices).map(\.id)
        for other in ["devices.json", "appliances.json", "media.json"] {
            let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config(other).path))
            let theirs = Set(try DeviceFile.parse(Array(data)).users.flatMap(\.devices).map(\.id))
            #expect(theirs.isDisjoint(with: ids), "\(other)")
        }
    }
}
