import Foundation
import Fulfillment
import HearthTestSupport
import MatterModel
import Testing

/// `Config/appliances.json`, the example appliances the device catalogue points users to: it parses, holds exactly
/// the kitchen and home-systems catalogues' devices (so the example and the tested catalogue cannot drift apart),
/// and has a device of every appliance type.
struct ApplianceExampleFileTests {
    static func file() throws -> DeviceFile {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("appliances.json").path))
        return try DeviceFile.parse(Array(data))
    }

    @Test func theExampleIsTheCatalogues() throws {
        let example = try Self.file()
        #expect(example.users.map(\.agentUserId) == ["demo-user"])
        let catalogues = try [KitchenCatalogue.deviceFile, HomeSystemsCatalogue.deviceFile].flatMap {
            try DeviceFile.parse($0).users.flatMap(\.devices)
        }
        #expect(example.users.first?.devices == catalogues)
    }

    @Test func everyApplianceTypeHasAnExample() throws {
        let covered = Set(try Self.file().users.flatMap(\.devices).flatMap { $0.endpoints.flatMap(\.deviceTypes) })
        let appliances: Set<DeviceType> = [
            .LaundryDryer, .Refrigerator, .TemperatureControlledCabinet, .Oven, .Cooktop, .CookSurface,
            .MicrowaveOven, .ExtractorHood, .WaterHeater, .HeatPump, .EnergyEVSE, .ModeSelect,
        ]
        #expect(appliances.subtracting(covered).isEmpty, "\(appliances.subtracting(covered))")
    }

    /// The example's ids are not the example home's, so importing both keeps every device.
    @Test func itsIdsAreNotTheExampleHomes() throws {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("devices.json").path))
        let home = Set(try DeviceFile.parse(Array(data)).users.flatMap(\.devices).map(\.id))
        let ids = try Self.file().users.flatMap(\.devices).map(\.id)
        #expect(home.isDisjoint(with: ids))
    }
}
