import Clocks
import Cryptography
import PostgreSQL
import Registry
import Synchronization

// Accounts, authorization codes and OAuth tokens on PostgreSQL, as SQLite's (`SQLiteRegistry+Accounts.swift`).
// Codes and tokens are stored as their SHA-256 hashes; a token's `grantId` is the hex of its code's hash. A code is
// redeemed under a row lock (`FOR UPDATE`), so two instances receiving the same code at once issue tokens once.

extension PostgreSQLRegistry: AccountStore {
    public func addAccount(user agentUserId: String, login: String, password: String, now: UnixTime) throws {
        let hash = try PasswordHasher.hash(password: password)
        try write { c, _ in
            let taken =
                try c.query(
                    "SELECT EXISTS (SELECT 1 FROM account WHERE login = $1 OR userId = $2)",
                    [.text(login), .text(agentUserId)]
                ).first?.bool(0) ?? false
            if taken {
                throw RegistryError(
                    code: .conflict,
                    message: "the login \"\(login)\" is taken, or user \"\(agentUserId)\" already has an account"
                )
            }
            _ = try Self.insertUser(c, agentUserId)
            try c.query(
                "INSERT INTO account (userId, login, passwordHash, created) VALUES ($1, $2, $3, $4)",
                [.text(agentUserId), .text(login), .text(hash), .int(now.seconds)]
            )
        }
    }

    public func accounts() throws -> [Account] {
        try pool.query("SELECT userId, login, created FROM account ORDER BY userId COLLATE \"C\"").rows.map { row in
            Account(
                agentUserId: try row.string(0),
                login: try row.string(1),
                created: UnixTime(seconds: try row.int64(2))
            )
        }
    }

    public func removeAccount(user agentUserId: String) throws -> Bool {
        defer { cache.withLock { $0.invalidate() } }
        return try write { c, _ in
            guard try c.query("DELETE FROM account WHERE userId = $1", [.text(agentUserId)]).affectedRows > 0 else {
                return false
            }
            try c.query("UPDATE token SET revoked = true WHERE userId = $1 AND NOT revoked", [.text(agentUserId)])
            try c.query(
                "UPDATE authorization_code SET used = true WHERE userId = $1 AND NOT used",
                [.text(agentUserId)]
            )
            return true
        }
    }

    public func signInRecord(login: String) throws -> SignInRecord? {
        guard
            let row = try pool.query(
                "SELECT userId, passwordHash, failures, windowStart, lockedUntil FROM account WHERE login = $1",
                [.text(login)]
            ).first
        else { return nil }
        return SignInRecord(
            agentUserId: try row.string(0),
            passwordHash: try row.string(1),
            attempts: LoginAttempts(
                failures: try row.int(2),
                windowStart: try row.optionalInt64(3).map(UnixTime.init(seconds:)),
                lockedUntil: try row.optionalInt64(4).map(UnixTime.init(seconds:))
            )
        )
    }

    public func issueAuthorizationCode(_ grant: AuthorizationGrant, now: UnixTime, ttl: Int) throws -> String {
        let code = try newToken()
        try pool.query(
            """
            INSERT INTO authorization_code (hash, userId, clientId, redirectURI, codeChallenge, scope, created, expires) \
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """,
            [
                .bytes(tokenHash(code).bytes), .text(grant.agentUserId), .text(grant.clientId),
                .text(grant.redirectURI),
                PostgreSQLValue(grant.codeChallenge), PostgreSQLValue(grant.scope), .int(now.seconds),
                .int(UnixTime.expiry(from: now, ttl: ttl)),
            ]
        )
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
        let redemption = try write { c, _ -> CodeRedemption in
            guard
                let row = try c.query(
                    "SELECT userId, clientId, redirectURI, codeChallenge, scope, expires, used "
                        + "FROM authorization_code WHERE hash = $1 FOR UPDATE",
                    [.bytes(hash.bytes)]
                ).first
            else { return .unknown }
            if try row.bool(6) {
                let revoked = try c.query(
                    "UPDATE token SET revoked = true WHERE grantId = $1 AND NOT revoked",
                    [.text(grantId)]
                ).affectedRows
                return .replayed(revoked: revoked)
            }
            let stored = StoredAuthorizationCode(
                grant: AuthorizationGrant(
                    agentUserId: try row.string(0),
                    clientId: try row.string(1),
                    redirectURI: try row.string(2),
                    codeChallenge: try row.optionalString(3),
                    scope: try row.optionalString(4)
                ),
                expires: UnixTime(seconds: try row.int64(5))
            )
            guard accept(stored) else { return .refused }
            try c.query("UPDATE authorization_code SET used = true WHERE hash = $1", [.bytes(hash.bytes)])
            let principal = Principal(agentUserId: stored.grant.agentUserId, clientId: stored.grant.clientId)
            let access = try Self.insertToken(c, principal, kind: "access", grantId: grantId, ttl: accessTTL, now: now)
            let refresh = try Self.insertToken(c, principal, kind: "refresh", grantId: grantId, ttl: nil, now: now)
            try Self.markLinked(c, user: principal.agentUserId)
            try Self.recordChange(
                c,
                RegistryRows.userChange(principal.agentUserId, "linked"),
                occurred: occurred
            )
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
        return try write { c, _ in
            guard
                let row = try c.query(
                    "SELECT userId, clientId, kind, revoked, grantId, replacedAt FROM token WHERE hash = $1 FOR UPDATE",
                    [.bytes(hash.bytes)]
                ).first,
                try row.string(2) == "refresh", try !row.bool(3), try row.optionalString(1) == clientId
            else { return .invalid }
            let replacedAt = try row.optionalInt64(5)
            if let replacedAt {
                let grace = Int64(rotation?.graceSeconds ?? 0)
                guard now.seconds < replacedAt + grace else { return .invalid }
            }
            let principal = Principal(agentUserId: try row.string(0), clientId: clientId)
            let grantId = try row.optionalString(4)
            let access = try Self.insertToken(c, principal, kind: "access", grantId: grantId, ttl: accessTTL, now: now)
            var newRefresh: String?
            if rotation != nil {
                newRefresh = try Self.insertToken(c, principal, kind: "refresh", grantId: grantId, ttl: nil, now: now)
                if replacedAt == nil {
                    try c.query(
                        "UPDATE token SET replacedAt = $1 WHERE hash = $2",
                        [.int(now.seconds), .bytes(hash.bytes)]
                    )
                }
            }
            return .issued(
                IssuedTokens(accessToken: access, expiresIn: accessTTL, refreshToken: newRefresh, principal: principal)
            )
        }
    }

    private static func insertToken(
        _ c: PostgreSQLConnection,
        _ principal: Principal,
        kind: String,
        grantId: String?,
        ttl: Int?,
        now: UnixTime
    ) throws -> String {
        let token = try newToken()
        try c.query(
            "INSERT INTO token (hash, userId, created, expires, clientId, kind, grantId) "
                + "VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [
                .bytes(tokenHash(token).bytes), .text(principal.agentUserId), .int(now.seconds),
                PostgreSQLValue(ttl.map { UnixTime.expiry(from: now, ttl: $0) }), PostgreSQLValue(principal.clientId),
                .text(kind), PostgreSQLValue(grantId),
            ]
        )
        return token
    }
}
