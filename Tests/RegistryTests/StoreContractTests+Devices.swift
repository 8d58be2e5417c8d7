import Clocks
import Foundation
import MatterModel
import Registry
import RegistryTestSupport
import Synchronization
import Testing

/// ``DeviceStore``: import, read, update; ``StoreHealth``.
extension StoreContractTests {
    // MARK: - Import and read

    @Test(arguments: StoreFactory.allCases)
    func importThenReadBackExactlyInOrder(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let devices = [Fixtures.kitchen, Fixtures.plug, Fixtures.bare, Fixtures.lamp]
            let summary = try store.importDevices(Fixtures.file([("demo-user", devices)]))
            #expect(summary == ImportSummary(users: 1, added: 4, updated: 0))
            #expect(try store.devices(forUser: "demo-user") == devices)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func upsertReplacesWholeDeviceAndKeepsOthers(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.kitchen, Fixtures.plug, Fixtures.lamp])]))
            var replacement = Fixtures.bare
            replacement.id = Fixtures.kitchen.id
            replacement.name = "Replaced"
            let newcomer = Fixtures.lights(1)[0]
            let summary = try store.importDevices(Fixtures.file([("u", [newcomer, replacement])]))
            #expect(summary == ImportSummary(users: 1, added: 1, updated: 1))
            // The replaced device keeps its place; the new one goes last; no attribute of the old one survives.
            #expect(try store.devices(forUser: "u") == [replacement, Fixtures.plug, Fixtures.lamp, newcomer])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func importOfTwoUsersKeepsThemSeparate(factory: StoreFactory) throws {
        try withStore(factory) { store in
            var aliceLamp = Fixtures.lamp
            aliceLamp.name = "Alice's lamp"
            var bobLamp = Fixtures.lamp
            bobLamp.name = "Bob's lamp"
            bobLamp.endpoints[0].clusters[.OnOff] = ClusterState(["OnOff": .bool(false)])
            let summary = try store.importDevices(
                Fixtures.file([("alice", [aliceLamp, Fixtures.plug]), ("bob", [bobLamp])])
            )
            #expect(summary == ImportSummary(users: 2, added: 3, updated: 0))
            #expect(try store.devices(forUser: "alice") == [aliceLamp, Fixtures.plug])
            #expect(try store.devices(forUser: "bob") == [bobLamp])
            #expect(try store.devices(forUser: "carol") == [])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func usersAreSorted(factory: StoreFactory) throws {
        try withStore(factory) { store in
            #expect(try store.users() == [])
            _ = try store.importDevices(
                Fixtures.file([("zed", [Fixtures.plug]), ("alice", [Fixtures.plug]), ("Bob", [Fixtures.lamp])])
            )
            #expect(try store.users() == ["Bob", "alice", "zed"])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func devicesByIdsOmitOtherUsersAndUnknownIds(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(
                Fixtures.file([("alice", [Fixtures.kitchen, Fixtures.plug, Fixtures.bare]), ("bob", [Fixtures.lamp])])
            )
            let found = try store.devices(
                forUser: "alice",
                ids: [Fixtures.kitchen.id, Fixtures.lamp.id, "nope", Fixtures.bare.id, Fixtures.kitchen.id]
            )
            #expect(found == [Fixtures.kitchen.id: Fixtures.kitchen, Fixtures.bare.id: Fixtures.bare])
            #expect(try store.devices(forUser: "alice", ids: []) == [:])
            #expect(try store.devices(forUser: "nobody", ids: [Fixtures.kitchen.id]) == [:])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func importWithAnInvalidDeviceWritesNothing(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug])]))
            var invalid = Fixtures.lamp
            invalid.endpoints[0].deviceTypes = []
            var changedPlug = Fixtures.plug
            changedPlug.name = "Changed"
            let error = #expect(throws: RegistryError.self) {
                try store.importDevices(
                    Fixtures.file([("alice", [changedPlug, Fixtures.kitchen]), ("bob", [Fixtures.bare, invalid])])
                )
            }
            #expect(error?.code == .invalidDevice)
            #expect(error?.message.contains("bob") == true)
            #expect(error?.message.contains(invalid.id) == true)
            #expect(try store.devices(forUser: "alice") == [Fixtures.plug])
            #expect(try store.users() == ["alice"])
        }
    }

    // MARK: - Updates

    @Test(arguments: StoreFactory.allCases)
    func updatePersistsStateAndConnectivity(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.kitchen, Fixtures.plug, Fixtures.lamp])]))
            let returned = try store.updateDevices(forUser: "u", ids: [Fixtures.kitchen.id, Fixtures.plug.id]) {
                devices in
                #expect(devices.keys.sorted() == [Fixtures.plug.id, Fixtures.kitchen.id].sorted())
                devices[Fixtures.kitchen.id]?.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(false)
                devices[Fixtures.kitchen.id]?.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] = .int(17)
                devices[Fixtures.kitchen.id]?.endpoints[0].clusters[.ColorControl]?["Label"] = .int(3)  // type change
                devices[Fixtures.plug.id]?.setOnline(true)
                return 42
            }
            #expect(returned == 42)
            var kitchen = Fixtures.kitchen
            kitchen.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(false)
            kitchen.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] = .int(17)
            kitchen.endpoints[0].clusters[.ColorControl]?["Label"] = .int(3)
            var plug = Fixtures.plug
            plug.setOnline(true)
            #expect(try store.devices(forUser: "u") == [kitchen, plug, Fixtures.lamp])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func updateAddsAndRemovesAttributesAndClusters(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.lamp])]))
            try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.endpoints[0].clusters[.LevelControl]?["MinLevel"] = nil
                devices[Fixtures.lamp.id]?.endpoints[0].clusters[.OnOff] = nil
                devices[Fixtures.lamp.id]?.endpoints[0].clusters[.ColorControl] = ClusterState(["ColorMode": .int(2)])
            }
            var expected = Fixtures.lamp
            expected.endpoints[0].clusters[.LevelControl]?["MinLevel"] = nil
            expected.endpoints[0].clusters[.OnOff] = nil
            expected.endpoints[0].clusters[.ColorControl] = ClusterState(["ColorMode": .int(2)])
            #expect(try store.devices(forUser: "u") == [expected])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func updateIgnoresIdentityAddedAndRemovedDevices(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.lamp, Fixtures.plug])]))
            try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id, Fixtures.plug.id, Fixtures.kitchen.id]) {
                devices in
                #expect(devices[Fixtures.kitchen.id] == nil)
                devices[Fixtures.lamp.id]?.name = "Renamed"
                devices[Fixtures.lamp.id]?.nicknames = ["x"]
                devices[Fixtures.plug.id] = nil
                devices[Fixtures.kitchen.id] = Fixtures.kitchen
            }
            #expect(try store.devices(forUser: "u") == [Fixtures.lamp, Fixtures.plug])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func throwingUpdateWritesNothing(factory: StoreFactory) throws {
        struct Refused: Error {}
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.kitchen, Fixtures.plug])]))
            #expect(throws: Refused.self) {
                try store.updateDevices(forUser: "u", ids: [Fixtures.kitchen.id, Fixtures.plug.id]) { devices in
                    devices[Fixtures.kitchen.id]?.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(false)
                    devices[Fixtures.plug.id]?.setOnline(true)
                    throw Refused()
                }
            }
            #expect(try store.devices(forUser: "u") == [Fixtures.kitchen, Fixtures.plug])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func updateOfAnotherUsersDeviceSeesNothing(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug]), ("bob", [Fixtures.lamp])]))
            let seen = try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices.count
            }
            #expect(seen == 0)
            #expect(try store.devices(forUser: "bob") == [Fixtures.lamp])
        }
    }

    /// Writers flip two attributes together in one transaction; readers on other threads must never fail and
    /// never see one without the other.
    @Test(arguments: StoreFactory.allCases)
    func concurrentReadsDuringWritesSeeWholeTransactions(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let lights = Fixtures.lights(10)
            let ids = lights.map(\.id)
            _ = try store.importDevices(Fixtures.file([("u", lights)]))
            let failures = Mutex<[String]>([])
            let reads = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 6) { worker in
                do {
                    if worker == 0 {
                        for round in 1...60 {
                            try store.updateDevices(forUser: "u", ids: ids) { devices in
                                for id in ids {
                                    devices[id]?.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] = .int(round)
                                    devices[id]?.endpoints[0].clusters[.LevelControl]?["MaxLevel"] = .int(round + 100)
                                }
                            }
                        }
                    } else {
                        for _ in 0..<60 {
                            let devices = Array(try store.devices(forUser: "u", ids: ids).values)
                            let all = try store.devices(forUser: "u")
                            for device in devices + all {
                                let level = device.endpoints[0].clusters[.LevelControl]
                                guard let current = level?.int("CurrentLevel"), let max = level?.int("MaxLevel"),
                                    current == 100 && max == 254 || max == current + 100
                                else {
                                    failures.withLock { $0.append("torn read: \(String(describing: level))") }
                                    return
                                }
                            }
                            reads.add(1, ordering: .relaxed)
                        }
                    }
                } catch {
                    failures.withLock { $0.append("worker \(worker): \(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(reads.load(ordering: .relaxed) == 5 * 60)
            let final = try store.devices(forUser: "u")
            #expect(final.allSatisfy { $0.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(60) })
        }
    }

    // MARK: - Emptiness and health

    @Test(arguments: StoreFactory.allCases)
    func isEmptyUntilAUserExists(factory: StoreFactory) throws {
        // A registry with a user (even one without devices, e.g. created by issuing a token) is not empty:
        // `serve` must not seed the example home next to it.
        try withStore(factory) { store in
            #expect(try store.isEmpty())
            _ = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            #expect(try store.isEmpty() == false)
            #expect(try store.users() == ["alice"])
        }
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("bob", [Fixtures.plug])]))
            #expect(try store.isEmpty() == false)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func checkHealthPassesOnAWorkingStore(factory: StoreFactory) throws {
        try withStore(factory) { store in
            #expect(throws: Never.self) { try store.checkHealth() }
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug])]))
            #expect(throws: Never.self) { try store.checkHealth() }
        }
    }
}
