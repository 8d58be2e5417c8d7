import Clocks
import HearthApp
import HearthFakes
import HearthTestSupport
import Logging
import MatterModel
import Registry
import RegistrySQLite
import Testing

/// `changes.retentionHours`: the change log is pruned at start and every hour, by the injected clock.
struct ChangeRetentionServiceTests {
    @Test func changesOlderThanTheRetentionArePrunedEachInterval() async throws {
        let clock = ManualClock()
        let store = try SQLiteRegistry.inMemory(clock: clock)
        let file = try DeviceFile.parse(
            #"{"users": [{"agentUserId": "u", "devices": [{"id": "p", "name": "P", "deviceType": "OnOffPlugInUnit"}]}]}"#
        )
        _ = try store.importDevices(file)
        #expect(try store.changeBounds() == ChangeBounds(latest: 2, prunedThrough: 0))
        let service = ChangeRetentionService(
            store: store,
            retention: .seconds(72 * 3600),
            clock: clock,
            logger: Logger(label: "retention") { _ in SwiftLogNoOpLogHandler() }
        )
        let task = Task { try await service.run() }
        defer { task.cancel() }
        // Pruned at start: nothing is old enough yet.
        await clock.waitForSleepers(atLeast: 1)
        #expect(try store.changeBounds().prunedThrough == 0)
        clock.advance(by: .seconds(71 * 3600))
        await clock.waitForSleepers(atLeast: 1)
        #expect(try store.changeBounds().prunedThrough == 0)
        clock.advance(by: .seconds(3600))
        await clock.waitForSleepers(atLeast: 1)
        #expect(try store.changeBounds().prunedThrough == 0)
        clock.advance(by: .seconds(3600))
        await clock.waitForSleepers(atLeast: 1)
        // The newest change is kept: it holds the latest cursor.
        #expect(try store.changeBounds() == ChangeBounds(latest: 2, prunedThrough: 1))
    }
}
