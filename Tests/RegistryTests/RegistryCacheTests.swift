import Clocks
import Foundation
import GRDB
import HearthFakes
import HearthTestSupport
import MatterModel
import RegistryTestSupport
import Synchronization
import Testing

@testable import Registry
@testable import RegistrySQLite

/// The SQLite store's read cache must never serve something another writer has changed: two stores on one
/// file stand in for `hearth serve` and a CLI command, and a raw GRDB connection for a `sqlite3` shell.
struct RegistryCacheTests {
    @Test func anotherProcessesWriteIsSeenByTheNextRead() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let server = try SQLiteRegistry(path: path, revalidationInterval: .zero)
        let cli = try SQLiteRegistry(path: path)
        _ = try server.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        #expect(try server.devices(forUser: "u", ids: [Fixtures.plug.id]).count == 1)  // now cached
        var renamed = Fixtures.plug
        renamed.name = "Renamed by the CLI"
        _ = try cli.importDevices(Fixtures.file([("u", [renamed, Fixtures.lamp])]))
        #expect(try server.devices(forUser: "u").map(\.name) == ["Renamed by the CLI", Fixtures.lamp.name])
        try server.close()
        try cli.close()
    }

    @Test func aRawSQLWriteIsSeenToo() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path, revalidationInterval: .zero)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        _ = try store.devices(forUser: "u")
        let shell = try DatabaseQueue(path: path)
        try shell.write { db in
            try db.execute(sql: "UPDATE endpoint SET online = 0 WHERE deviceId = ?", arguments: [Fixtures.plug.id])
        }
        try shell.close()
        #expect(try store.devices(forUser: "u").first?.online == false)
        try store.close()
    }

    @Test func revocationByAnotherProcessTakesEffectAtOnce() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let server = try SQLiteRegistry(path: path, revalidationInterval: .zero)
        let cli = try SQLiteRegistry(path: path)
        _ = try server.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        let now = UnixTime(seconds: 1_000)
        let token = try cli.issueToken(forUser: "u", ttl: nil, now: now)
        #expect(try server.authenticate(token: token, now: now) == "u")  // now cached
        #expect(try cli.revokeTokens(forUser: "u") == 1)
        #expect(try server.authenticate(token: token, now: now) == nil)
        try server.close()
        try cli.close()
    }

    @Test func updatesKeepTheCacheExactAndAFailedUpdateLeavesNoTrace() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let store = try SQLiteRegistry(path: path)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        _ = try store.devices(forUser: "u")
        try store.updateDevices(forUser: "u", ids: [Fixtures.plug.id]) { devices in
            devices[Fixtures.plug.id]?.setOnline(false)
        }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.updateDevices(forUser: "u", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.setOnline(false)
                throw Refused()
            }
        }
        let cached = try store.devices(forUser: "u")
        try store.close()
        let reopened = try SQLiteRegistry(path: path)
        #expect(try reopened.devices(forUser: "u") == cached, "what the cache serves is what is on disk")
        #expect(cached.map(\.online) == [false, true])
        try reopened.close()
    }

    @Test func anotherProcessesWriteShowsWithinTheRevalidationInterval() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        // The server's revalidation interval runs on a clock the test advances: no sleeping, and "within the
        // interval" is exact.
        let clock = ManualClock()
        let server = try SQLiteRegistry(
            path: path,
            revalidationInterval: .milliseconds(300),
            clock: clock
        )
        let cli = try SQLiteRegistry(path: path)
        _ = try server.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        let first = try server.snapshot(forUser: "u")
        #expect(first.devices.map(\.id) == [Fixtures.plug.id])
        _ = try cli.importDevices(Fixtures.file([("u", [Fixtures.lamp])]))
        // Within the interval the verified counter is trusted: the read is the cached one, without the CLI's lamp.
        clock.advance(by: .milliseconds(300))
        let soon = try server.snapshot(forUser: "u")
        #expect(soon.revision == first.revision, "within the interval the cache is served")
        #expect(soon.devices.map(\.id) == [Fixtures.plug.id])
        // Past the interval the counter is read again and the CLI's write shows.
        clock.advance(by: .milliseconds(1))
        let later = try server.snapshot(forUser: "u")
        #expect(later.devices.map(\.id) == [Fixtures.plug.id, Fixtures.lamp.id])
        #expect(later.revision != first.revision)
        try server.close()
        try cli.close()
    }

    @Test func writesOfThisProcessAreSeenAtOnceWhateverTheInterval() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"), revalidationInterval: .seconds(3600))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        let before = try store.snapshot(forUser: "u")
        let wasOnline = try #require(before.devices.first).online
        try store.updateDevices(forUser: "u", ids: [Fixtures.plug.id]) { $0[Fixtures.plug.id]?.setOnline(!wasOnline) }
        let after = try store.snapshot(forUser: "u")
        #expect(after.devices.first?.online == !wasOnline)
        #expect(after.revision != before.revision)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.lamp])]))
        #expect(try store.devices(forUser: "u").count == 2)
        let token = try store.issueToken(forUser: "u", ttl: nil, now: .init(seconds: 0))
        #expect(try store.authenticate(token: token, now: .init(seconds: 1)) == "u")
        _ = try store.revokeTokens(forUser: "u")
        #expect(try store.authenticate(token: token, now: .init(seconds: 1)) == nil)
        try store.close()
    }

    /// Where the engine counts per user (PostgreSQL), each user's devices belong to the user's own counter: a commit
    /// for one user moves only that user's snapshot, another user's counter moving drops only that user's, and the
    /// fleet counter moving drops every user's.
    @Test func perUserCountersKeepOtherUsersDevices() {
        let clock = ManualClock()
        var cache = RegistryCache(countsPerUser: true)
        let start = clock.now
        let a = RegistryCounters(fleet: 1, user: 5)
        let b = RegistryCounters(fleet: 1, user: 9)
        _ = cache.store(devices: [Fixtures.plug], forUser: "a", at: a, now: start)
        _ = cache.store(devices: [Fixtures.lamp], forUser: "b", at: b, now: start)

        var plug = Fixtures.plug
        plug.setOnline(false)
        let movedA = RegistryCounters(fleet: 1, user: 6)
        cache.apply(changed: [plug], ofUser: "a", from: a, to: movedA, now: start)
        #expect(cache.snapshot(forUser: "a", at: movedA)?.devices == [plug])
        #expect(cache.snapshot(forUser: "a", at: a) == nil)
        #expect(cache.snapshot(forUser: "b", at: b)?.devices == [Fixtures.lamp])
        #expect(cache.freshCounters(forUser: "b", now: start, interval: .zero) == b)

        // Another process wrote b: verifying b's new counter drops b alone.
        clock.advance(by: .milliseconds(5))
        cache.verified(RegistryCounters(fleet: 1, user: 10), forUser: "b", at: clock.now)
        #expect(cache.snapshot(forUser: "b", at: RegistryCounters(fleet: 1, user: 10)) == nil)
        #expect(cache.snapshot(forUser: "a", at: movedA) != nil)
        #expect(cache.freshCounters(forUser: "a", now: clock.now, interval: .milliseconds(1)) == nil, "not re-verified")

        // A manufacturer cluster moved the fleet counter: nothing cached stays.
        cache.verified(RegistryCounters(fleet: 2, user: 6), forUser: "a", at: clock.now)
        #expect(cache.snapshot(forUser: "a", at: RegistryCounters(fleet: 2, user: 6)) == nil)
    }
}
