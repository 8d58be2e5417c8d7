import Clocks
import MatterModel
import Testing

@testable import Registry

/// Text on every engine: anything but U+0000 comes back exactly (accents, emoji outside the BMP, control
/// characters), after the store is closed and opened again; a device holding U+0000 is refused whole, because SQLite
/// would keep only the text before it and PostgreSQL cannot hold it.
struct StoredTextStoreTests {
    static let kitchen = Device(
        id: "kueche",
        name: "Küche 💡",
        nicknames: ["Große Lampe", "\u{1}\u{1F}\u{7F}", "𝄞 ∑ 中文"],
        room: "Küche",
        structure: "Ferienhaus – Süd",
        deviceTypes: [.OnOffPlugInUnit],
        basicInformation: BasicInformation(vendorName: "Åcme", serialNumber: "№ 1"),
        clusters: [
            .OnOff: ClusterState(["OnOff": .bool(false)]),
            .PowerSource: ClusterState(["Description": .string("Akku ⚡")]),
        ]
    )

    @Test(arguments: StoreFactory.persistent)
    func nonASCIITextRoundTripsExactly(factory: StoreFactory) throws {
        try withReopenedStore(factory) { store in
            #expect(try store.createUser("u"))
            _ = try store.putDevice(Self.kitchen, forUser: "u") { _ in }
            let renamed = try store.renameDevice(forUser: "u", id: "kueche") { $0.name = "Flur 🚪" }
            #expect(renamed.name == "Flur 🚪")
        } read: { store in
            var expected = Self.kitchen
            expected.name = "Flur 🚪"
            let stored = try #require(try store.devices(forUser: "u").first)
            #expect(stored == expected)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aDeviceHoldingANULIsRefusedWhole(factory: StoreFactory) throws {
        try withStore(factory) { store in
            #expect(try store.createUser("u"))
            var nul = Self.kitchen
            nul.endpoints[0].clusters[.PowerSource]?["Description"] = .string("Akku\u{0}evil")
            let put = try #require(throws: RegistryError.self) { _ = try store.putDevice(nul, forUser: "u") { _ in } }
            #expect(put.code == .invalidDevice)
            #expect(put.message.contains("clusters.PowerSource.Description") && put.message.contains("U+0000"))
            nul = Self.kitchen
            nul.name = "Küche\u{0}"
            let file = DeviceFile(users: [UserDevices(agentUserId: "u", devices: [Self.kitchen, nul])])
            let imported = try #require(throws: RegistryError.self) { _ = try store.importDevices(file) }
            #expect(imported.code == .invalidDevice)
            #expect(imported.message.contains("field name"), "\(imported.message)")
            #expect(!imported.message.utf8.contains(0))
            #expect(try store.devices(forUser: "u").isEmpty, "nothing of the import was written")
        }
    }
}
