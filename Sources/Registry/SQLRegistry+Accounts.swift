import Clocks
import Cryptography
import Synchronization

// Accounts, authorization codes and OAuth tokens (migration "v5: accounts"). Codes and tokens are stored as their
// SHA-256 hashes; a token's `grantId` is the hex of the hash of the code it descends from. A code is redeemed under
// the writer lock (and on PostgreSQL a row lock too), so two processes receiving the same code at once issue tokens
// once.

extension SQLRegistry {
    public func addAccount(user agentUserId: String, login: String, password: String, now: UnixTime) throws {
        // Hashing takes a noticeable time: done before the writer is taken.
        let hash = try PasswordHasher.hash(password: password)
        // The fleet's lock: a login is unique across users, so the check below must see every other account's write.
        try engine.write(.fleet) { c in
            let taken = try c.first(
                "SELECT EXISTS (SELECT 1 FROM account WHERE login = ? OR userId = ?)",
                [.text(login), .text(agentUserId)]
            ) { try $0.bool(0) }
            if taken == true {
                throw RegistryError(
                    code: .conflict,
                    message: "the login \"\(login)\" is taken, or user \"\(agentUserId)\" already has an account"
                )
            }
            _ = try Self.insertUser(c, agentUserId)
            try c.execute(
                "INSERT INTO account (userId, login, passwordHash, created) VALUES (?, ?, ?, ?)",
                [.text(agentUserId), .text(login), .text(hash), .int(now.seconds)]
            )
        }
    }

    public func accounts() throws -> [Account] {
        let sql = "SELECT userId, login, created FROM account ORDER BY userId" + engine.dialect.byteOrder
        return try engine.readEach { c in
            try c.all(sql) { row in
                Account(
                    agentUserId: try row.string(0),
                    login: try row.string(1),
                    created: UnixTime(seconds: try row.int64(2))
                )
            }
        }
    }

    public func removeAccount(user agentUserId: String) throws -> Bool {
        defer { invalidateCache(forUser: agentUserId) }
        return try engine.write(.user(agentUserId)) { c in
            guard try c.execute("DELETE FROM account WHERE userId = ?", [.text(agentUserId)]) > 0 else {
                return false
            }
            try c.execute("UPDATE token SET revoked = TRUE WHERE userId = ? AND NOT revoked", [.text(agentUserId)])
            try c.execute(
                "UPDATE authorization_code SET used = TRUE WHERE userId = ? AND NOT used",
                [.text(agentUserId)]
            )
            return true
        }
    }

    public func signInRecord(login: String) throws -> SignInRecord? {
        try engine.readEach { c in
            try c.first(
                "SELECT userId, passwordHash, failures, windowStart, lockedUntil FROM account WHERE login = ?",
                [.text(login)]
            ) { row in
                SignInRecord(
                    agentUserId: try row.string(0),
                    passwordHash: try row.string(1),
                    attempts: try Self.loginAttempts(row, from: 2)
                )
            }
        }
    }

    public func updateLoginAttempts<T>(user agentUserId: String, _ body: (inout LoginAttempts) throws -> T) throws -> T
    {
        try engine.write(.user(agentUserId)) { c in
            let stored = try c.first(
                "SELECT failures, windowStart, lockedUntil FROM account WHERE userId = ?" + engine.dialect.rowLock,
                [.text(agentUserId)]
            ) { row in try Self.loginAttempts(row, from: 0) }
            var attempts = stored ?? LoginAttempts()
            let result = try body(&attempts)
            if let stored, attempts != stored {
                try c.execute(
                    "UPDATE account SET failures = ?, windowStart = ?, lockedUntil = ? WHERE userId = ?",
                    [
                        .int(Int64(attempts.failures)), SQLValue(attempts.windowStart?.seconds),
                        SQLValue(attempts.lockedUntil?.seconds), .text(agentUserId),
                    ]
                )
            }
            return result
        }
    }

    private static func loginAttempts(_ row: Engine.Connection.Row, from index: Int) throws -> LoginAttempts {
        LoginAttempts(
            failures: try row.int(index),
            windowStart: try row.optionalInt64(index + 1).map(UnixTime.init(seconds:)),
            lockedUntil: try row.optionalInt64(index + 2).map(UnixTime.init(seconds:))
        )
    }

    // MARK: - Codes

    public func issueAuthorizationCode(_ grant: AuthorizationGrant, now: UnixTime, ttl: Int) throws -> String {
        let code = try newToken()
        _ = try engine.writeUnlocked { c in
            try c.execute(
                """
                INSERT INTO authorization_code (hash, userId, clientId, redirectURI, codeChallenge, scope, created, \
                expires) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .bytes(tokenHash(code).bytes), .text(grant.agentUserId), .text(grant.clientId),
                    .text(grant.redirectURI), SQLValue(grant.codeChallenge), SQLValue(grant.scope), .int(now.seconds),
                    .int(UnixTime.expiry(from: now, ttl: ttl)),
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
        let occurred = state.clock.unixMilliseconds
        defer { invalidateTokenCache() }
        let owner = "SELECT userId FROM authorization_code WHERE hash = ?"
        let redemption = try writeForOwner(owner, [.bytes(hash.bytes)]) { c -> CodeRedemption in
            let row = try c.first(
                "SELECT userId, clientId, redirectURI, codeChallenge, scope, expires, used "
                    + "FROM authorization_code WHERE hash = ?" + engine.dialect.rowLock,
                [.bytes(hash.bytes)]
            ) { row in
                (
                    used: try row.bool(6),
                    code: StoredAuthorizationCode(
                        grant: AuthorizationGrant(
                            agentUserId: try row.string(0),
                            clientId: try row.string(1),
                            redirectURI: try row.string(2),
                            codeChallenge: try row.optionalString(3),
                            scope: try row.optionalString(4)
                        ),
                        expires: UnixTime(seconds: try row.int64(5))
                    )
                )
            }
            guard let row else { return .unknown }
            if row.used {
                let revoked = try c.execute(
                    "UPDATE token SET revoked = TRUE WHERE grantId = ? AND NOT revoked",
                    [.text(grantId)]
                )
                return .replayed(revoked: revoked)
            }
            let stored = row.code
            guard accept(stored) else { return .refused }
            try c.execute("UPDATE authorization_code SET used = TRUE WHERE hash = ?", [.bytes(hash.bytes)])
            let principal = Principal(agentUserId: stored.grant.agentUserId, clientId: stored.grant.clientId)
            let access = try Self.insertToken(c, principal, kind: "access", grantId: grantId, ttl: accessTTL, now: now)
            let refresh = try Self.insertToken(c, principal, kind: "refresh", grantId: grantId, ttl: nil, now: now)
            // A new link: HomeGraph work for the user is queued and sent again (it stopped at DISCONNECT).
            try Self.markLinked(c, user: principal.agentUserId)
            try Self.recordChange(c, RegistryRows.userChange(principal.agentUserId, "linked"), occurred: occurred)
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
        defer { invalidateTokenCache() }
        return try writeForOwner("SELECT userId FROM token WHERE hash = ?", [.bytes(hash.bytes)]) { c in
            let row = try c.first(
                "SELECT userId, clientId, kind, revoked, grantId, replacedAt FROM token WHERE hash = ?"
                    + engine.dialect.rowLock,
                [.bytes(hash.bytes)]
            ) { row in
                (
                    userId: try row.string(0), clientId: try row.optionalString(1), kind: try row.optionalString(2),
                    revoked: try row.bool(3), grantId: try row.optionalString(4), replacedAt: try row.optionalInt64(5)
                )
            }
            guard let row, row.kind == "refresh", !row.revoked, row.clientId == clientId else { return .invalid }
            if let replacedAt = row.replacedAt {
                // Rotated before: valid only within the grace period after its first rotation.
                let grace = Int64(rotation?.graceSeconds ?? 0)
                guard now.seconds < replacedAt + grace else { return .invalid }
            }
            let principal = Principal(agentUserId: row.userId, clientId: clientId)
            let grantId = row.grantId
            let access = try Self.insertToken(c, principal, kind: "access", grantId: grantId, ttl: accessTTL, now: now)
            var newRefresh: String?
            if rotation != nil {
                newRefresh = try Self.insertToken(c, principal, kind: "refresh", grantId: grantId, ttl: nil, now: now)
                if row.replacedAt == nil {
                    try c.execute(
                        "UPDATE token SET replacedAt = ? WHERE hash = ?",
                        [.int(now.seconds), .bytes(hash.bytes)]
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
        _ c: Engine.Connection,
        _ principal: Principal,
        kind: String,
        grantId: String?,
        ttl: Int?,
        now: UnixTime
    ) throws -> String {
        let token = try newToken()
        try c.execute(
            "INSERT INTO token (hash, userId, created, expires, clientId, kind, grantId) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .bytes(tokenHash(token).bytes), .text(principal.agentUserId), .int(now.seconds),
                SQLValue(ttl.map { UnixTime.expiry(from: now, ttl: $0) }), SQLValue(principal.clientId), .text(kind),
                SQLValue(grantId),
            ]
        )
        return token
    }
}
