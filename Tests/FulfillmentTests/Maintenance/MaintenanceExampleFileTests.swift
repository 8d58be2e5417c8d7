import Foundation
import Fulfillment
import HearthTestSupport
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// `Config/maintenance.json`: it is the maintenance catalogue, it imports, every device passes `devices validate`
/// (no violation, no problem), each device has the Google type and traits the catalogue's table gives, and its ids
/// are not the other examples'.
struct MaintenanceExampleFileTests {
    static func text() throws -> String {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("maintenance.json").path))
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theExampleIsTheCatalogue() throws {
        #expect(try JSONParser.parse(Self.text()) == JSONParser.parse(MaintenanceCatalogue.deviceFile))
    }

    @Test func itImportsAndValidatesClean() throws {
        let file = try DeviceFile.parse(Self.text())
        let devices = file.users.flatMap(\.devices)
        #expect(devices.count == 4)
        for device in devices {
            let validation = DeviceValidation(device: device, willReportState: true)
            #expect(validation.passes, "\(device.id): \(validation.violations) \(validation.problems)")
        }
        let fulfillment = try TestFulfillment(devices: Self.text())
        let payload = try #require(try fulfillment.sync(as: "demo-user").body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
        #expect(payload["devices"]?.arrayValue?.count == 4)
    }

    @Test func eachDeviceHasItsTypeAndTraits() throws {
        let expected: [String: (type: GoogleDeviceType, traits: [SmartHomeProtocol.Trait])] = [
            "effects-strip": (.light, [.onOff, .brightness, .colorSetting, .lightEffects, .softwareUpdate]),
            "hall-plug": (.outlet, [.onOff, .reboot, .softwareUpdate]),
            "movie-night": (.scene, [.scene]),
            "good-morning": (.scene, [.scene]),
        ]
        for device in try DeviceFile.parse(Self.text()).users.flatMap(\.devices) {
            let want = try #require(expected[device.id], "\(device.id)")
            #expect(DeviceTypeMapping.googleType(for: device) == want.type, "\(device.id)")
            #expect(Set(DeviceTypeMapping.traits(of: device)) == Set(want.traits), "\(device.id)")
        }
    }

    @Test func itsIdsAreNotTheOtherExamples() throws {
        let ids = try DeviceFile.parse(Self.text()).users.flatMap(\.devices).map(\.id)
        for other in ["devices.json", "appliances.json", "media.json"] {
            let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config(other).path))
            let theirs = Set(try DeviceFile.parse(Array(data)).users.flatMap(\.devices).map(\.id))
            #expect(theirs.isDisjoint(with: ids), "\(other)")
        }
    }
}
