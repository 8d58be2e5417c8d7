import Foundation
import Fulfillment
import HearthTestSupport
import JSON
import MatterModel
import Testing

/// `Config/media.json`, the example media players, remotes, cameras and doorbells the device catalogue points users
/// to: it holds exactly the media and camera catalogues' devices (so the example and the tested catalogues cannot
/// drift apart), has a device of every media and camera type, and its ids are not the example home's.
struct MediaExampleFileTests {
    static func text() throws -> String {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("media.json").path))
        return String(decoding: data, as: UTF8.self)
    }

    static func devices(_ text: String) throws -> [JSONValue] {
        try #require(try JSONParser.parse(text)["users"]?.arrayValue?.first?["devices"]?.arrayValue)
    }

    @Test func theExampleIsTheCatalogues() throws {
        let example = try JSONParser.parse(Self.text())
        #expect(example["users"]?.arrayValue?.compactMap { $0["agentUserId"]?.stringValue } == ["demo-user"])
        let catalogues = try Self.devices(MediaCatalogue.deviceFile) + Self.devices(CameraCatalogue.deviceFile)
        #expect(try Self.devices(Self.text()) == catalogues)
    }

    @Test func everyMediaAndCameraTypeHasAnExample() throws {
        let named = try Self.devices(Self.text()).flatMap { device -> [String] in
            let single = device["deviceTypes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let endpoints = device["endpoints"]?.arrayValue?.compactMap { $0["deviceType"]?.stringValue } ?? []
            return single + endpoints
        }
        let media: [DeviceType] = [
            .BasicVideoPlayer, .CastingVideoPlayer, .ContentApp, .VideoRemoteControl, .Speaker, .Camera,
            .VideoDoorbell, .AudioDoorbell, .FloodlightCamera,
        ]
        let missing = media.map(\.rawValue).filter { !named.contains($0) }
        #expect(missing.isEmpty, "\(missing)")
    }

    /// The example's ids are not the example home's or the appliances', so importing all three keeps every device.
    @Test func itsIdsAreNotTheOtherExamples() throws {
        let ids = try Self.devices(Self.text()).compactMap { $0["id"]?.stringValue }
        #expect(Set(ids).count == ids.count)
        for other in ["devices.json", "appliances.json"] {
            let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config(other).path))
            let theirs = Set(try DeviceFile.parse(Array(data)).users.flatMap(\.devices).map(\.id))
            #expect(theirs.isDisjoint(with: ids), "\(other)")
        }
    }

    @Test func itParsesAsADeviceFile() throws {
        let file = try DeviceFile.parse(Self.text())
        #expect(file.users.flatMap(\.devices).count == (try Self.devices(Self.text()).count))
    }
}
