import Clocks
import HearthFakes
import HearthTestSupport
import JSON
import MatterModel
import RegistryTestSupport
import Synchronization
import Testing

@testable import Registry

/// The change log behind `/v1/changes`: what the existing writes record, in their own transaction, and the read
/// side (``ChangeStore``): order, filters, bounds, pruning, snapshots, the commit signal, durability; on SQLite and
/// PostgreSQL.
struct ChangeLogTests {
    @Test(arguments: StoreFactory.withoutDirectory)
    func importRecordsUserCreatedAndDevicesAddedThenReplaced(factory: StoreFactory) throws {
        let store = try factory.openAlone()
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug, Fixtures.lamp])]))
        let changes = try store.changes(after: 0, limit: 100, users: nil, kinds: nil)
        // Increasing and never reused: dense on SQLite (1, 2, 3, 4), sparse positions on PostgreSQL.
        #expect(changes.map(\.cursor) == changes.map(\.cursor).sorted())
        #expect(Set(changes.map(\.cursor)).count == 4)
        #expect(changes.map(\.record.kind) == [.user, .device, .device, .device])
        #expect(changes.map { $0.record.data["change"] } == ["created", "added", "replaced", "added"])
        #expect(changes.map(\.record.deviceId) == [nil, Fixtures.plug.id, Fixtures.plug.id, Fixtures.lamp.id])
        #expect(changes[1].record.data["device"] == .object(Fixtures.plug.jsonObject))
    }

    @Test(arguments: StoreFactory.withoutDirectory)
    func refusedImportRecordsNothing(factory: StoreFactory) throws {
        let store = try factory.openAlone()
        var broken = Fixtures.plug
        broken.endpoints = []
        #expect(throws: (any Error).self) {
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.lamp, broken])]))
        }
        #expect(try store.changes(after: 0, limit: 100, users: nil, kinds: nil).isEmpty)
        #expect(try store.changeBounds() == ChangeBounds(latest: 0, prunedThrough: 0))
    }

    @Test(arguments: StoreFactory.withoutDirectory)
    func stateChangesAreRecordedInTheUpdateTransaction(factory: StoreFactory) throws {
        let store = try factory.openAlone()
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        let before = try store.changeBounds().latest
        try store.updateDevicesRecordingChanges(forUser: "u", ids: [Fixtures.plug.id]) { devices, _, changes in
            let old = try #require(devices[Fixtures.plug.id])
            var new = old
            new.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(true)
            new.endpoints[0].online = true
            devices[old.id] = new
            changes += ChangeRecord.stateChanges(forUser: "u", from: old, to: new, by: .cli)
        }
        let changes = try store.changes(after: before, limit: 10, users: ["u"], kinds: [.state])
        #expect(changes.count == 1)
        #expect(
            changes.first?.record.data
                == JSONObject([
                    ("endpoint", 1), ("clusters", ["OnOff": ["OnOff": true]]), ("online", true), ("by", "cli"),
                ])
        )
        // A body that throws writes neither the change nor its record.
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.updateDevicesRecordingChanges(forUser: "u", ids: [Fixtures.plug.id]) { _, _, changes in
                changes.append(ChangeRecord(kind: .state, agentUserId: "u", data: JSONObject()))
                throw Refused()
            }
        }
        #expect(try store.changeBounds().latest == changes.first?.cursor)
    }

    @Test(arguments: StoreFactory.withoutDirectory)
    func limitAndFiltersKeepCursorOrder(factory: StoreFactory) throws {
        let store = try factory.openAlone()
        _ = try store.importDevices(Fixtures.file([("a", [Fixtures.plug]), ("b", [Fixtures.lamp])]))
        let all = try store.changes(after: 0, limit: 100, users: nil, kinds: nil)
        #expect(all.count == 4)
        #expect(try store.changes(after: 0, limit: 2, users: nil, kinds: nil) == Array(all.prefix(2)))
        #expect(try store.changes(after: all[1].cursor, limit: 100, users: nil, kinds: nil) == Array(all.dropFirst(2)))
        let b = try store.changes(after: 0, limit: 100, users: ["b"], kinds: [.device])
        #expect(b.map(\.record.deviceId) == [Fixtures.lamp.id])
    }

    @Test(arguments: StoreFactory.withoutDirectory)
    func pruningMovesTheResumableBound(factory: StoreFactory) throws {
        let clock = ManualClock()
        let store = try factory.openAlone(clock: clock)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        clock.advance(by: .seconds(3600))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.lamp])]))
        let all = try store.changes(after: 0, limit: 10, users: nil, kinds: nil)
        #expect(all.count == 3)
        let latest = all[2].cursor
        #expect(try store.changeBounds() == ChangeBounds(latest: latest, prunedThrough: 0))
        #expect(try store.pruneChanges(occurredBefore: clock.unixMilliseconds - 1000) == 2)
        let bounds = try store.changeBounds()
        #expect(bounds == ChangeBounds(latest: latest, prunedThrough: all[1].cursor))
        #expect(!bounds.canResume(after: all[0].cursor))
        #expect(bounds.canResume(after: all[1].cursor))
        #expect(bounds.canResume(after: latest))
        #expect(!bounds.canResume(after: latest + 1))
        // Everything old: the newest change is kept all the same, so cursors are never reused.
        #expect(try store.pruneChanges(occurredBefore: clock.unixMilliseconds + 1) == 0)
        #expect(try store.changeBounds() == ChangeBounds(latest: latest, prunedThrough: all[1].cursor))
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.bare])]))
        let next = try store.changes(after: latest, limit: 10, users: nil, kinds: nil)
        #expect(next.count == 1)
        #expect(next.allSatisfy { $0.cursor > latest })
    }

    @Test(arguments: StoreFactory.withoutDirectory)
    func snapshotIsConsistentWithItsCursor(factory: StoreFactory) throws {
        let store = try factory.openAlone()
        _ = try store.importDevices(Fixtures.file([("b", [Fixtures.lamp]), ("a", [Fixtures.plug])]))
        let snapshot = try store.changeSnapshot(users: nil)
        let latest = try store.changeBounds().latest
        #expect(snapshot.cursor == latest)
        #expect(snapshot.users.map(\.agentUserId) == ["a", "b"])
        #expect(snapshot.users.map(\.devices) == [[Fixtures.plug], [Fixtures.lamp]])
        #expect(try store.changeSnapshot(users: ["b"]).users.map(\.agentUserId) == ["b"])
    }

    /// The `user` events beside `created` and `removed`: a token issued (`hearth token issue`) or a code redeemed
    /// (account linking) records `linked`, DISCONNECT records `unlinked`; each in its write's transaction, each
    /// signalled. A refresh, a refused or replayed code and a refused DISCONNECT's absence record nothing.
    @Test(arguments: StoreFactory.withoutDirectory)
    func linkingAndDisconnectRecordUserEvents(factory: StoreFactory) throws {
        let store = try factory.openAlone()
        let calls = Mutex(0)
        store.observeChanges { calls.withLock { $0 += 1 } }
        let now = UnixTime(seconds: 1_700_000_000)
        _ = try store.issueToken(forUser: "cli", ttl: nil, now: now)  // a user of its own: created, then linked
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        let start = try store.changeBounds().latest
        let grant = AuthorizationGrant(agentUserId: "u", clientId: "google", redirectURI: "https://example.com/cb")
        let code = try store.issueAuthorizationCode(grant, now: now, ttl: 600)
        #expect(try store.redeemAuthorizationCode(code, accessTTL: 60, now: now) { _ in false } == .refused)
        guard case .issued = try store.redeemAuthorizationCode(code, accessTTL: 60, now: now, accept: { _ in true })
        else {
            Issue.record("the code was not redeemed")
            return
        }
        #expect(try store.disconnect(user: "u", clientId: "google") == 2)  // the access and refresh tokens
        // A replay of the spent code links nothing.
        #expect(try store.redeemAuthorizationCode(code, accessTTL: 60, now: now) { _ in true } == .replayed(revoked: 0))
        let all = try store.changes(after: 0, limit: 100, users: nil, kinds: [.user])
        #expect(all.prefix(2).map { $0.record.data["change"] } == ["created", "linked"])
        #expect(all.prefix(2).map(\.record.agentUserId) == ["cli", "cli"])
        let after = try store.changes(after: start, limit: 100, users: nil, kinds: nil)
        #expect(after.map(\.record.kind) == [.user, .user])
        #expect(after.map { $0.record.data["change"] } == ["linked", "unlinked"])
        #expect(after.map(\.record.agentUserId) == ["u", "u"])
        #expect(after.allSatisfy { $0.record.deviceId == nil })
        // The token issue, the import, the redemption and the DISCONNECT: one signal each.
        #expect(calls.withLock { $0 } == 4)
    }

    @Test(arguments: StoreFactory.withoutDirectory)
    func observerIsToldAfterCommit(factory: StoreFactory) throws {
        let store = try factory.openAlone()
        let calls = Mutex(0)
        store.observeChanges { calls.withLock { $0 += 1 } }
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
        #expect(calls.withLock { $0 } == 1)
        // An update that records nothing does not signal.
        try store.updateDevices(forUser: "u", ids: [Fixtures.plug.id]) { _ in }
        #expect(calls.withLock { $0 } == 1)
        store.observeChanges(nil)
        _ = try store.importDevices(Fixtures.file([("u", [Fixtures.lamp])]))
        #expect(calls.withLock { $0 } == 1)
    }

    @Test(arguments: StoreFactory.persistent)
    func cursorsSurviveReopening(factory: StoreFactory) throws {
        try withReopenedStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("u", [Fixtures.plug])]))
            _ = try store.pruneChanges(occurredBefore: Int64.max)
        } read: { reopened in
            _ = try reopened.importDevices(Fixtures.file([("u", [Fixtures.lamp])]))
            // The newest change before reopening was kept (on PostgreSQL its whole transaction), then the new one.
            let all = try reopened.changes(after: 0, limit: 10, users: nil, kinds: nil)
            #expect(all.map(\.cursor) == all.map(\.cursor).sorted())
            #expect(all.suffix(2).map(\.record.deviceId) == [Fixtures.plug.id, Fixtures.lamp.id])
        }
    }
}
