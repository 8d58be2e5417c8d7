import Clocks
import Dispatch
import HearthTestSupport
import JSON
import MatterModel
import PostgreSQL
import RegistryTestSupport
import Synchronization
import Testing

@testable import Registry
@testable import RegistryPostgreSQL

/// Writes lock per user on PostgreSQL, the change log comes in commit order without a fleet-wide lock, and caches are
/// per user. Each test holds one transaction open on a thread of its own (``Held``) and shows what another instance
/// can and cannot do meanwhile, awaiting the lock waits PostgreSQL reports rather than sleeping.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLRegistryWriteScopeTests {
    private func database() throws -> String {
        try PostgreSQLCluster.start().createDatabase()
    }

    /// A write transaction of `store` in `scope`, running `body` and then held open until ``end()``.
    private final class Held: Sendable {
        private let started = DispatchSemaphore(value: 0)
        private let release = DispatchSemaphore(value: 0)
        private let group = DispatchGroup()

        init(
            _ store: PostgreSQLRegistry,
            _ scope: WriteScope,
            _ body: @escaping @Sendable (PostgreSQLConnection) throws -> Void
        ) {
            DispatchQueue.global().async(group: group) { [started, release] in
                _ = try? store.write(scope) { c in
                    try body(c)
                    started.signal()
                    release.wait()
                }
            }
            started.wait()
        }

        /// Commits the held transaction and waits until it has.
        func end() {
            release.signal()
            group.wait()
        }
    }

    /// Work on a thread of its own, and whether it has finished.
    private final class Background: Sendable {
        private let group = DispatchGroup()
        private let finished = Mutex(false)

        init(_ work: @escaping @Sendable () throws -> Void) {
            DispatchQueue.global().async(group: group) {
                try? work()
                self.finished.withLock { $0 = true }
            }
        }

        var isFinished: Bool { finished.withLock { $0 } }

        func wait() {
            group.wait()
        }
    }

    /// Awaits a lock wait in the database (a lock PostgreSQL reports as not granted), or `work` finishing without
    /// one; whether there was a wait.
    private func awaitLockWait(_ url: String, or work: Background) throws -> Bool {
        let watcher = try PostgreSQLPool(url: url, size: 1)
        defer { watcher.close() }
        while !work.isFinished {
            if try watcher.query("SELECT count(*) FROM pg_locks WHERE NOT granted").first?.int(0) ?? 0 > 0 {
                return true
            }
        }
        return false
    }

    private static func record(_ user: String, _ n: Int) -> ChangeRecord {
        ChangeRecord(kind: .user, agentUserId: user, data: JSONObject([("n", .int(n))]))
    }

    private static func append(_ c: PostgreSQLConnection, _ user: String, _ n: Int, occurred: Int64) throws {
        try PostgreSQLRegistry.recordChange(PostgreSQLRegistryConnection(c), record(user, n), occurred: occurred)
    }

    @Test(.timeLimit(.minutes(1))) func aWriteOfAnotherUserCommitsWhileOneIsOpen() throws {
        let url = try database()
        let first = try PostgreSQLRegistry(url: url)
        let second = try PostgreSQLRegistry(url: url, revalidationInterval: .zero)
        _ = try first.importDevices(Fixtures.file([("a", [Fixtures.kitchen]), ("b", [Fixtures.kitchen])]))
        let held = Held(first, .user("a")) { c in
            try c.query("UPDATE endpoint SET online = FALSE WHERE userId = 'a'")
        }
        // Would wait for `held` (and the time limit would fail the test) if writes were serialized fleet-wide.
        try second.updateDevices(forUser: "b", ids: [Fixtures.kitchen.id]) { $0[Fixtures.kitchen.id]?.setOnline(false) }
        #expect(try second.devices(forUser: "b").first?.online == false)
        #expect(try second.devices(forUser: "a").first?.online == true, "a's write is not committed yet")
        held.end()
        #expect(try second.devices(forUser: "a").first?.online == false)
    }

    @Test(.timeLimit(.minutes(1))) func aWriteOfTheSameUserWaitsForTheOpenOne() throws {
        let url = try database()
        let first = try PostgreSQLRegistry(url: url)
        let second = try PostgreSQLRegistry(url: url)
        _ = try first.importDevices(Fixtures.file([("a", [Fixtures.kitchen])]))
        let held = Held(first, .user("a")) { c in
            try c.query("UPDATE device SET name = 'Held' WHERE userId = 'a'")
        }
        let write = Background {
            try second.updateDevices(forUser: "a", ids: [Fixtures.kitchen.id]) { devices in
                devices[Fixtures.kitchen.id]?.setOnline(false)
            }
        }
        #expect(try awaitLockWait(url, or: write), "the second write of user a did not wait for the first")
        #expect(!write.isFinished)
        held.end()
        write.wait()
        let device = try #require(try second.devices(forUser: "a").first)
        #expect(device.name == "Held")
        #expect(device.online == false)
    }

    /// A change committed by a later transaction while an earlier one is still open is not readable until the earlier
    /// ends; then both come, in transaction order, with no gap and no duplicate.
    @Test(.timeLimit(.minutes(1))) func aLaterCommitWaitsForAnEarlierOpenTransaction() throws {
        let url = try database()
        let first = try PostgreSQLRegistry(url: url)
        let second = try PostgreSQLRegistry(url: url)
        let reader = try PostgreSQLRegistry(url: url)
        _ = try first.createUser("a")
        let start = try reader.changeBounds().latest
        let held = Held(first, .user("a")) { c in
            try Self.append(c, "a", 1, occurred: 1)
            try Self.append(c, "a", 2, occurred: 1)
        }
        #expect(try second.createUser("b"))
        #expect(try reader.changes(after: start, limit: 10, users: nil, kinds: nil).isEmpty)
        #expect(try reader.changeBounds().latest == start)
        held.end()

        let changes = try reader.changes(after: start, limit: 10, users: nil, kinds: nil)
        #expect(changes.map(\.record.agentUserId) == ["a", "a", "b"])
        #expect(changes.map { $0.record.data["n"]?.intValue } == [1, 2, nil])
        #expect(changes.map(\.cursor) == changes.map(\.cursor).sorted())
        #expect(Set(changes.map(\.cursor)).count == 3)
        // One transaction's changes have consecutive positions; the next transaction's start a new block.
        #expect(changes[1].cursor == changes[0].cursor + 1)
        #expect(changes[2].cursor > changes[1].cursor + 1)
        #expect(try reader.changeBounds().latest == changes[2].cursor)
        // Resuming from each cursor gives exactly the rest.
        for (index, change) in changes.enumerated() {
            let rest = try reader.changes(after: change.cursor, limit: 10, users: nil, kinds: nil)
            #expect(rest.map(\.cursor) == changes.dropFirst(index + 1).map(\.cursor))
        }
    }

    @Test func pruningRemovesWholeTransactionsAndKeepsTheNewest() throws {
        let url = try database()
        let store = try PostgreSQLRegistry(url: url)
        try store.write(.user("a")) { c in try Self.append(c, "a", 1, occurred: 1) }
        try store.write(.user("a")) { c in
            try Self.append(c, "a", 2, occurred: 1)
            try Self.append(c, "a", 3, occurred: 100)
        }
        try store.write(.user("a")) { c in try Self.append(c, "a", 4, occurred: 100) }
        let all = try store.changes(after: 0, limit: 10, users: nil, kinds: nil)
        #expect(all.count == 4)

        // The second transaction has a change young enough to keep: it stays whole, its old change included.
        #expect(try store.pruneChanges(occurredBefore: 50) == 1)
        let kept = try store.changes(after: 0, limit: 10, users: nil, kinds: nil)
        #expect(kept.map(\.cursor) == all.dropFirst().map(\.cursor), "positions do not shift")
        let bounds = try store.changeBounds()
        #expect(bounds.latest == all[3].cursor)
        // Resumable from the last pruned change on: nothing after it is gone.
        #expect(bounds.prunedThrough == all[0].cursor)
        #expect(bounds.canResume(after: all[0].cursor))
        #expect(!bounds.canResume(after: all[0].cursor - 1))

        // Everything is old: all but the newest transaction goes.
        #expect(try store.pruneChanges(occurredBefore: 1_000) == 2)
        #expect(try store.changes(after: 0, limit: 10, users: nil, kinds: nil).map(\.cursor) == [all[3].cursor])
        #expect(try store.changeBounds().latest == all[3].cursor)
    }

    /// Another instance's write for user a leaves b's cached devices valid: b's counter did not move, so the next
    /// read of b is served from the cache after one probe.
    @Test func aWriteForOneUserLeavesAnotherUsersCacheValid() throws {
        let url = try database()
        let writer = try PostgreSQLRegistry(url: url)
        let cached = try PostgreSQLRegistry(url: url, revalidationInterval: .zero)
        _ = try writer.importDevices(Fixtures.file([("a", [Fixtures.kitchen]), ("b", [Fixtures.kitchen])]))
        _ = try cached.devices(forUser: "a")
        _ = try cached.devices(forUser: "b")
        let online = try #require(try cached.devices(forUser: "b").first).online
        try writer.updateDevices(forUser: "a", ids: [Fixtures.kitchen.id]) {
            $0[Fixtures.kitchen.id]?.setOnline(!online)
        }

        let b = try #require(try cached.engine.probeCounters(user: "b"))
        #expect(cached.state.cache.withLock { $0.snapshot(forUser: "b", at: b) } != nil)
        let a = try #require(try cached.engine.probeCounters(user: "a"))
        #expect(cached.state.cache.withLock { $0.snapshot(forUser: "a", at: a) } == nil)
        #expect(try cached.devices(forUser: "a").first?.online == !online)
        #expect(try cached.devices(forUser: "b").first?.online == online)
    }

    /// A snapshot waits for the writer in flight, and the changes after its cursor are exactly the later ones.
    @Test(.timeLimit(.minutes(1))) func aSnapshotAndTheChangesAfterItsCursorAreExact() throws {
        let url = try database()
        let first = try PostgreSQLRegistry(url: url)
        let second = try PostgreSQLRegistry(url: url)
        _ = try first.importDevices(Fixtures.file([("a", [Fixtures.kitchen]), ("b", [Fixtures.kitchen])]))
        let start = try first.changeBounds().latest
        let held = Held(first, .user("a")) { c in
            try c.query("UPDATE endpoint SET online = FALSE WHERE userId = 'a'")
            try Self.append(c, "a", 1, occurred: 1)
        }
        let taken = Mutex<ChangeSnapshot?>(nil)
        let snapshot = Background { [second] in
            let read = try second.changeSnapshot(users: nil)
            taken.withLock { $0 = read }
        }
        #expect(try awaitLockWait(url, or: snapshot), "the snapshot did not wait for the writer in flight")
        held.end()
        snapshot.wait()
        let read = try #require(taken.withLock { $0 })
        // The held write is in the snapshot: its device state and its change, at or before the cursor.
        #expect(read.users.first { $0.agentUserId == "a" }?.devices.first?.online == false)
        let before = try first.changes(after: start, limit: 10, users: nil, kinds: nil)
        #expect(before.map(\.record.agentUserId) == ["a"])
        #expect(before.allSatisfy { $0.cursor <= read.cursor })

        #expect(try second.createUser("c"))
        _ = try second.applyState([
            DeviceStateUpdate(agentUserId: "b", deviceId: Fixtures.kitchen.id, changes: [], online: false)
        ])
        let later = try first.changes(after: read.cursor, limit: 10, users: nil, kinds: nil)
        #expect(later.map(\.record.agentUserId) == ["c", "b"])
    }

    /// A transaction outside the registry's writers (no lock, no change row) that has taken a transaction id,
    /// held open until ``end()``.
    private final class HeldOutside: Sendable {
        private let started = DispatchSemaphore(value: 0)
        private let release = DispatchSemaphore(value: 0)
        private let group = DispatchGroup()

        init(_ pool: PostgreSQLPool) {
            DispatchQueue.global().async(group: group) { [started, release] in
                _ = try? pool.withConnection { c in
                    try c.query("BEGIN")
                    try c.query("SELECT pg_current_xact_id()")
                    started.signal()
                    release.wait()
                    try c.query("COMMIT")
                }
            }
            started.wait()
        }

        /// Commits the held transaction and waits until it has.
        func end() {
            release.signal()
            group.wait()
        }
    }

    /// A snapshot taken while a transaction that records no change holds an older transaction id has a cursor ahead
    /// of the readable log for a moment. It is still Hearth's own cursor: it resumes (no 410), and the changes after
    /// it come, once, when that transaction has ended.
    @Test(.timeLimit(.minutes(1))) func aSnapshotCursorAheadOfTheReadableLogResumes() throws {
        let url = try database()
        let store = try PostgreSQLRegistry(url: url)
        _ = try store.importDevices(Fixtures.file([("a", [Fixtures.kitchen])]))
        let pool = try PostgreSQLPool(url: url, size: 1)
        defer { pool.close() }
        let outside = HeldOutside(pool)
        #expect(try store.createUser("b"))
        let bounds = try store.changeBounds()
        #expect(bounds.latestCommitted > bounds.latest, "b's change is committed but not yet readable")
        let snapshot = try store.changeSnapshot(users: nil)
        #expect(snapshot.cursor == bounds.latestCommitted)
        #expect(bounds.canResume(after: snapshot.cursor))
        #expect(!bounds.canResume(after: bounds.latestCommitted + 1), "a cursor Hearth never gave out")
        #expect(try store.changes(after: snapshot.cursor, limit: 10, users: nil, kinds: nil).isEmpty)
        outside.end()
        #expect(try store.createUser("c"))
        let after = try store.changes(after: snapshot.cursor, limit: 10, users: nil, kinds: nil)
        #expect(after.map(\.record.agentUserId) == ["c"], "b is in the snapshot: not again")
        let now = try store.changeBounds()
        #expect(now.latest == now.latestCommitted)
    }

    @Test func aTransactionMayRecordAtMostWhatAPositionHasRoomFor() throws {
        let log = PostgreSQLRegistry.changeLog
        #expect(throws: Never.self) { try PostgreSQLRegistry.requireRoom(forChanges: 65_535, log) }
        let error = try #require(throws: RegistryError.self) {
            try PostgreSQLRegistry.requireRoom(forChanges: 65_536, log)
        }
        #expect(error.message.contains("at most 65535 changes"))
    }
}
