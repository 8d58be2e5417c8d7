import Clocks
import Cryptography
import Foundation
import GRDB
import RegistryTestSupport
import Testing

@testable import Registry
@testable import RegistrySQLite

/// "v11: upstream sign-ins" on SQLite: a database of the previous schema upgrades in place, its tokens keep working
/// and can be revoked, and sign-ins can be started and finished in it.
struct SQLiteRegistryUpstreamSignInTests {
    @Test func aV10DatabaseUpgradesInPlaceAndKeepsItsTokens() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("registry.sqlite")
        let old = try DatabaseQueue(path: path)
        try SQLiteRegistry.migrator.migrate(old, upTo: "v10: change log on the hot path")
        try old.write { db in
            try db.execute(sql: "INSERT INTO user (id) VALUES ('u')")
            try db.execute(
                sql: """
                    INSERT INTO token (hash, userId, created, expires, clientId, kind, grantId)
                        VALUES (?, 'u', 1700000000, NULL, 'google', 'refresh', 'grant')
                    """,
                arguments: [SHA256.digest(utf8: "the-refresh-token").data]
            )
        }
        try old.close()

        let store = try SQLiteRegistry(path: path)
        let tables = try store.pool.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE name IN ('upstream_sign_in', 'pending_consent') ORDER BY name"
            )
        }
        #expect(tables == ["pending_consent", "upstream_sign_in"])
        let now = UnixTime(seconds: 1_700_000_100)
        let grant = AuthorizationGrant(agentUserId: "", clientId: "google", redirectURI: "https://example.com/cb")
        let signIn = UpstreamSignIn(
            request: grant,
            clientState: nil,
            nonce: "n",
            codeVerifier: "v",
            browserBinding: "b",
            expires: UnixTime(seconds: now.seconds + 600)
        )
        try store.beginUpstreamSignIn(state: "s", signIn)
        #expect(try store.takeUpstreamSignIn(state: "s", now: now) == signIn)
        #expect(
            try store.revokeGrant(token: "the-refresh-token", clientId: "google", now: now)
                == .revoked(agentUserId: "u", tokens: 1)
        )
        try store.close()
    }

    /// A new sign-in does not touch the change counter: cached devices and tokens stay valid.
    @Test func signInsAndConsentsDoNotBumpTheChangeCounter() throws {
        let directory = try ScratchDirectory()
        let store = try SQLiteRegistry(path: directory.path("registry.sqlite"))
        let before = try store.pool.read { db in try SQLiteRegistry.generation(db) }
        let now = UnixTime(seconds: 1_700_000_000)
        let grant = AuthorizationGrant(agentUserId: "u", clientId: "google", redirectURI: "https://example.com/cb")
        try store.beginUpstreamSignIn(
            state: "s",
            UpstreamSignIn(
                request: grant,
                clientState: nil,
                nonce: "n",
                codeVerifier: "v",
                browserBinding: "b",
                expires: UnixTime(seconds: now.seconds + 600)
            )
        )
        try store.savePendingConsent(handle: "h", grant: grant, expires: UnixTime(seconds: now.seconds + 600))
        #expect(try store.takeUpstreamSignIn(state: "s", now: now) != nil)
        #expect(try store.takePendingConsent(handle: "h", now: now) == grant)
        #expect(try store.pool.read { db in try SQLiteRegistry.generation(db) } == before)
        try store.close()
    }
}
