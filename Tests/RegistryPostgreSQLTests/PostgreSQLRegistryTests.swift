import Clocks
import Dispatch
import GRDB
import HearthFakes
import HearthTestSupport
import JSON
import MatterModel
import PostgreSQL
import RegistryTestSupport
import Synchronization
import Testing

@testable import Registry
@testable import RegistryPostgreSQL
@testable import RegistrySQLite

/// What only the PostgreSQL store has to prove: its schema's versioning, and correctness with several instances on
/// one database (two stores on one URL stand in for two `hearth serve` processes).
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLRegistryTests {
    private func database() throws -> String {
        try PostgreSQLCluster.start().createDatabase()
    }

    @Test func bothEnginesHaveTheSameMigrationNames() {
        #expect(PostgreSQLRegistry.migrations.map(\.name) == SQLiteRegistry.migrator.migrations)
    }

    @Test func openingTwiceAppliesNothingTwice() throws {
        let url = try database()
        let first = try PostgreSQLRegistry(url: url)
        _ = try first.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        first.close()
        let again = try PostgreSQLRegistry(url: url)
        #expect(try again.devices(forUser: "u").map(\.id) == [Fixtures.plug.id])
        let applied = try PostgreSQLPool(url: url, size: 1).query("SELECT count(*) FROM hearth_migration")
        #expect(try applied.first?.int(0) == PostgreSQLRegistry.migrations.count)
    }

    @Test func aSchemaNewerThanThisBuildIsRefused() throws {
        let url = try database()
        try PostgreSQLRegistry(url: url).close()
        try PostgreSQLPool(url: url, size: 1).query(
            "INSERT INTO hearth_migration (name, position) VALUES ($1, $2)",
            ["v99: from the future", 99]
        )
        let error = try #require(throws: RegistryError.self) { try PostgreSQLRegistry(url: url) }
        #expect(error.code == .cannotOpen)
        #expect(error.openFailure == .newerSchema)
        #expect(error.message.contains("schema is newer than this hearth knows"))
        #expect(error.message.contains("v99: from the future"))
    }

    @Test func anUnreachableServerIsACannotOpenError() throws {
        let cluster = try PostgreSQLCluster.start()
        let error = try #require(throws: RegistryError.self) {
            try PostgreSQLRegistry(url: cluster.url(database: "missing"))
        }
        #expect(error.code == .cannotOpen)
        #expect(error.openFailure == .unreachable)
    }

    @Test func anotherInstancesWriteIsSeenOnceTheRevalidationIntervalPassed() throws {
        let url = try database()
        let clock = ManualClock()
        let a = try PostgreSQLRegistry(url: url)
        let b = try PostgreSQLRegistry(url: url, revalidationInterval: .milliseconds(25), clock: clock)
        _ = try a.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        #expect(try b.devices(forUser: "u").map(\.name) == [Fixtures.plug.name])  // cached by b
        var renamed = Fixtures.plug
        renamed.name = "Renamed through A"
        _ = try a.importDevices(Fixtures.file([("u", [renamed])]))
        // Within the interval b may answer from its cache; once it passed, b asks the database's change counter.
        clock.advance(by: .milliseconds(26))
        #expect(try b.devices(forUser: "u").map(\.name) == ["Renamed through A"])
    }

    @Test func aRevocationThroughOneInstanceIsRefusedByTheOtherAtOnce() throws {
        let url = try database()
        let now = UnixTime(seconds: 1_800_000_000)
        let a = try PostgreSQLRegistry(url: url)
        let b = try PostgreSQLRegistry(url: url, revalidationInterval: .seconds(3600))
        let token = try a.issueToken(forUser: "u", ttl: nil, now: now)
        #expect(try b.authenticate(token: token, now: now) == "u")
        #expect(try a.disconnect(user: "u", clientId: nil) == 1)
        #expect(try b.authenticate(token: token, now: now) == nil)

        let key = try a.create(name: "backend", now: now)
        #expect(try b.apiKey(forKey: key, now: now) == "backend")
        #expect(try a.revoke(name: "backend"))
        #expect(try b.apiKey(forKey: key, now: now) == nil)
    }

    /// Two instances append to the change log at once while a reader follows it by cursor: the reader must see
    /// every change exactly once, in order — never skip a cursor that commits after a larger one was seen.
    @Test func aReaderFollowingTwoWritersMissesNoCursor() throws {
        let url = try database()
        let setup = try PostgreSQLRegistry(url: url)
        _ = try setup.importDevices(Fixtures.file([("u1", [Fixtures.plug]), ("u2", [Fixtures.plug])]))
        let writers = [try PostgreSQLRegistry(url: url), try PostgreSQLRegistry(url: url)]
        let reader = try PostgreSQLRegistry(url: url)
        let start = try reader.changeBounds().latest
        let writesPerWriter = 200
        let done = Mutex(0)
        let seen = Mutex<[Int64]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { index in
            if index < 2 {
                let user = "u\(index + 1)"
                for n in 0..<writesPerWriter {
                    _ = try? writers[index].updateDevicesRecordingChanges(forUser: user, ids: [Fixtures.plug.id]) {
                        devices,
                        _,
                        changes in
                        // Every other write only appends to the log: no state changes, no trigger fires; the
                        // order comes from the transaction ids alone.
                        if n % 4 == 0, var device = devices[Fixtures.plug.id] {
                            device.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(n % 8 == 0)
                            devices[device.id] = device
                        }
                        changes.append(
                            ChangeRecord(kind: .state, agentUserId: user, data: JSONObject([("n", .int(n))]))
                        )
                    }
                }
                done.withLock { $0 += 1 }
            } else {
                var cursor = start
                var finished = false
                while !finished {
                    finished = done.withLock { $0 == 2 }
                    let batch = (try? reader.changes(after: cursor, limit: 1000, users: nil, kinds: nil)) ?? []
                    if let last = batch.last { cursor = last.cursor }
                    seen.withLock { $0 += batch.map(\.cursor) }
                }
            }
        }
        let all = try reader.changes(after: start, limit: 10_000, users: nil, kinds: nil).map(\.cursor)
        #expect(all.count == 2 * writesPerWriter)
        #expect(seen.withLock { $0 } == all)
    }
}

extension PostgreSQLRegistryTests {
    /// Two instances drain one outbox: a user's work is read by one instance at a time, and when that instance dies
    /// before completing it, another takes the user over once the lease lapsed and delivers the same rows.
    @Test func aUsersOutboxIsDrainedByOneInstanceAndALapsedClaimIsTakenOver() throws {
        let url = try database()
        let clock = ManualClock()
        let a = try PostgreSQLRegistry(url: url, clock: clock)
        let b = try PostgreSQLRegistry(url: url, clock: clock)
        try a.setReporting(enabled: true)
        _ = try a.importDevices(Fixtures.file([("u", [Fixtures.plug]), ("v", [Fixtures.lamp])]))
        #expect(try b.pendingOutbox().map(\.userId) == ["u", "v"])

        let claimedByA = try a.outboxWork(forUser: "u")
        #expect(claimedByA.syncSeq != nil)
        #expect(claimedByA.reports.map(\.deviceId) == [Fixtures.plug.id])
        // b neither lists u nor reads its work while a holds it; v is free for b.
        #expect(try b.pendingOutbox().map(\.userId) == ["v"])
        let refused = try b.outboxWork(forUser: "u")
        #expect(refused.syncSeq == nil && refused.reports.isEmpty && refused.events.isEmpty)
        #expect(try b.outboxWork(forUser: "v").reports.map(\.deviceId) == [Fixtures.lamp.id])
        #expect(try a.outboxWork(forUser: "v").reports.isEmpty, "v is b's now")

        // a is killed before completing: its claim lapses after the lease, and b delivers the same rows, once.
        clock.advance(by: PostgreSQLRegistry.defaultOutboxLease + .milliseconds(1))
        #expect(try b.pendingOutbox().map(\.userId) == ["u", "v"])
        let takenOver = try b.outboxWork(forUser: "u")
        #expect(takenOver.syncSeq == claimedByA.syncSeq)
        #expect(takenOver.reports == claimedByA.reports)
        try b.completeOutbox(forUser: "u", reports: takenOver.reports, syncSeq: takenOver.syncSeq, events: [])
        #expect(try b.outboxWork(forUser: "u").reports.isEmpty)
        #expect(try a.pendingOutbox().map(\.userId) == ["v"])
    }
}
