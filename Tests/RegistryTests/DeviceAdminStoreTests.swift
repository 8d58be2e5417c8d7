import Clocks
import Foundation
import JSON
import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry

/// The device backend's writes, on every backend (SQLite, PostgreSQL): each commits its change-log rows and its HomeGraph outbox work
/// with it, and a refused batch writes neither.
struct DeviceAdminStoreTests {
    /// The change log as (kind, user, device, data) rows, in cursor order.
    private func changes(_ store: any ChangeStore) throws -> [(String, String, String?, NSDictionary)] {
        try store.changes(after: 0, limit: 10_000, users: nil, kinds: nil).map { change in
            let bytes = JSONWriter.bytes(.object(change.record.data))
            let data = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
            return (change.record.kind.rawValue, change.record.agentUserId, change.record.deviceId, data ?? [:])
        }
    }

    private func openStore(_ factory: StoreFactory, _ directory: ScratchDirectory) throws -> any ServingStore {
        let store = try factory.open(in: directory)
        try store.setReporting(enabled: true)
        return store
    }

    @Test(arguments: StoreFactory.allCases)
    func userAndDeviceWritesAreLoggedWithTheirOutboxWork(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try openStore(factory, directory)
        defer { try? store.close() }
        #expect(try store.createUser("u"))
        #expect(try !store.createUser("u"))
        var storedBefore: Device?? = .none
        let added = try store.putDevice(Fixtures.plug, forUser: "u") { storedBefore = .some($0) }
        #expect(added)
        #expect(storedBefore == .some(nil), "the precondition sees no stored device")
        #expect(try store.outboxWork(forUser: "u").syncSeq != nil)
        #expect(try store.outboxWork(forUser: "u").reports.map(\.deviceId) == [Fixtures.plug.id])
        var renamed = Fixtures.plug
        renamed.name = "Plug by the desk"
        let stored = try store.renameDevice(forUser: "u", id: Fixtures.plug.id) { $0.name = "Plug by the desk" }
        #expect(stored == renamed)
        #expect(try store.removeDevice(forUser: "u", id: Fixtures.plug.id) { _ in })
        #expect(try store.outboxWork(forUser: "u").reports.isEmpty, "the removed device's report is dropped")
        #expect(try store.outboxWork(forUser: "u").syncSeq != nil)
        #expect(try store.devices(forUser: "u").isEmpty)
        #expect(try store.removeUser("u"))
        #expect(try store.outboxWork(forUser: "u").syncSeq == nil, "a removed user's work is dropped")
        #expect(try store.devicesWithGeneration(forUser: "u") == nil)
        let log = try changes(store)
        #expect(log.map(\.0) == ["user", "device", "device", "device", "user"])
        #expect(
            log.map { $0.3["change"] as? String } == ["created", "added", "renamed", "removed", "removed"]
        )
        #expect(log[1].2 == Fixtures.plug.id)
        #expect((log[2].3["device"] as? NSDictionary)?["name"] as? String == "Plug by the desk")
    }

    @Test(arguments: StoreFactory.allCases)
    func stateIsLoggedPerEndpointByTheAPIAndQueuesAReport(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try openStore(factory, directory)
        defer { try? store.close() }
        _ = try store.createUser("u")
        _ = try store.putDevice(Fixtures.plug, forUser: "u") { _ in }
        let work = try store.outboxWork(forUser: "u")
        try store.completeOutbox(forUser: "u", reports: work.reports, syncSeq: work.syncSeq, events: [])
        let change = try DeviceStateChange.parse("OnOff.OnOff=true")
        let devices = try store.applyState([
            DeviceStateUpdate(agentUserId: "u", deviceId: Fixtures.plug.id, changes: [change], online: true)
        ])
        #expect(devices.first?.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(try store.outboxWork(forUser: "u").reports.map(\.deviceId) == [Fixtures.plug.id])
        let state = try #require(try changes(store).last)
        #expect(state.0 == "state")
        #expect(state.3["by"] as? String == "api")
        #expect(state.3["endpoint"] as? Int == 1)
        #expect(state.3["online"] as? Bool == true, "the plug was offline")
        let clusters = state.3["clusters"] as? NSDictionary
        #expect((clusters?["OnOff"] as? NSDictionary)?["OnOff"] as? Bool == true)
    }

    @Test(arguments: StoreFactory.allCases)
    func aRefusedBatchWritesNothing(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try openStore(factory, directory)
        defer { try? store.close() }
        _ = try store.createUser("u")
        _ = try store.putDevice(Fixtures.plug, forUser: "u") { _ in }
        let before = try store.devices(forUser: "u")
        let logged = try changes(store).count
        let on = try DeviceStateChange.parse("OnOff.OnOff=true")
        let level = try DeviceStateChange.parse("LevelControl.CurrentLevel=5")
        #expect {
            _ = try store.applyState([
                DeviceStateUpdate(agentUserId: "u", deviceId: Fixtures.plug.id, changes: [on]),
                DeviceStateUpdate(agentUserId: "u", deviceId: Fixtures.plug.id, changes: [level]),
            ])
        } throws: { error in
            (error as? DeviceStateUpdateError)?.index == 1
        }
        #expect(try store.devices(forUser: "u") == before)
        #expect(try changes(store).count == logged)
    }
}
