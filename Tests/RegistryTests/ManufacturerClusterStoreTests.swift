import HearthTestSupport
import JSON
import MatterModel
import Registry
import RegistryTestSupport
import Testing

@testable import RegistryPostgreSQL
@testable import RegistrySQLite

/// Manufacturer clusters in the registry ("v13: manufacturer clusters"), on each engine: a device file's
/// declarations are stored with its devices, read back after reopening, replaced only while no stored device uses
/// them, and carried by `hearth db copy`.
///
/// The catalog is process-wide and the engines' tests run in parallel: each engine's test uses ids and names of its
/// own (``probe(_:_:)``).
struct ManufacturerClusterStoreTests {
    /// A declaration for `factory`'s test: id `0xFFF2FCxx` and a name unique to the factory and `tag`.
    static func probe(_ factory: StoreFactory, _ tag: Int, attributes: String = percent) -> String {
        let suffix = (StoreFactory.allCases.firstIndex(of: factory) ?? 9) * 16 + tag
        let id = ManufacturerCluster.hex(0xFFF2_FC00 + suffix)
        return #"{"id": "\#(id)", "name": "\#(name(factory, tag))", "attributes": [\#(attributes)]}"#
    }

    static func name(_ factory: StoreFactory, _ tag: Int) -> String {
        "StoreProbe\(factory.rawValue.prefix(1).uppercased())\(factory.rawValue.dropFirst())\(tag)"
    }

    static let percent =
        #"{"id": 0, "name": "FilterLifePercent", "type": "percent", "mandatory": true, "default": 100}"#
    static let flag = #"{"id": 1, "name": "Clogged", "type": "bool", "mandatory": true, "default": false}"#

    static func file(declarations: [String], devices: [String]) throws -> DeviceFile {
        try DeviceFile.parse(
            """
            {"manufacturerClusters": [\(declarations.joined(separator: ","))],
             "users": [{"agentUserId": "u", "devices": [\(devices.joined(separator: ","))]}]}
            """
        )
    }

    static func lamp(_ cluster: String, id: String = "lamp") -> String {
        #"{"id": "\#(id)", "name": "Lamp", "deviceTypes": ["DimmableLight"], "clusters": "#
            + #"{"\#(cluster)": {"FilterLifePercent": 40}}}"#
    }

    static let plain = #"{"id": "plain", "name": "Plain", "deviceTypes": ["OnOffLight"]}"#

    static func stored(_ store: any ServingStore) throws -> [ManufacturerCluster] {
        switch store {
        case let sqlite as SQLiteRegistry: return try sqlite.manufacturerClusters()
        case let postgres as PostgreSQLRegistry: return try postgres.manufacturerClusters()
        default: throw TestFailure("no manufacturer clusters for \(type(of: store))")
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func declarationsAreStoredAndReadBackAfterReopening(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try factory.open(in: directory)
        let name = Self.name(factory, 1)
        let file = try Self.file(declarations: [Self.probe(factory, 1)], devices: [Self.lamp(name)])
        _ = try store.importDevices(file)
        let written = try store.devices(forUser: "u")
        #expect(written == file.users[0].devices)
        try factory.close(store)

        let reopened = try factory.open(in: directory)
        #expect(try Self.stored(reopened) == file.manufacturerClusters)
        let lamp = try #require(try reopened.devices(forUser: "u").first)
        let cluster = try #require(ClusterID(rawValue: name))
        #expect(cluster.matterID == file.manufacturerClusters[0].id)
        #expect(lamp.endpoints[0].clusters[cluster]?["FilterLifePercent"] == .int(40))
        #expect(lamp == written[0])
        // Importing the same declaration again changes nothing.
        _ = try reopened.importDevices(file)
        #expect(try Self.stored(reopened) == file.manufacturerClusters)
        try factory.close(reopened)
    }

    @Test(arguments: StoreFactory.allCases)
    func aDeclarationIsReplacedOnlyWhileNoStoredDeviceUsesIt(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try factory.open(in: directory)
        defer { try? factory.close(store) }
        // Unused: a different declaration under the same id replaces it.
        let unused = Self.probe(factory, 2)
        _ = try store.importDevices(try Self.file(declarations: [unused], devices: [Self.plain]))
        let changed = try Self.file(
            declarations: [Self.probe(factory, 2, attributes: Self.percent + "," + Self.flag)],
            devices: [Self.plain]
        )
        _ = try store.importDevices(changed)
        #expect(
            try Self.stored(store).filter { $0.id == changed.manufacturerClusters[0].id }
                == changed.manufacturerClusters
        )

        // Used by a stored device: refused, naming the cluster and the device; nothing of that import is kept.
        let used = Self.probe(factory, 3)
        let name = Self.name(factory, 3)
        let withDevice = try Self.file(declarations: [used], devices: [Self.lamp(name, id: "user-of-3")])
        _ = try store.importDevices(withDevice)
        let replacement = try Self.file(
            declarations: [Self.probe(factory, 3, attributes: Self.percent + "," + Self.flag)],
            devices: [Self.plain]
        )
        let error = #expect(throws: RegistryError.self) { try store.importDevices(replacement) }
        #expect(error?.code == .conflict)
        #expect(error?.message.contains(name) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("user-of-3") == true, "\(error?.message ?? "")")
        #expect(try Self.stored(store).filter { $0.name == name } == withDevice.manufacturerClusters)
        // The catalog keeps the stored declaration, and the device still reads.
        #expect(ClusterID(rawValue: name)?.definition == withDevice.manufacturerClusters[0].definition)
        #expect(try store.devices(forUser: "u").contains { $0.id == "user-of-3" })
    }

    /// SQLite → SQLite, and SQLite → PostgreSQL when the tests have a cluster: the table is copied row for row, and
    /// the copy reads its devices.
    /// A declaration this process knows but the registry never stored (from an import that failed, say) is not
    /// enough to write a device: another process could not name its cluster.
    @Test(arguments: StoreFactory.allCases)
    func aDeviceWithAnUnstoredDeclarationIsRefused(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try factory.open(in: directory)
        defer { try? factory.close(store) }
        let name = Self.name(factory, 7)
        let declaration = try ManufacturerCluster.parse(
            try JSONParser.parse(Self.probe(factory, 7)),
            field: "manufacturerClusters[0]"
        )
        ManufacturerClusterCatalog.install([declaration])
        let file = try Self.file(declarations: [], devices: [Self.lamp(name)])
        let error = try #require(throws: RegistryError.self) { try store.importDevices(file) }
        #expect(error.code == .invalidDevice)
        #expect(error.message.contains("is not declared in this registry"), "\(error.message)")
        #expect(try store.devices(forUser: "u").isEmpty)
    }

    @Test func theCopyCarriesTheDeclarations() throws {
        let directory = try ScratchDirectory()
        let first = try SQLiteRegistry(path: directory.path("first.sqlite"))
        defer { try? first.close() }
        let name = Self.name(.sqliteFile, 5)
        let file = try Self.file(declarations: [Self.probe(.sqliteFile, 5)], devices: [Self.lamp(name)])
        _ = try first.importDevices(file)
        let original = try RegistryCopyTests.tables(first)
        #expect(original["manufacturer_cluster"]?.count == 1)

        let second = try SQLiteRegistry(path: directory.path("second.sqlite"))
        defer { try? second.close() }
        _ = try RegistryCopy.copy(from: first, to: second)
        #expect(try RegistryCopyTests.tables(second) == original)
        #expect(try second.manufacturerClusters() == file.manufacturerClusters)
        #expect(try second.devices(forUser: "u") == file.users[0].devices)

        guard PostgreSQLCluster.testsEnabled else { return }
        let postgres = try PostgreSQLRegistry(url: PostgreSQLCluster.start().createDatabase())
        defer { postgres.close() }
        _ = try RegistryCopy.copy(from: first, to: postgres)
        let copied = try RegistryCopyTests.tables(postgres)
        #expect(copied == original, "\(RegistryCopyTests.differences(copied, original))")
        #expect(try postgres.manufacturerClusters() == file.manufacturerClusters)
        #expect(try postgres.devices(forUser: "u") == file.users[0].devices)
    }
}
