import Clocks
import Cryptography
import Foundation
import GRDB
import Registry
import Synchronization

// Accounts, authorization codes and OAuth tokens (migration "v5: accounts"). Codes and tokens are stored as their
// SHA-256 hashes; a token's `grantId` is the hex of the hash of the code it descends from.

extension SQLiteRegistry: AccountStore {
    public func addAccount(user agentUserId: String, login: String, password: String, now: UnixTime) throws {
        // Hashing takes a noticeable time: done before the writer is taken.
        let hash = try PasswordHasher.hash(password: password)
        try pool.write { db in
            let taken = try Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM account WHERE login = ? OR userId = ?)",
                arguments: [login, agentUserId]
            )
            if taken == true {
                throw RegistryError(
                    code: .conflict,
                    message: "the login \"\(login)\" is taken, or user \"\(agentUserId)\" already has an account"
                )
            }
            try db.execute(sql: "INSERT OR IGNORE INTO user (id) VALUES (?)", arguments: [agentUserId])
            try db.execute(
                sql: "INSERT INTO account (userId, login, passwordHash, created) VALUES (?, ?, ?, ?)",
                arguments: [agentUserId, login, hash, now.seconds]
            )
        }
    }

    public func accounts() throws -> [Account] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT userId, login, created FROM account ORDER BY userId").map { row in
                Account(agentUserId: row[0], login: row[1], created: UnixTime(seconds: row[2]))
            }
        }
    }

    public func removeAccount(user agentUserId: String) throws -> Bool {
        defer { cache.withLock { $0.invalidate() } }
        return try pool.write { db in
            try db.execute(sql: "DELETE FROM account WHERE userId = ?", arguments: [agentUserId])
            guard db.changesCount > 0 else { return false }
            try db.execute(
                sql: "UPDATE token SET revoked = 1 WHERE userId = ? AND revoked = 0",
                arguments: [agentUserId]
            )
            try db.execute(
                sql: "UPDATE authorization_code SET used = 1 WHERE userId = ? AND used = 0",
                arguments: [agentUserId]
            )
            return true
        }
    }

    public func signInRecord(login: String) throws -> SignInRecord? {
        try pool.read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT userId, passwordHash, failures, windowStart, lockedUntil FROM account WHERE login = ?"
                ),
                arguments: [login]
            )
            return row.map { row in
                SignInRecord(agentUserId: row[0], passwordHash: row[1], attempts: Self.loginAttempts(row, from: 2))
            }
        }
    }

    public func updateLoginAttempts<T>(user agentUserId: String, _ body: (inout LoginAttempts) throws -> T) throws -> T
    {
        try pool.write { db in
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT failures, windowStart, lockedUntil FROM account WHERE userId = ?"),
                arguments: [agentUserId]
            )
            var attempts = row.map { Self.loginAttempts($0, from: 0) } ?? LoginAttempts()
            let before = attempts
            let result = try body(&attempts)
            if row != nil, attempts != before {
                try db.cachedStatement(
                    sql: "UPDATE account SET failures = ?, windowStart = ?, lockedUntil = ? WHERE userId = ?"
                ).execute(arguments: [
                    attempts.failures, attempts.windowStart?.seconds, attempts.lockedUntil?.seconds, agentUserId,
                ])
            }
            return result
        }
    }

    private static func loginAttempts(_ row: Row, from index: Int) -> LoginAttempts {
        let windowStart: Int64? = row[index + 1]
        let lockedUntil: Int64? = row[index + 2]
        return LoginAttempts(
            failures: row[index],
            windowStart: windowStart.map(UnixTime.init(seconds:)),
            lockedUntil: lockedUntil.map(UnixTime.init(seconds:))
        )
    }

    // MARK: - Codes

    public func issueAuthorizationCode(_ grant: AuthorizationGrant, now: UnixTime, ttl: Int) throws -> String {
        let code = try newToken()
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO authorization_code
                        (hash, userId, clientId, redirectURI, codeChallenge, scope, created, expires)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    tokenHash(code).data, grant.agentUserId, grant.clientId, grant.redirectURI, grant.codeChallenge,
                    grant.scope, now.seconds, UnixTime.expiry(from: now, ttl: ttl),
                ]
            )
        }
        return code
    }

    public func redeemAuthorizationCode(
        _ code: String,
        accessTTL: Int,
        now: UnixTime,
        accept: (StoredAuthorizationCode) -> Bool
    ) throws -> CodeRedemption {
        let hash = tokenHash(code)
        let grantId = Hex.encode(hash.bytes)
        let occurred = clock.unixMilliseconds
        defer { cache.withLock { $0.invalidate() } }
        let redemption = try pool.write { db -> CodeRedemption in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT userId, clientId, redirectURI, codeChallenge, scope, expires, used
                    FROM authorization_code WHERE hash = ?
                    """,
                arguments: [hash.data]
            )
            guard let row else { return .unknown }
            if row[6] as Bool {
                try db.execute(
                    sql: "UPDATE token SET revoked = 1 WHERE grantId = ? AND revoked = 0",
                    arguments: [grantId]
                )
                return .replayed(revoked: db.changesCount)
            }
            let stored = StoredAuthorizationCode(
                grant: AuthorizationGrant(
                    agentUserId: row[0],
                    clientId: row[1],
                    redirectURI: row[2],
                    codeChallenge: row[3],
                    scope: row[4]
                ),
                expires: UnixTime(seconds: row[5])
            )
            guard accept(stored) else { return .refused }
            try db.execute(sql: "UPDATE authorization_code SET used = 1 WHERE hash = ?", arguments: [hash.data])
            let principal = Principal(agentUserId: stored.grant.agentUserId, clientId: stored.grant.clientId)
            let access = try Self.insertToken(db, principal, kind: "access", grantId: grantId, ttl: accessTTL, now: now)
            let refresh = try Self.insertToken(db, principal, kind: "refresh", grantId: grantId, ttl: nil, now: now)
            // A new link: HomeGraph work for the user is queued and sent again (it stopped at DISCONNECT).
            try Self.markLinked(db, user: principal.agentUserId)
            try Self.recordChange(db, RegistryRows.userChange(principal.agentUserId, "linked"), occurred: occurred)
            return .issued(
                IssuedTokens(accessToken: access, expiresIn: accessTTL, refreshToken: refresh, principal: principal)
            )
        }
        if case .issued = redemption { notifyChanges() }
        return redemption
    }

    public func refreshAccessToken(
        _ refreshToken: String,
        clientId: String,
        accessTTL: Int,
        rotation: RefreshRotation?,
        now: UnixTime
    ) throws -> RefreshOutcome {
        let hash = tokenHash(refreshToken)
        defer { cache.withLock { $0.invalidate() } }
        return try pool.write { db in
            let row = try Row.fetchOne(
                db,
                sql: "SELECT userId, clientId, kind, revoked, grantId, replacedAt FROM token WHERE hash = ?",
                arguments: [hash.data]
            )
            guard let row, (row[2] as String) == "refresh", !(row[3] as Bool), (row[1] as String?) == clientId else {
                return .invalid
            }
            let replacedAt: Int64? = row[5]
            if let replacedAt {
                // Rotated before: valid only within the grace period after its first rotation.
                let grace = Int64(rotation?.graceSeconds ?? 0)
                guard now.seconds < replacedAt + grace else { return .invalid }
            }
            let principal = Principal(agentUserId: row[0], clientId: clientId)
            let grantId: String? = row[4]
            let access = try Self.insertToken(db, principal, kind: "access", grantId: grantId, ttl: accessTTL, now: now)
            var newRefresh: String?
            if rotation != nil {
                newRefresh = try Self.insertToken(db, principal, kind: "refresh", grantId: grantId, ttl: nil, now: now)
                if replacedAt == nil {
                    try db.execute(
                        sql: "UPDATE token SET replacedAt = ? WHERE hash = ?",
                        arguments: [now.seconds, hash.data]
                    )
                }
            }
            return .issued(
                IssuedTokens(accessToken: access, expiresIn: accessTTL, refreshToken: newRefresh, principal: principal)
            )
        }
    }

    /// Inserts a new token of `kind` and returns it.
    private static func insertToken(
        _ db: Database,
        _ principal: Principal,
        kind: String,
        grantId: String?,
        ttl: Int?,
        now: UnixTime
    ) throws -> String {
        let token = try newToken()
        try db.cachedStatement(
            sql: """
                INSERT INTO token (hash, userId, created, expires, clientId, kind, grantId)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            tokenHash(token).data, principal.agentUserId, now.seconds, ttl.map { UnixTime.expiry(from: now, ttl: $0) },
            principal.clientId, kind, grantId,
        ])
        return token
    }
}
