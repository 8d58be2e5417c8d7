import Clocks
import Cryptography
import PostgreSQL
import Registry
import Synchronization

// Bearer tokens on PostgreSQL: only SHA-256 hashes are stored. Unlike SQLite's store, a token is checked against
// the database on every request: a revocation by any instance (DISCONNECT, `users remove`) is refused by every
// instance at once, not after a cache window. The lookup is one indexed read (`token_hash`).

extension PostgreSQLRegistry: TokenStore {
    public func issueToken(forUser agentUserId: String, ttl: Int?, now: UnixTime) throws -> String {
        let token = try newToken()
        let expires = ttl.map { UnixTime.expiry(from: now, ttl: $0) }
        let occurred = clock.unixMilliseconds
        defer { cache.withLock { $0.invalidate() } }
        try write { c, _ in
            if try Self.insertUser(c, agentUserId) {
                try Self.recordChange(c, RegistryRows.userChange(agentUserId, "created"), occurred: occurred)
            }
            try c.query(
                "INSERT INTO token (hash, userId, created, expires) VALUES ($1, $2, $3, $4)",
                [.bytes(tokenHash(token).bytes), .text(agentUserId), .int(now.seconds), PostgreSQLValue(expires)]
            )
            try Self.markLinked(c, user: agentUserId)
            try Self.recordChange(c, RegistryRows.userChange(agentUserId, "linked"), occurred: occurred)
        }
        notifyChanges()
        return token
    }

    public func principal(forToken token: String, now: UnixTime) throws -> Principal? {
        let hash = tokenHash(token)
        guard
            let row = try pool.query(
                "SELECT hash, userId, expires, revoked, clientId, kind FROM token WHERE hash = $1",
                [.bytes(hash.bytes)]
            ).first,
            // A stored hash of another length cannot have matched a digest; nor can it name anyone.
            let stored = SHA256Digest(bytes: try row.bytes(0))
        else { return nil }
        let record = TokenRecord(
            hash: stored,
            principal: Principal(agentUserId: try row.string(1), clientId: try row.optionalString(4)),
            expires: try row.optionalInt64(2),
            revoked: try row.bool(3),
            isRefresh: try row.string(5) == "refresh"
        )
        return record.principal(forHash: hash, now: now)
    }

    public func revokeTokens(forUser agentUserId: String) throws -> Int {
        defer { cache.withLock { $0.invalidate() } }
        return try write { c, _ in
            try c.query(
                "UPDATE token SET revoked = true WHERE userId = $1 AND NOT revoked",
                [.text(agentUserId)]
            ).affectedRows
        }
    }

    public func revokeTokens(forUser agentUserId: String, clientId: String?) throws -> Int {
        defer { cache.withLock { $0.invalidate() } }
        return try write { c, _ in try Self.revokeTokens(c, user: agentUserId, clientId: clientId) }
    }

    public func disconnect(user agentUserId: String, clientId: String?) throws -> Int {
        defer { cache.withLock { $0.invalidate() } }
        let occurred = clock.unixMilliseconds
        let revoked = try write { c, _ in
            let revoked = try Self.revokeTokens(c, user: agentUserId, clientId: clientId)
            try Self.markUnlinked(c, user: agentUserId)
            try Self.recordChange(c, RegistryRows.userChange(agentUserId, "unlinked"), occurred: occurred)
            return revoked
        }
        forgetRecordedSync(forUser: agentUserId)
        notifyChanges()
        return revoked
    }

    /// Revokes the user's tokens of one client and spends its unused codes (with `clientId` `nil`, the
    /// `hearth token issue` tokens); how many tokens.
    static func revokeTokens(_ c: PostgreSQLConnection, user agentUserId: String, clientId: String?) throws -> Int {
        let revoked = try c.query(
            "UPDATE token SET revoked = true WHERE userId = $1 AND clientId IS NOT DISTINCT FROM $2 AND NOT revoked",
            [.text(agentUserId), PostgreSQLValue(clientId)]
        ).affectedRows
        if let clientId {
            try c.query(
                "UPDATE authorization_code SET used = true WHERE userId = $1 AND clientId = $2 AND NOT used",
                [.text(agentUserId), .text(clientId)]
            )
        }
        return revoked
    }
}
