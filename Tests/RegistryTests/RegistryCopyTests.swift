import Clocks
import HearthTestSupport
import MatterModel
import PostgreSQL
import Registry
import RegistryTestSupport
import Testing

@testable import RegistryPostgreSQL
@testable import RegistrySQLite

/// `hearth db copy`'s engine (``RegistryCopy``): a registry holding every kind of record goes SQLite → PostgreSQL →
/// SQLite and comes back record for record, and works (its token, API key and devices); a copy never merges into a
/// registry that has data.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct RegistryCopyTests {
    let now = UnixTime(seconds: 1_700_000_000)

    /// A registry with users, devices, a wrong-PIN record, a token, an account, an authorization code, an API key,
    /// queued HomeGraph work and change-log entries.
    func populated(_ store: SQLiteRegistry) throws -> (token: String, key: String) {
        try store.setReporting(enabled: true)
        _ = try store.importDevices(StoreContractTests.challengeFile)
        _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.kitchen, Fixtures.plug])]))
        try store.updateDevicesAndPINAttempts(forUser: "u", ids: ["front-door"]) { _, attempts in
            attempts["front-door"] = PINAttempts(failures: 2, windowStart: UnixTime(seconds: 100))
        }
        try store.updateDevices(forUser: "alice", ids: ["plug"]) { devices in
            devices["plug"]?.endpoints[0].clusters[.OnOff]?.attributes["OnOff"] = .bool(true)
        }
        let token = try store.issueToken(forUser: "alice", ttl: nil, now: now)
        try store.addAccount(user: "alice", login: "alice@example.com", password: "a long enough password", now: now)
        _ = try store.issueAuthorizationCode(
            AuthorizationGrant(agentUserId: "alice", clientId: "google", redirectURI: "https://example.com/cb"),
            now: now,
            ttl: 600
        )
        let key = try store.create(name: "backend", now: now)
        return (token, key)
    }

    /// The rows of each table, in no order.
    static func tables(_ store: any ClosableStore) throws -> [String: Set<[String: RegistryCopy.Value]>] {
        // change.xid is PostgreSQL's transaction id (text there, 0 on SQLite): where each engine keeps its order, not a
        // record of the registry.
        try RegistryCopy.contents(of: store).mapValues { rows in
            Set(rows.map { row in row.filter { $0.key != "xid" } })
        }
    }

    /// The tables whose rows differ, with a few rows only one side has.
    static func differences(
        _ left: [String: Set<[String: RegistryCopy.Value]>],
        _ right: [String: Set<[String: RegistryCopy.Value]>]
    ) -> [String] {
        Set(left.keys).union(right.keys).sorted().compactMap { table in
            let l = left[table] ?? []
            let r = right[table] ?? []
            guard l != r else { return nil }
            return "\(table): only in the copy \(Array(l.subtracting(r).prefix(2))), only in the original "
                + "\(Array(r.subtracting(l).prefix(2)))"
        }
    }

    @Test func sqliteToPostgreSQLToSQLiteKeepsEveryRecord() throws {
        let directory = try ScratchDirectory()
        let first = try SQLiteRegistry(path: directory.path("first.sqlite"))
        defer { try? first.close() }
        let (token, key) = try populated(first)
        let original = try Self.tables(first)
        for table in ["user", "device", "attribute", "pin_attempt", "token", "account", "authorization_code", "apikey"]
            + ["outbox_report", "change", "homegraph_setting"]
        {
            #expect(original[table]?.isEmpty == false, "the fixture has no \(table) row: the test would prove nothing")
        }

        let postgres = try PostgreSQLRegistry(url: PostgreSQLCluster.start().createDatabase())
        defer { postgres.close() }
        let counts = try RegistryCopy.copy(from: first, to: postgres)
        #expect(counts.reduce(0) { $0 + $1.rows } == original.values.reduce(0) { $0 + $1.count })
        let copied = try Self.tables(postgres)
        #expect(copied == original, "\(Self.differences(copied, original))")

        let back = try SQLiteRegistry(path: directory.path("back.sqlite"))
        defer { try? back.close() }
        _ = try RegistryCopy.copy(from: postgres, to: back)
        let returned = try Self.tables(back)
        #expect(returned == original, "\(Self.differences(returned, original))")

        // The copies work: the token and the API key (only their hashes were copied), the devices and their state,
        // the PIN record, and the change log goes on after the copied cursors.
        for store in [postgres, back] as [any ServingStore] {
            #expect(try store.authenticate(token: token, now: now) == "alice")
            #expect(try store.apiKey(forKey: key, now: now) == "backend")
            #expect(try store.devices(forUser: "alice") == (try first.devices(forUser: "alice")))
            #expect(try store.pinAttempts(forUser: "u", device: "front-door").failures == 2)
            let latest = try store.changeBounds().latest
            #expect(latest == (try first.changeBounds().latest))
            _ = try store.importDevices(Fixtures.file([("carol", [Fixtures.lamp])]))
            #expect(try store.changeBounds().latest > latest)
        }
    }

    /// A fleet of a few thousand rows (several bulk statements per table) arrives whole. After the copy the change
    /// counter has moved, so an instance that had read the empty database sees the copied homes; the row triggers
    /// turned off for the copy bump it again; new change-log cursors and outbox-event ids continue after the copied
    /// ones.
    @Test func aFleetArrivesWholeAndItsCountersAndCursorsGoOn() throws {
        let directory = try ScratchDirectory()
        let source = try SQLiteRegistry(path: directory.path("fleet.sqlite"))
        defer { try? source.close() }
        try source.setReporting(enabled: true)
        var doorbell = Fixtures.plug
        doorbell.id = "doorbell"
        doorbell.notificationSupportedByAgent = true
        let homes = (1...40).map { ("home-\($0)", Fixtures.lights(25) + [doorbell]) }
        _ = try source.importDevices(Fixtures.file(homes))
        for (user, _) in homes {
            #expect(try source.recordEvent(DeviceEvent(name: .doorbellPress), forUser: user, device: "doorbell"))
        }
        let original = try Self.tables(source)
        #expect(original.values.reduce(0) { $0 + $1.count } > 4 * PostgreSQLRegistry.copyRowsPerStatement)
        #expect(original["attribute"]?.count ?? 0 > PostgreSQLRegistry.copyRowsPerStatement)
        #expect(original["outbox_event"]?.count == homes.count)
        #expect(original["change"]?.isEmpty == false)

        let url = try PostgreSQLCluster.start().createDatabase()
        let destination = try PostgreSQLRegistry(url: url)
        defer { destination.close() }
        let other = try PostgreSQLRegistry(url: url, revalidationInterval: .zero)
        defer { other.close() }
        #expect(try other.devices(forUser: "home-7").isEmpty)
        let before = try #require(try destination.engine.probeCounters(user: "home-7"))

        _ = try RegistryCopy.copy(from: source, to: destination)
        let copied = try Self.tables(destination)
        #expect(copied == original, "\(Self.differences(copied, original))")
        let after = try #require(try destination.engine.probeCounters(user: "home-7"))
        #expect(after.user > before.user)
        #expect(try other.devices(forUser: "home-7") == (try source.devices(forUser: "home-7")))

        // The triggers are on again: a write moves its user's counter. Cursors continue after the copied ones.
        let carolBefore = try #require(try destination.engine.probeCounters(user: "carol"))
        let disabled = try destination.pool.query(
            "SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'"
        )
        #expect(try disabled.first?.int(0) == 0)
        let latest = try destination.changeBounds().latest
        #expect(latest == (try source.changeBounds().latest))
        _ = try destination.importDevices(Fixtures.file([("carol", [Fixtures.lamp])]))
        let written = try #require(try destination.engine.probeCounters(user: "carol"))
        #expect(written.user > carolBefore.user)
        #expect(try destination.changeBounds().latest > latest)

        // Outbox-event ids continue after the copied ones.
        let lastEvent = try destination.pool.query("SELECT max(id) FROM outbox_event").first?.int64(0) ?? 0
        #expect(try destination.recordEvent(DeviceEvent(name: .doorbellPress), forUser: "home-7", device: "doorbell"))
        let newest = try destination.pool.query("SELECT max(id) FROM outbox_event").first?.int64(0) ?? 0
        #expect(newest > lastEvent)
    }

    @Test func aCopyNeverMergesIntoARegistryWithData() throws {
        let directory = try ScratchDirectory()
        let source = try SQLiteRegistry(path: directory.path("source.sqlite"))
        defer { try? source.close() }
        _ = try populated(source)
        let destination = try PostgreSQLRegistry(url: PostgreSQLCluster.start().createDatabase())
        defer { destination.close() }
        _ = try destination.importDevices(Fixtures.file([("bob", [Fixtures.lamp])]))
        let before = try Self.tables(destination)
        #expect(throws: RegistryError.self) { try RegistryCopy.copy(from: source, to: destination) }
        #expect(try Self.tables(destination) == before)
    }
}
