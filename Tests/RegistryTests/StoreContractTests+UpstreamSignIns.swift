import Clocks
import Cryptography
import Dispatch
import Registry
import RegistryTestSupport
import Synchronization
import Testing

/// ``UpstreamSignInStore``: sign-ins through the manufacturer's identity provider, pending consents, and RFC 7009
/// revocation.
extension StoreContractTests {
    /// A sign-in as `/oauth/authorize` starts it, every optional field set.
    func signIn(expires: UnixTime, nonce: String = "nonce-1") -> UpstreamSignIn {
        UpstreamSignIn(
            request: AuthorizationGrant(
                agentUserId: "",
                clientId: "google",
                redirectURI: "https://oauth-redirect.googleusercontent.com/r/project",
                codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                scope: "devices"
            ),
            clientState: "google-state",
            nonce: nonce,
            codeVerifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
            browserBinding: Hex.encode(SHA256.digest(utf8: "cookie").bytes),
            expires: expires
        )
    }

    @Test(arguments: StoreFactory.allCases)
    func aStartedSignInIsTakenOnceAndOnlyBeforeItExpires(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let full = signIn(expires: later(600))
            try store.beginUpstreamSignIn(state: "state-1", full)
            var bare = signIn(expires: later(600), nonce: "nonce-2")
            bare.request.codeChallenge = nil
            bare.request.scope = nil
            bare.clientState = nil
            try store.beginUpstreamSignIn(state: "state-2", bare)
            try store.beginUpstreamSignIn(state: "state-3", signIn(expires: later(600)))

            #expect(try store.takeUpstreamSignIn(state: "state-1", now: later(599)) == full)
            #expect(try store.takeUpstreamSignIn(state: "state-1", now: later(599)) == nil)
            #expect(try store.takeUpstreamSignIn(state: "state-2", now: now) == bare)
            #expect(try store.takeUpstreamSignIn(state: "STATE-3", now: now) == nil)
            #expect(try store.takeUpstreamSignIn(state: "unknown", now: now) == nil)
            // Expired from its `expires` on, and gone: not returned to an earlier clock either.
            #expect(try store.takeUpstreamSignIn(state: "state-3", now: later(600)) == nil)
            #expect(try store.takeUpstreamSignIn(state: "state-3", now: now) == nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aStateAlreadyStoredIsAConflictAndLeavesTheFirstSignIn(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let first = signIn(expires: later(600))
            try store.beginUpstreamSignIn(state: "state", first)
            let conflict = #expect(throws: RegistryError.self) {
                try store.beginUpstreamSignIn(state: "state", signIn(expires: later(900), nonce: "other"))
            }
            #expect(conflict?.code == .conflict)
            #expect(try store.takeUpstreamSignIn(state: "state", now: now) == first)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aPendingConsentIsTakenOnceAndOnlyBeforeItExpires(factory: StoreFactory) throws {
        try withStore(factory) { store in
            var approved = grant("alice", client: "google")
            approved.codeChallenge = "challenge"
            approved.scope = "devices"
            try store.savePendingConsent(handle: "consent-1", grant: approved, expires: later(300))
            try store.savePendingConsent(
                handle: "consent-2",
                grant: grant("bob", client: "google"),
                expires: later(300)
            )
            let conflict = #expect(throws: RegistryError.self) {
                try store.savePendingConsent(handle: "consent-1", grant: grant("eve", client: "x"), expires: later(300))
            }
            #expect(conflict?.code == .conflict)
            // A consent handle and a sign-in state are apart, whatever their spelling.
            #expect(try store.takeUpstreamSignIn(state: "consent-1", now: now) == nil)

            #expect(try store.takePendingConsent(handle: "consent-1", now: later(299)) == approved)
            #expect(try store.takePendingConsent(handle: "consent-1", now: later(299)) == nil)
            #expect(try store.takePendingConsent(handle: "unknown", now: now) == nil)
            #expect(try store.takePendingConsent(handle: "consent-2", now: later(300)) == nil)
            #expect(try store.takePendingConsent(handle: "consent-2", now: now) == nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func handlesAreStoredOnlyAsTheirHashes(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.beginUpstreamSignIn(state: "the-state-handle", signIn(expires: later(600)))
            try store.savePendingConsent(
                handle: "the-consent-handle",
                grant: grant("alice", client: "google"),
                expires: later(600)
            )
            let copyable = try #require(store as? any CopyableRegistry)
            for (table, handle) in [
                ("upstream_sign_in", "the-state-handle"), ("pending_consent", "the-consent-handle"),
            ] {
                let (columns, rows) = try copyable.readTable(table)
                #expect(rows.count == 1)
                let hash = try #require(columns.firstIndex(of: "hash"))
                #expect(rows.first?[hash] == .bytes(SHA256.digest(utf8: handle).bytes))
                let leaked = rows.joined().contains { value in
                    if case .text(let text) = value { return text.contains(handle) }
                    return false
                }
                #expect(!leaked, "\(table) holds its handle in clear")
            }
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aTakePrunesExpiredSignInsAndConsents(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let copyable = try #require(store as? any CopyableRegistry)
            try store.beginUpstreamSignIn(state: "old", signIn(expires: later(10)))
            try store.beginUpstreamSignIn(state: "young", signIn(expires: later(1000)))
            try store.savePendingConsent(handle: "old", grant: grant("a", client: "google"), expires: later(10))
            try store.savePendingConsent(handle: "young", grant: grant("b", client: "google"), expires: later(1000))
            // Taking an unknown handle before anything expired prunes nothing.
            #expect(try store.takeUpstreamSignIn(state: "unknown", now: later(9)) == nil)
            #expect(try copyable.readTable("upstream_sign_in").rows.count == 2)

            #expect(try store.takeUpstreamSignIn(state: "unknown", now: later(10)) == nil)
            #expect(try copyable.readTable("upstream_sign_in").rows.count == 1)
            #expect(try copyable.readTable("pending_consent").rows.count == 2)
            #expect(try store.takePendingConsent(handle: "unknown", now: later(10)) == nil)
            #expect(try copyable.readTable("pending_consent").rows.count == 1)
            #expect(try store.takeUpstreamSignIn(state: "young", now: later(10)) != nil)
            #expect(try store.takePendingConsent(handle: "young", now: later(10)) == grant("b", client: "google"))
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func theSweepRemovesEveryExpiredSignInAndConsentAndNothingElse(factory: StoreFactory) throws {
        try withStore(factory) { store in
            for index in 0..<250 {
                try store.beginUpstreamSignIn(state: "old-\(index)", signIn(expires: later(60)))
                try store.savePendingConsent(
                    handle: "old-consent-\(index)",
                    grant: AuthorizationGrant(agentUserId: "ada", clientId: "google", redirectURI: "https://g/r"),
                    expires: later(60)
                )
            }
            let live = signIn(expires: later(600))
            try store.beginUpstreamSignIn(state: "live", live)
            #expect(try store.pruneUpstreamSignIns(now: later(59)) == 0, "nothing has expired yet")
            #expect(try store.pruneUpstreamSignIns(now: later(60)) == 500, "every expired row, past any batch size")
            #expect(try store.pruneUpstreamSignIns(now: later(60)) == 0)
            #expect(try store.takeUpstreamSignIn(state: "live", now: later(60)) == live)
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func aSignInStartedBeforeARestartIsFinishedAfterIt(factory: StoreFactory) throws {
        let started = signIn(expires: later(600))
        try withReopenedStore(factory) { store in
            try store.beginUpstreamSignIn(state: "state", started)
            try store.savePendingConsent(handle: "consent", grant: grant("alice", client: "google"), expires: later(60))
        } read: { (store) throws in
            #expect(try store.takeUpstreamSignIn(state: "state", now: now) == started)
            #expect(try store.takePendingConsent(handle: "consent", now: now) == grant("alice", client: "google"))
        }
    }

    /// Two instances on one database (a SQLite file, a PostgreSQL database) take the same sign-ins and consents at
    /// the same time, pruning the same expired ones meanwhile: each is taken exactly once, and nothing expired is
    /// left.
    @Test(arguments: StoreFactory.persistent)
    func twoInstancesRacingForOneSignInTakeItExactlyOnce(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let a = try factory.open(in: directory)
        let b = try factory.open(in: directory)
        let rounds = 40
        for round in 0..<rounds {
            try a.beginUpstreamSignIn(state: "state-\(round)", signIn(expires: later(600)))
            try b.savePendingConsent(
                handle: "consent-\(round)",
                grant: grant("u\(round)", client: "g"),
                expires: later(600)
            )
        }
        for stale in 0..<150 {
            try a.beginUpstreamSignIn(state: "stale-\(stale)", signIn(expires: now))
            try b.savePendingConsent(handle: "stale-\(stale)", grant: grant("s", client: "g"), expires: now)
        }
        let signIns = Mutex([Int](repeating: 0, count: rounds))
        let consents = Mutex([Int](repeating: 0, count: rounds))
        let failures = Mutex([String]())
        let stores = [a, b]
        DispatchQueue.concurrentPerform(iterations: rounds * 2) { iteration in
            let round = iteration / 2
            let store = stores[iteration % 2]
            do {
                if try store.takeUpstreamSignIn(state: "state-\(round)", now: now) != nil {
                    signIns.withLock { $0[round] += 1 }
                }
                if try store.takePendingConsent(handle: "consent-\(round)", now: now) != nil {
                    consents.withLock { $0[round] += 1 }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(signIns.withLock { $0 } == Array(repeating: 1, count: rounds))
        #expect(consents.withLock { $0 } == Array(repeating: 1, count: rounds))
        let copyable = try #require(a as? any CopyableRegistry)
        #expect(try copyable.readTable("upstream_sign_in").rows.count == 0)
        #expect(try copyable.readTable("pending_consent").rows.count == 0)
        try factory.close(a)
        try factory.close(b)
        withExtendedLifetime(directory) {}
    }

    // MARK: - Revocation

    @Test(arguments: StoreFactory.allCases)
    func revokingARefreshTokenUnlinksItsUserFromItsClientOnly(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.setReporting(enabled: true)
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp]), ("bob", [Fixtures.lamp])]))
            let alices = try linkedTokens(store, user: "alice", client: "google")
            let refreshed = try store.refreshAccessToken(
                try #require(alices.refreshToken),
                clientId: "google",
                accessTTL: 3600,
                rotation: nil,
                now: now
            )
            guard case .issued(let second) = refreshed else {
                Issue.record("refreshing gave \(refreshed)")
                return
            }
            let alicesOther = try linkedTokens(store, user: "alice", client: "other")
            let alicesCLI = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            let bobs = try linkedTokens(store, user: "bob", client: "google")
            let cursor = try store.changeBounds().latest

            #expect(
                try store.revokeGrant(token: try #require(alices.refreshToken), clientId: "google", now: now)
                    == .revoked(agentUserId: "alice", tokens: 3)
            )
            #expect(try store.principal(forToken: alices.accessToken, now: now) == nil)
            #expect(try store.principal(forToken: second.accessToken, now: now) == nil)
            let again = try store.refreshAccessToken(
                try #require(alices.refreshToken),
                clientId: "google",
                accessTTL: 60,
                rotation: nil,
                now: now
            )
            #expect(again == .invalid)
            // Alice's other links and Bob are untouched.
            #expect(try store.principal(forToken: alicesOther.accessToken, now: now) == alicesOther.principal)
            #expect(try store.authenticate(token: alicesCLI, now: now) == "alice")
            #expect(try store.principal(forToken: bobs.accessToken, now: now) == bobs.principal)
            // As DISCONNECT: Alice is unlinked, her HomeGraph work dropped, and the log says so.
            let work = try store.outboxWork(forUser: "alice")
            #expect(work.unlinked)
            #expect(work.reports.isEmpty && work.syncSeq == nil)
            #expect(try store.outboxWork(forUser: "bob").unlinked == false)
            let logged = try store.changes(after: cursor, limit: 10, users: nil, kinds: nil).map(\.record)
            #expect(logged == [RegistryRows.userChange("alice", "unlinked")])
            // A second revocation of the same grant finds nothing to do (RFC 7009 §2.2 answers 200 all the same).
            #expect(try store.revokeGrant(token: alices.accessToken, clientId: "google", now: now) == .unknown)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func revokingAnAccessTokenUnlinksAndAnotherClientsTokenRevokesNothing(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp])]))
            let alices = try linkedTokens(store, user: "alice", client: "google")
            let cli = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            let cursor = try store.changeBounds().latest

            #expect(try store.revokeGrant(token: alices.accessToken, clientId: "other", now: now) == .otherClient)
            #expect(try store.revokeGrant(token: cli, clientId: "google", now: now) == .otherClient)
            #expect(try store.revokeGrant(token: "not-a-token", clientId: "google", now: now) == .unknown)
            // An expired access token is no token any more.
            #expect(try store.revokeGrant(token: alices.accessToken, clientId: "google", now: later(3600)) == .unknown)
            #expect(try store.principal(forToken: alices.accessToken, now: now) == alices.principal)
            #expect(try store.changes(after: cursor, limit: 10, users: nil, kinds: nil) == [])

            #expect(
                try store.revokeGrant(token: alices.accessToken, clientId: "google", now: later(3599))
                    == .revoked(agentUserId: "alice", tokens: 2)
            )
            #expect(try store.principal(forToken: alices.accessToken, now: now) == nil)
            #expect(try store.authenticate(token: cli, now: now) == "alice")
            #expect(try store.outboxWork(forUser: "alice").unlinked)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aRevocationSpendsTheClientsUnusedCodes(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.lamp])]))
            let alices = try linkedTokens(store, user: "alice", client: "google")
            let pending = try store.issueAuthorizationCode(grant("alice", client: "google"), now: now, ttl: 600)
            #expect(
                try store.revokeGrant(token: alices.accessToken, clientId: "google", now: now)
                    == .revoked(agentUserId: "alice", tokens: 2)
            )
            let redemption = try store.redeemAuthorizationCode(pending, accessTTL: 60, now: now) { _ in true }
            #expect(redemption == .replayed(revoked: 0))
        }
    }
}
