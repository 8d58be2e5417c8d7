import HearthTestSupport
import JSON
import MatterModel
import Registry
import RegistryTestSupport
import Testing

/// A declaration's `googleTrait` and `googleType` survive the registry on every persistent engine (SQLite in a file;
/// PostgreSQL where this machine runs it): they are fields of the stored canonical JSON, so no table changes.
///
/// Each engine uses an id and a name of its own: the catalog is process-wide and the engines' tests run in parallel.
struct ManufacturerTraitStoreTests {
    static func file(_ factory: StoreFactory) throws -> DeviceFile {
        let suffix = (StoreFactory.allCases.firstIndex(of: factory) ?? 9) + 0x40
        let id = ManufacturerCluster.hex(0xFFF3_FC00 + suffix)
        let name = "StoredPanel\(suffix)"
        return try DeviceFile.parse(
            """
            {"manufacturerClusters": [{"id": "\(id)", "name": "\(name)", "googleTrait": "ArmDisarm",
               "googleType": "SECURITYSYSTEM", "attributes": [
                 {"id": 0, "name": "Armed", "type": "bool", "mandatory": true, "default": false}]}],
             "users": [{"agentUserId": "u", "devices": [
               {"id": "panel", "name": "Panel", "deviceTypes": ["Aggregator"], "clusters": {"\(name)": {"Armed": true}}}]}]}
            """
        )
    }

    @Test(arguments: StoreFactory.persistent)
    func traitAndTypeAreStoredAndReadBack(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try factory.open(in: directory)
        let file = try Self.file(factory)
        _ = try store.importDevices(file)
        try factory.close(store)

        let reopened = try factory.open(in: directory)
        let stored = try ManufacturerClusterStoreTests.stored(reopened)
        #expect(stored == file.manufacturerClusters)
        #expect(stored.first?.googleTrait == "ArmDisarm")
        #expect(stored.first?.googleType == "SECURITYSYSTEM")
        let panel = try #require(try reopened.devices(forUser: "u").first)
        #expect(panel == file.users[0].devices[0])
        try factory.close(reopened)
    }
}
