import Clocks
import MatterModel
import Registry
import RegistryTestSupport
import Synchronization
import Testing

/// ``OutboxStore``: what writers queue for HomeGraph, and the drain's side.
extension StoreContractTests {
    /// A doorbell that declares notifications.
    static let doorbell: Device = {
        var device = Device(id: "doorbell", name: "Doorbell", deviceTypes: [.OnOffPlugInUnit])
        device.notificationSupportedByAgent = true
        return device
    }()

    @Test(arguments: StoreFactory.allCases)
    func nothingIsQueuedWhileReportingIsOff(factory: StoreFactory) throws {
        try withStore(factory) { store in
            #expect(try store.isReportingEnabled() == false)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp, Self.doorbell])]))
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(false)
            }
            #expect(
                try store.recordEvent(DeviceEvent(name: .doorbellPress), forUser: "alice", device: "doorbell")
                    == false
            )
            #expect(try store.outboxCounts().isEmpty)
            #expect(try store.pendingOutbox() == [])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func writersQueueTheWorkTheirChangesOweInTheirTransaction(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.setReporting(enabled: true)
            #expect(try store.isReportingEnabled())
            // New devices: a Request Sync for the user and a report per device.
            _ = try store.importDevices(
                Fixtures.file([("alice", [Fixtures.lamp, Fixtures.plug]), ("bob", [Fixtures.lamp])])
            )
            #expect(try store.outboxCounts() == OutboxCounts(reports: 3, syncs: 2, events: 0))
            let pending = try store.pendingOutbox()
            #expect(pending.map(\.userId) == ["alice", "bob"])
            #expect(pending.allSatisfy { $0.reportSince != nil && $0.syncFirst != nil && $0.eventSince == nil })
            let work = try store.outboxWork(forUser: "alice")
            #expect(work.userId == "alice")
            #expect(work.unlinked == false)
            #expect(work.syncSeq != nil)
            #expect(work.reports.map(\.deviceId) == [Fixtures.plug.id, Fixtures.lamp.id].sorted())
            #expect(work.reports.compactMap(\.device) == [Fixtures.plug, Fixtures.lamp].sorted { $0.id < $1.id })
            // A refused update queues nothing; an update that changes nothing queues nothing.
            struct Refused: Error {}
            try store.completeOutbox(forUser: "alice", reports: work.reports, syncSeq: work.syncSeq, events: [])
            #expect(throws: Refused.self) {
                try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                    devices[Fixtures.lamp.id]?.setOnline(false)
                    throw Refused()
                }
            }
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { _ in }
            #expect(try store.outboxWork(forUser: "alice").reports.isEmpty)
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(false)
            }
            #expect(try store.outboxWork(forUser: "alice").reports.map(\.deviceId) == [Fixtures.lamp.id])
            #expect(try store.outboxWork(forUser: "bob").reports.map(\.deviceId) == [Fixtures.lamp.id])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func completionDeletesOnlyWhatDidNotChangeSinceItWasRead(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.setReporting(enabled: true)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp, Fixtures.plug])]))
            let work = try store.outboxWork(forUser: "alice")
            // The lamp changes while its report is in flight: its row stays for the next call.
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(false)
            }
            try store.completeOutbox(forUser: "alice", reports: work.reports, syncSeq: work.syncSeq, events: [])
            let after = try store.outboxWork(forUser: "alice")
            #expect(after.reports.map(\.deviceId) == [Fixtures.lamp.id])
            #expect(after.reports.first?.device?.connectivity == .offline)
            #expect(after.syncSeq == nil)
            // A Request Sync asked for again after it was read stays too.
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.kitchen])]))
            let syncSeq = try #require(try store.outboxWork(forUser: "alice").syncSeq)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.bare])]))
            try store.completeOutbox(forUser: "alice", reports: [], syncSeq: syncSeq, events: [])
            #expect(try store.outboxWork(forUser: "alice").syncSeq != nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func eventsAreQueuedForDevicesThatDeclareNotifications(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.setReporting(enabled: true)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp, Self.doorbell])]))
            let press = DeviceEvent(name: .doorbellPress)
            #expect(try store.recordEvent(press, forUser: "alice", device: "doorbell"))
            #expect(
                try store.recordEvent(DeviceEvent(name: .smokeAlarm, value: 2), forUser: "alice", device: "doorbell")
            )
            #expect(try store.recordEvent(press, forUser: "alice", device: Fixtures.lamp.id) == false)
            let unknown = #expect(throws: RegistryError.self) {
                try store.recordEvent(press, forUser: "bob", device: "doorbell")
            }
            #expect(unknown?.code == .invalidDevice)
            let events = try store.outboxWork(forUser: "alice").events
            #expect(events.map(\.event) == [press, DeviceEvent(name: .smokeAlarm, value: 2)])
            #expect(events.map(\.deviceId) == ["doorbell", "doorbell"])
            #expect(events[0].id < events[1].id)
            #expect(events[0].device == Self.doorbell)
            try store.completeOutbox(forUser: "alice", reports: [], syncSeq: nil, events: [events[0].id])
            #expect(try store.outboxWork(forUser: "alice").events.map(\.id) == [events[1].id])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func droppingOneUsersWorkLeavesTheOthersAndSwitchingOffEmptiesAll(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.setReporting(enabled: true)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp]), ("bob", [Fixtures.plug])]))
            try store.dropOutbox(forUser: "alice")
            #expect(try store.pendingOutbox().map(\.userId) == ["bob"])
            #expect(try store.outboxCounts() == OutboxCounts(reports: 1, syncs: 1, events: 0))
            try store.setReporting(enabled: false)
            #expect(try store.outboxCounts().isEmpty)
            #expect(try store.isReportingEnabled() == false)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func theObserverIsCalledAfterACommitThatQueuedWork(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let calls = Atomic<Int>(0)
            store.observeOutbox { calls.add(1, ordering: .relaxed) }
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp])]))
            #expect(calls.load(ordering: .relaxed) == 0, "reporting is off: nothing was queued")
            try store.setReporting(enabled: true)
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(false)
            }
            #expect(calls.load(ordering: .relaxed) == 1)
            store.observeOutbox(nil)
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(true)
            }
            #expect(calls.load(ordering: .relaxed) == 1)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aSyncIsRecordedForItsUserOnly(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp]), ("bob", [Fixtures.lamp])]))
            #expect(try store.outboxWork(forUser: "alice").lastSync == nil)
            try store.recordSync(forUser: "alice", now: now)
            #expect(try store.outboxWork(forUser: "alice").lastSync == now.seconds * 1000)
            #expect(try store.outboxWork(forUser: "bob").lastSync == nil)
        }
    }

    /// A user linked straight to the identity provider (`auth.externalTokens`) gets no token from Hearth when it
    /// links again after a DISCONNECT: Google's SYNC, which follows every linking, is what marks it linked.
    @Test(arguments: StoreFactory.allCases)
    func aSyncAfterADisconnectLinksTheUserAgain(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp])]))
            try store.recordSync(forUser: "alice", now: now)
            _ = try store.disconnect(user: "alice", clientId: nil)
            #expect(try store.outboxWork(forUser: "alice").unlinked)
            try store.recordSync(forUser: "alice", now: later(1))
            #expect(try store.outboxWork(forUser: "alice").unlinked == false)
            #expect(try store.outboxWork(forUser: "alice").lastSync == later(1).seconds * 1000)
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func queuedWorkAndTheUnlinkedMarkSurviveARestart(factory: StoreFactory) throws {
        try withReopenedStore(factory) { store in
            try store.setReporting(enabled: true)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp]), ("bob", [Fixtures.plug])]))
            _ = try store.disconnect(user: "bob", clientId: nil)
        } read: { (store) throws in
            #expect(try store.isReportingEnabled())
            #expect(try store.pendingOutbox().map(\.userId) == ["alice"])
            #expect(try store.outboxWork(forUser: "alice").reports.map(\.deviceId) == [Fixtures.lamp.id])
            #expect(try store.outboxWork(forUser: "bob").unlinked)
            _ = try store.importDevices(Fixtures.file([("bob", [Fixtures.kitchen])]))
            #expect(try store.outboxWork(forUser: "bob").reports.isEmpty)
        }
    }
}
