import GRDB
import MatterModel
import Registry
import RegistryTestSupport
import Testing

@testable import RegistrySQLite

struct DeviceEventTests {
    /// The outbox stores an event by its raw name: renaming a case must not change what is in a database.
    @Test func storedNamesAreStable() {
        #expect(
            DeviceEvent.Name.allCases.map(\.rawValue) == [
                "doorbell-press", "smoke-alarm", "co-alarm", "water-leak", "person-detected",
                "familiar-person-detected", "package-detected",
            ]
        )
        #expect(
            DeviceEvent.deviceSideEvents == [
                .doorbellPress, .personDetected, .familiarPersonDetected, .packageDetected,
            ]
        )
    }

    /// The outbox holds the raw names; a row another version wrote with a name this one does not know reads as no
    /// event (the drain drops it), the others as they were queued.
    @Test func theOutboxStoresRawNamesAndReadsUnknownOnesAsNoEvent() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path)
        var plug = Fixtures.plug
        plug.notificationSupportedByAgent = true
        _ = try store.importDevices(Fixtures.file([("u", [plug])]))
        try store.setReporting(enabled: true)
        #expect(try store.recordEvent(DeviceEvent(name: .doorbellPress), forUser: "u", device: plug.id))
        #expect(try store.recordEvent(DeviceEvent(name: .smokeAlarm, value: 2), forUser: "u", device: plug.id))
        try store.close()

        let queue = try DatabaseQueue(path: path)
        let stored = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM outbox_event ORDER BY id") }
        #expect(stored == ["doorbell-press", "smoke-alarm"])
        try queue.write {
            try $0.execute(sql: "UPDATE outbox_event SET name = 'future-event' WHERE name = 'doorbell-press'")
        }
        try queue.close()

        let reopened = try SQLiteRegistry(path: path)
        let events = try reopened.outboxWork(forUser: "u").events
        #expect(events.map(\.event) == [nil, DeviceEvent(name: .smokeAlarm, value: 2)])
        try reopened.close()
    }
}
