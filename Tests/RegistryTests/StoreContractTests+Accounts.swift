import Clocks
import MatterModel
import Registry
import RegistryTestSupport
import Testing

/// ``AccountStore``: sign-in accounts, authorization codes and refresh tokens.
extension StoreContractTests {
    @Test(arguments: StoreFactory.allCases)
    func accountsAreListedSortedAndNeverWithTheirHash(factory: StoreFactory) throws {
        try withStore(factory) { store in
            #expect(try store.accounts() == [])
            try store.addAccount(user: "zoe", login: "zoe@example.com", password: "correct horse", now: now)
            try store.addAccount(user: "alice", login: "alice@example.com", password: "battery staple", now: later(5))
            #expect(
                try store.accounts() == [
                    Account(agentUserId: "alice", login: "alice@example.com", created: later(5)),
                    Account(agentUserId: "zoe", login: "zoe@example.com", created: now),
                ]
            )
            // An account creates its user.
            #expect(try store.users() == ["alice", "zoe"])
            let record = try #require(try store.signInRecord(login: "alice@example.com"))
            #expect(record.agentUserId == "alice")
            #expect(record.passwordHash.hasPrefix("pbkdf2-sha256$"))
            #expect(!record.passwordHash.contains("battery staple"))
            #expect(record.attempts == LoginAttempts())
            #expect(try store.signInRecord(login: "ALICE@example.com") == nil)
            #expect(try store.signInRecord(login: "nobody") == nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aTakenLoginOrASecondAccountIsAConflict(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.addAccount(user: "alice", login: "alice@example.com", password: "pw-1", now: now)
            let taken = #expect(throws: RegistryError.self) {
                try store.addAccount(user: "bob", login: "alice@example.com", password: "pw-2", now: now)
            }
            #expect(taken?.code == .conflict)
            let second = #expect(throws: RegistryError.self) {
                try store.addAccount(user: "alice", login: "other@example.com", password: "pw-3", now: now)
            }
            #expect(second?.code == .conflict)
            #expect(try store.accounts().map(\.login) == ["alice@example.com"])
            #expect(try store.users() == ["alice"])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func removingAnAccountRevokesItsTokensAndCodesAndKeepsTheDevices(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug]), ("bob", [Fixtures.plug])]))
            try store.addAccount(user: "alice", login: "alice", password: "pw-a", now: now)
            try store.addAccount(user: "bob", login: "bob", password: "pw-b", now: now)
            let alices = try linkedTokens(store, user: "alice", client: "google")
            let cli = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            let code = try store.issueAuthorizationCode(grant("alice", client: "google"), now: now, ttl: 600)
            let bobs = try linkedTokens(store, user: "bob", client: "google")

            #expect(try store.removeAccount(user: "alice"))
            #expect(try store.removeAccount(user: "alice") == false)
            #expect(try store.removeAccount(user: "nobody") == false)
            #expect(try store.accounts().map(\.agentUserId) == ["bob"])
            #expect(try store.signInRecord(login: "alice") == nil)
            #expect(try store.principal(forToken: alices.accessToken, now: now) == nil)
            #expect(try store.authenticate(token: cli, now: now) == nil)
            #expect(
                try store.redeemAuthorizationCode(code, accessTTL: 60, now: now) { _ in true } == .replayed(revoked: 0)
            )
            #expect(try store.devices(forUser: "alice") == [Fixtures.plug])
            #expect(try store.principal(forToken: bobs.accessToken, now: now) == bobs.principal)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func aCodeIsRedeemedOnceAndAReplayRevokesWhatItGave(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug])]))
            let code = try store.issueAuthorizationCode(grant("alice", client: "google"), now: now, ttl: 600)
            #expect(code.count == 43)
            // Refused by the caller's check: the code stays unused, and the check saw the stored grant.
            var seen: StoredAuthorizationCode?
            #expect(
                try store.redeemAuthorizationCode(code, accessTTL: 60, now: now) { stored in
                    seen = stored
                    return false
                } == .refused
            )
            #expect(seen == StoredAuthorizationCode(grant: grant("alice", client: "google"), expires: later(600)))
            let redemption = try store.redeemAuthorizationCode(code, accessTTL: 60, now: now) { _ in true }
            guard case .issued(let tokens) = redemption else {
                Issue.record("expected tokens, got \(redemption)")
                return
            }
            #expect(tokens.expiresIn == 60)
            #expect(tokens.principal == Principal(agentUserId: "alice", clientId: "google"))
            #expect(try store.principal(forToken: tokens.accessToken, now: later(59)) == tokens.principal)
            #expect(try store.principal(forToken: tokens.accessToken, now: later(60)) == nil)
            // A refresh token never opens `/fulfillment`.
            #expect(try store.principal(forToken: tokens.refreshToken ?? "", now: now) == nil)
            // Replayed: both tokens issued from it are revoked.
            #expect(
                try store.redeemAuthorizationCode(code, accessTTL: 60, now: now) { _ in true } == .replayed(revoked: 2)
            )
            #expect(try store.principal(forToken: tokens.accessToken, now: now) == nil)
            #expect(try store.redeemAuthorizationCode("not-a-code", accessTTL: 60, now: now) { _ in true } == .unknown)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func refreshTokensWorkForTheirClientOnlyAndRotateWithAGracePeriod(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug])]))
            let tokens = try linkedTokens(store, user: "alice", client: "google")
            let refresh = try #require(tokens.refreshToken)
            func refreshed(
                _ token: String,
                client: String = "google",
                rotation: RefreshRotation?,
                at time: UnixTime
            )
                throws -> IssuedTokens?
            {
                let outcome = try store.refreshAccessToken(
                    token,
                    clientId: client,
                    accessTTL: 60,
                    rotation: rotation,
                    now: time
                )
                guard case .issued(let issued) = outcome else { return nil }
                return issued
            }
            #expect(try refreshed(refresh, client: "other", rotation: nil, at: now) == nil)
            #expect(try refreshed(tokens.accessToken, rotation: nil, at: now) == nil)
            #expect(try refreshed("not-a-token", rotation: nil, at: now) == nil)
            // Without rotation: a new access token, the same refresh token keeps working.
            let plain = try #require(try refreshed(refresh, rotation: nil, at: now))
            #expect(plain.refreshToken == nil)
            #expect(try store.principal(forToken: plain.accessToken, now: now) == tokens.principal)
            // With rotation: a new refresh token; the old one works for the grace period after its first rotation.
            let rotation = RefreshRotation(graceSeconds: 30)
            let rotated = try #require(try refreshed(refresh, rotation: rotation, at: later(100)))
            let newRefresh = try #require(rotated.refreshToken)
            #expect(newRefresh != refresh)
            #expect(try refreshed(refresh, rotation: rotation, at: later(129)) != nil)
            #expect(try refreshed(refresh, rotation: rotation, at: later(130)) == nil)
            #expect(try refreshed(newRefresh, rotation: rotation, at: later(130)) != nil)
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func accountsSurviveARestart(factory: StoreFactory) throws {
        try withReopenedStore(factory) { store in
            try store.addAccount(user: "alice", login: "alice@example.com", password: "pw", now: now)
            try store.updateLoginAttempts(user: "alice") { $0 = LoginAttempts(failures: 3, windowStart: now) }
        } read: { (store) throws in
            #expect(try store.accounts() == [Account(agentUserId: "alice", login: "alice@example.com", created: now)])
            let record = try #require(try store.signInRecord(login: "alice@example.com"))
            #expect(record.attempts == LoginAttempts(failures: 3, windowStart: now))
        }
    }
}
