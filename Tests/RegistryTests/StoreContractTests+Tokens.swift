import Clocks
import MatterModel
import Registry
import RegistryTestSupport
import Testing

/// TokenStore: issuing, checking and revoking bearer tokens, and DISCONNECT in one transaction.
extension StoreContractTests {
    @Test(arguments: StoreFactory.allCases)
    func issuedTokenAuthenticatesItsUser(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let token = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            let other = try store.issueToken(forUser: "bob", ttl: 3600, now: now)
            #expect(token.count == 43)
            #expect(token != other)
            #expect(try store.authenticate(token: token, now: now) == "alice")
            #expect(try store.authenticate(token: other, now: UnixTime(seconds: now.seconds + 3599)) == "bob")
            #expect(
                try store.authenticate(token: token, now: UnixTime(seconds: now.seconds + 100 * 365 * 86400)) == "alice"
            )
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func unknownTokenIsRejected(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let token = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            #expect(try store.authenticate(token: "not-a-token", now: now) == nil)
            #expect(try store.authenticate(token: "", now: now) == nil)
            #expect(try store.authenticate(token: String(token.dropLast()), now: now) == nil)
            #expect(try store.authenticate(token: token + "x", now: now) == nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func expiredTokenIsRejected(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let token = try store.issueToken(forUser: "alice", ttl: 10, now: now)
            #expect(try store.authenticate(token: token, now: UnixTime(seconds: now.seconds + 9)) == "alice")
            #expect(try store.authenticate(token: token, now: UnixTime(seconds: now.seconds + 11)) == nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func revokedTokensAreRejectedAndCounted(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug])]))
            let first = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            let second = try store.issueToken(forUser: "alice", ttl: 60, now: now)
            let bobs = try store.issueToken(forUser: "bob", ttl: nil, now: now)
            #expect(try store.revokeTokens(forUser: "alice") == 2)
            #expect(try store.authenticate(token: first, now: now) == nil)
            #expect(try store.authenticate(token: second, now: now) == nil)
            #expect(try store.authenticate(token: bobs, now: now) == "bob")
            #expect(try store.revokeTokens(forUser: "alice") == 0)
            #expect(try store.revokeTokens(forUser: "nobody") == 0)
            #expect(try store.devices(forUser: "alice") == [Fixtures.plug])
        }
    }
    @Test(arguments: StoreFactory.allCases)
    func revokingOneClientsTokensLeavesTheOthers(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let cli = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            let google = try linkedTokens(store, user: "alice", client: "google")
            let other = try linkedTokens(store, user: "alice", client: "other")
            let unusedCode = try store.issueAuthorizationCode(grant("alice", client: "google"), now: now, ttl: 600)
            #expect(
                try store.principal(forToken: google.accessToken, now: now)
                    == Principal(agentUserId: "alice", clientId: "google")
            )
            // Access and refresh token of that client; its unused code is spent too.
            #expect(try store.revokeTokens(forUser: "alice", clientId: "google") == 2)
            #expect(try store.principal(forToken: google.accessToken, now: now) == nil)
            #expect(
                try store.refreshAccessToken(
                    google.refreshToken ?? "",
                    clientId: "google",
                    accessTTL: 60,
                    rotation: nil,
                    now: now
                ) == .invalid
            )
            #expect(
                try store.redeemAuthorizationCode(unusedCode, accessTTL: 60, now: now) { _ in true }
                    == .replayed(revoked: 0)
            )
            #expect(try store.authenticate(token: cli, now: now) == "alice")
            #expect(try store.authenticate(token: other.accessToken, now: now) == "alice")
            // `nil`: the `hearth token issue` tokens only.
            #expect(try store.revokeTokens(forUser: "alice", clientId: nil) == 1)
            #expect(try store.authenticate(token: cli, now: now) == nil)
            #expect(try store.authenticate(token: other.accessToken, now: now) == "alice")
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func disconnectRevokesTheClientsTokensAndStopsTheUsersReports(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.setReporting(enabled: true)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp]), ("bob", [Fixtures.lamp])]))
            let alices = try linkedTokens(store, user: "alice", client: "google")
            let alicesCLI = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            let bobs = try linkedTokens(store, user: "bob", client: "google")
            #expect(try store.outboxCounts() == OutboxCounts(reports: 2, syncs: 2, events: 0))

            #expect(try store.disconnect(user: "alice", clientId: "google") == 2)
            #expect(try store.principal(forToken: alices.accessToken, now: now) == nil)
            #expect(try store.authenticate(token: alicesCLI, now: now) == "alice")
            let work = try store.outboxWork(forUser: "alice")
            #expect(work.unlinked)
            #expect(work.reports.isEmpty && work.syncSeq == nil && work.events.isEmpty)
            // Bob is untouched.
            #expect(try store.authenticate(token: bobs.accessToken, now: now) == "bob")
            #expect(try store.outboxCounts() == OutboxCounts(reports: 1, syncs: 1, events: 0))
            #expect(try store.pendingOutbox().map(\.userId) == ["bob"])

            // Nothing is queued for Alice until a token is issued to her again.
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(false)
            }
            #expect(try store.outboxWork(forUser: "alice").reports.isEmpty)
            _ = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            #expect(try store.outboxWork(forUser: "alice").unlinked == false)
            try store.updateDevices(forUser: "alice", ids: [Fixtures.lamp.id]) { devices in
                devices[Fixtures.lamp.id]?.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(true)
            }
            #expect(try store.outboxWork(forUser: "alice").reports.map(\.deviceId) == [Fixtures.lamp.id])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func disconnectOfAUserWithoutTokensOrWorkRevokesNothing(factory: StoreFactory) throws {
        try withStore(factory) { (store) throws in
            #expect(try store.disconnect(user: "nobody", clientId: "google") == 0)
            #expect(try store.disconnect(user: "nobody", clientId: nil) == 0)
            #expect(try store.outboxCounts().isEmpty)
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func tokensAndRevocationsSurviveARestart(factory: StoreFactory) throws {
        var kept = ""
        var revoked = ""
        var linked = IssuedTokens(
            accessToken: "",
            expiresIn: 0,
            refreshToken: nil,
            principal: Principal(agentUserId: "")
        )
        try withReopenedStore(factory) { store in
            kept = try store.issueToken(forUser: "alice", ttl: 3600, now: now)
            revoked = try store.issueToken(forUser: "bob", ttl: nil, now: now)
            _ = try store.importDevices(Fixtures.file([("carol", [Fixtures.plug])]))
            linked = try linkedTokens(store, user: "carol", client: "google")
            _ = try store.revokeTokens(forUser: "bob")
        } read: { (store) throws in
            #expect(try store.authenticate(token: kept, now: now) == "alice")
            #expect(try store.authenticate(token: kept, now: later(3600)) == nil)
            #expect(try store.authenticate(token: revoked, now: now) == nil)
            #expect(try store.principal(forToken: linked.accessToken, now: now) == linked.principal)
            let refreshed = try store.refreshAccessToken(
                linked.refreshToken ?? "",
                clientId: "google",
                accessTTL: 60,
                rotation: nil,
                now: now
            )
            guard case .issued(let tokens) = refreshed else {
                Issue.record("the refresh token did not survive: \(refreshed)")
                return
            }
            #expect(try store.principal(forToken: tokens.accessToken, now: now) == linked.principal)
            #expect(try store.users() == ["alice", "bob", "carol"])
        }
    }
}
