import Foundation
import Fulfillment
import HearthTestSupport
import MatterModel
import Testing

/// `Config/devices.json`, the example home every quick start imports: what Google makes of its rooms and devices.
struct ExampleHomeTests {
    static func devices() throws -> [(user: String, device: Device)] {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("devices.json").path))
        return try DeviceFile.parse(Array(data)).users.flatMap { user in user.devices.map { (user.agentUserId, $0) } }
    }

    /// Google matches rooms by name: "Living Room" and "Living room", or "Hall" and "Hallway", are two rooms. No two
    /// room names of the example may differ only in case or spacing, or be one the start of the other.
    @Test func eachRoomIsSpelledOneWay() throws {
        let rooms = Set(try Self.devices().compactMap(\.device.room))
        #expect(rooms.count >= 5)
        let key = { (room: String) in room.lowercased().filter { !$0.isWhitespace } }
        for room in rooms {
            for other in rooms where other != room {
                #expect(key(room) != key(other), "\"\(room)\" and \"\(other)\"")
                #expect(!key(other).hasPrefix(key(room)), "\"\(room)\" and \"\(other)\"")
            }
        }
    }

    /// Matter dedup needs a `roomHint` for every device with Matter ids; every device passes `devices validate`
    /// (nothing rejected, no problem) with the default configuration.
    @Test func everyDeviceWithMatterIdsHasARoomAndPassesValidation() throws {
        let devices = try Self.devices()
        #expect(!devices.isEmpty)
        for (user, device) in devices {
            let info = device.basicInformation
            if info.uniqueID != nil || info.vendorID != nil || info.productID != nil {
                #expect(device.room != nil, "\(user)/\(device.id) has Matter ids and no room")
            }
            let validation = DeviceValidation(device: device, willReportState: true)
            #expect(validation.passes, "\(user)/\(device.id): \(validation.violations + validation.problems)")
        }
    }
}
