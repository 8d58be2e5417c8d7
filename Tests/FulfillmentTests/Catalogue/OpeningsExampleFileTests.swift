import Foundation
import Fulfillment
import HearthTestSupport
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// `Config/openings.json`, the example openings the device catalogue points users to: it imports, every device
/// validates clean for Google, it has each opening type, the four Google requires a PIN for carry one, and its ids
/// are not the other examples'.
struct OpeningsExampleFileTests {
    static func devices() throws -> [Device] {
        try DeviceFile.parse(OpeningsCatalogue.deviceFile).users.flatMap(\.devices)
    }

    @Test func itImportsAndValidatesClean() throws {
        let devices = try Self.devices()
        #expect(devices.map(\.id) == OpeningsCatalogue.expected.map(\.id))
        for device in devices {
            let validation = DeviceValidation(device: device, willReportState: true)
            #expect(validation.violations.isEmpty, "\(device.id): \(validation.violations)")
            #expect(validation.problems.isEmpty, "\(device.id): \(validation.problems)")
        }
    }

    @Test func theOpeningsGoogleRequiresAPINForHaveOne() throws {
        for device in try Self.devices() {
            let type = DeviceTypeMapping.googleType(for: device)
            if let type, DeviceTypeMapping.pinOpenings.contains(type) {
                guard case .pin = device.challenge else {
                    Issue.record("\(device.id) (\(type.rawValue)) has no PIN")
                    continue
                }
            }
        }
        let types = Set(try Self.devices().compactMap { DeviceTypeMapping.googleType(for: $0) })
        #expect(DeviceTypeMapping.pinOpenings.isSubset(of: types), "a garage, a gate, a door and a window")
    }

    @Test func itsIdsAreNotTheOtherExamples() throws {
        let ids = Set(try Self.devices().map(\.id))
        for other in ["devices.json", "appliances.json", "media.json"] {
            let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config(other).path))
            let theirs = Set(try DeviceFile.parse(Array(data)).users.flatMap(\.devices).map(\.id))
            #expect(theirs.isDisjoint(with: ids), "\(other)")
        }
    }
}
