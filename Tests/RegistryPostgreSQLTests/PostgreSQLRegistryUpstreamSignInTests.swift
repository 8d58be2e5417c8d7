import Clocks
import Foundation
import HearthTestSupport
import PostgreSQL
import Testing

@testable import Registry
@testable import RegistryPostgreSQL

/// "v11: upstream sign-ins" on PostgreSQL: a database of the previous schema upgrades in place, and a sign-in or a
/// revocation made through one instance holds at another at once.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLRegistryUpstreamSignInTests {
    let now = UnixTime(seconds: 1_800_000_000)

    var signIn: UpstreamSignIn {
        UpstreamSignIn(
            request: AuthorizationGrant(agentUserId: "", clientId: "google", redirectURI: "https://example.com/cb"),
            clientState: "google-state",
            nonce: "n",
            codeVerifier: "v",
            browserBinding: "b",
            expires: UnixTime(seconds: now.seconds + 600)
        )
    }

    @Test func aV10DatabaseUpgradesInPlaceAndKeepsItsTokens() throws {
        let url = try PostgreSQLCluster.start().createDatabase()
        // The schema as the release before sign-ins left it: every migration before them, recorded as `migrate` does.
        let previous = PostgreSQLRegistry.migrations.prefix { $0.name != "v11: upstream sign-ins" }
        #expect(previous.count < PostgreSQLRegistry.migrations.count)
        let pool = try PostgreSQLPool(url: url, size: 1)
        try pool.withConnection { connection in
            try connection.execute(
                "CREATE TABLE hearth_migration (name TEXT PRIMARY KEY, position INTEGER NOT NULL)"
            )
            for (position, migration) in previous.enumerated() {
                try connection.execute(migration.sql)
                try connection.query(
                    "INSERT INTO hearth_migration (name, position) VALUES ($1, $2)",
                    [.text(migration.name), .int(Int64(position))]
                )
            }
            try connection.query("INSERT INTO \"user\" (id) VALUES ('u')")
            try connection.query(
                """
                INSERT INTO token (userId, hash, created, expires, clientId, kind, grantId)
                    VALUES ('u', $1, 1800000000, NULL, 'google', 'refresh', 'grant')
                """,
                [.bytes(Array(tokenHash("the-refresh-token").data))]
            )
        }
        pool.close()

        let store = try PostgreSQLRegistry(url: url)
        try store.beginUpstreamSignIn(state: "s", signIn)
        #expect(try store.takeUpstreamSignIn(state: "s", now: now) == signIn)
        #expect(
            try store.revokeGrant(token: "the-refresh-token", clientId: "google", now: now)
                == .revoked(agentUserId: "u", tokens: 1)
        )
        store.close()
    }

    @Test func aSignInStartedAtOneInstanceIsFinishedAtTheOther() throws {
        let url = try PostgreSQLCluster.start().createDatabase()
        let a = try PostgreSQLRegistry(url: url)
        let b = try PostgreSQLRegistry(url: url, revalidationInterval: .seconds(3600))
        try a.beginUpstreamSignIn(state: "s", signIn)
        #expect(try b.takeUpstreamSignIn(state: "s", now: now) == signIn)
        #expect(try a.takeUpstreamSignIn(state: "s", now: now) == nil)
        try b.savePendingConsent(handle: "h", grant: signIn.request, expires: signIn.expires)
        #expect(try a.takePendingConsent(handle: "h", now: now) == signIn.request)
        a.close()
        b.close()
    }

    /// `b` caches tokens for an hour, yet refuses a token revoked through `a` at once (PostgreSQL reads every check).
    @Test func aRevocationThroughOneInstanceIsRefusedByTheOtherAtOnce() throws {
        let url = try PostgreSQLCluster.start().createDatabase()
        let a = try PostgreSQLRegistry(url: url)
        let b = try PostgreSQLRegistry(url: url, revalidationInterval: .seconds(3600))
        _ = try a.createUser("u")
        let code = try a.issueAuthorizationCode(
            AuthorizationGrant(agentUserId: "u", clientId: "google", redirectURI: "https://example.com/cb"),
            now: now,
            ttl: 600
        )
        guard
            case .issued(let tokens) = try a.redeemAuthorizationCode(
                code,
                accessTTL: 3600,
                now: now,
                accept: { _ in true }
            )
        else {
            Issue.record("the code was not redeemed")
            return
        }
        #expect(try b.principal(forToken: tokens.accessToken, now: now) == tokens.principal)
        #expect(
            try a.revokeGrant(token: tokens.accessToken, clientId: "google", now: now)
                == .revoked(agentUserId: "u", tokens: 2)
        )
        #expect(try b.principal(forToken: tokens.accessToken, now: now) == nil)
        a.close()
        b.close()
    }
}
