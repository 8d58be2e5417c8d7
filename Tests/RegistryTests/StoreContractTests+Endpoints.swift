import Foundation
import MatterModel
import Registry
import RegistryTestSupport
import Testing

/// ``DeviceStore`` with devices of several endpoints: stored and read back whole, changed endpoint by endpoint.
extension StoreContractTests {
    @Test(arguments: StoreFactory.allCases)
    func aComposedDeviceIsReadBackExactly(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.composed, Fixtures.lamp])]))
            #expect(try store.devices(forUser: "u") == [Fixtures.plug, Fixtures.composed, Fixtures.lamp])
            #expect(try store.devices(forUser: "u", ids: ["composed"]) == ["composed": Fixtures.composed])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func updatesPersistPerEndpoint(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.composed])]))
            try store.updateDevices(forUser: "u", ids: ["composed"]) { devices in
                devices["composed"]?.endpoints[2].clusters[.LevelControl]?["CurrentLevel"] = .int(42)
                devices["composed"]?.endpoints[1].online = true
                devices["composed"]?.endpoints[0].online = false
                // Not persisted: endpoint structure and identity belong to imports.
                devices["composed"]?.endpoints[0].deviceTypes = [.OnOffLight]
                devices["composed"]?.endpoints.append(Endpoint(deviceTypes: [.OnOffLight]))
            }
            var expected = Fixtures.composed
            expected.endpoints[2].clusters[.LevelControl]?["CurrentLevel"] = .int(42)
            expected.endpoints[1].online = true
            expected.endpoints[0].online = false
            let stored = try #require(try store.devices(forUser: "u").first)
            #expect(stored == expected)
            #expect(stored.connectivity == .partiallyOnline)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func reimportingWithFewerEndpointsLeavesNoneBehind(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.composed])]))
            var smaller = Fixtures.composed
            smaller.endpoints.removeLast(2)
            _ = try store.importDevices(Fixtures.file([("u", [smaller])]))
            #expect(try store.devices(forUser: "u") == [smaller])
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func aComposedDeviceSurvivesClosingAndReopening(factory: StoreFactory) throws {
        try withReopenedStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.composed])]))
            try store.updateDevices(forUser: "u", ids: ["composed"]) { devices in
                devices["composed"]?.endpoints[2].clusters[.OnOff]?["OnOff"] = .bool(true)
            }
        } read: { (reopened) throws in
            let device = try #require(try reopened.devices(forUser: "u").first)
            #expect(device.endpoints.count == 3)
            #expect(device.endpoints[2].clusters[.OnOff]?["OnOff"] == .bool(true))
            #expect(device.endpoints[1].online == false)
        }
    }
}
