import Clocks
import Cryptography
import Synchronization

// Bearer tokens (migrations "v1" and "v5: accounts"): only their SHA-256 hashes are stored. On SQLite a known token
// is answered from the read cache; on PostgreSQL every check reads the database, so a revocation by any instance
// (DISCONNECT, `users remove`) is refused by every instance at once (``RegistryDatabase/cachesTokens``).

extension SQLRegistry {
    /// Also creates the user when it has no devices yet, so a token can be issued before the first import.
    public func issueToken(forUser agentUserId: String, ttl: Int?, now: UnixTime) throws -> String {
        let token = try newToken()
        let hash = tokenHash(token)
        let expires = ttl.map { UnixTime.expiry(from: now, ttl: $0) }
        let occurred = state.clock.unixMilliseconds
        defer { invalidateCache(forUser: agentUserId) }
        try engine.write(.user(agentUserId)) { c in
            if try Self.insertUser(c, agentUserId) {
                try Self.recordChange(c, RegistryRows.userChange(agentUserId, "created"), occurred: occurred)
            }
            try c.execute(
                "INSERT INTO token (hash, userId, created, expires) VALUES (?, ?, ?, ?)",
                [.bytes(hash.bytes), .text(agentUserId), .int(now.seconds), SQLValue(expires)]
            )
            try Self.markLinked(c, user: agentUserId)
            try Self.recordChange(c, RegistryRows.userChange(agentUserId, "linked"), occurred: occurred)
        }
        notifyChanges()
        return token
    }

    public func principal(forToken token: String, now: UnixTime) throws -> Principal? {
        let hash = tokenHash(token)
        guard engine.cachesTokens else {
            return try engine.readEach { c in try Self.tokenRecord(c, hash) }?.principal(forHash: hash, now: now)
        }
        // The lookup answers `.some(record)` on a hit; a token the database does not know loads as `nil`.
        let record: TokenRecord? = try readThroughCache(user: nil) { cache, counters in
            cache.token(hash, at: counters.fleet).map(Optional.some)
        } load: { c, counters in
            guard let record = try Self.tokenRecord(c, hash) else { return nil }
            // Only known tokens are cached: unknown ones would let a client fill memory.
            state.cache.withLock { $0.store(token: record, at: counters.fleet) }
            return record
        }
        return record?.principal(forHash: hash, now: now)
    }

    /// The stored record of the token whose hash is `hash`, if any.
    private static func tokenRecord(_ c: Engine.Connection, _ hash: SHA256Digest) throws -> TokenRecord? {
        let record = try c.first(
            "SELECT hash, userId, expires, revoked, clientId, kind FROM token WHERE hash = ?",
            [.bytes(hash.bytes)]
        ) { row -> TokenRecord? in
            // A stored hash of another length cannot have matched a digest; nor can it name anyone.
            guard let stored = SHA256Digest(bytes: try row.bytes(0)) else { return nil }
            return TokenRecord(
                hash: stored,
                principal: Principal(agentUserId: try row.string(1), clientId: try row.optionalString(4)),
                expires: try row.optionalInt64(2),
                revoked: try row.bool(3),
                isRefresh: try row.optionalString(5) == "refresh"
            )
        }
        return record ?? nil
    }

    public func revokeTokens(forUser agentUserId: String) throws -> Int {
        defer { invalidateCache(forUser: agentUserId) }
        return try engine.write(.user(agentUserId)) { c in
            try c.execute("UPDATE token SET revoked = TRUE WHERE userId = ? AND NOT revoked", [.text(agentUserId)])
        }
    }

    public func revokeTokens(forUser agentUserId: String, clientId: String?) throws -> Int {
        defer { invalidateCache(forUser: agentUserId) }
        return try engine.write(.user(agentUserId)) { c in
            try Self.revokeTokens(c, user: agentUserId, clientId: clientId)
        }
    }

    public func disconnect(user agentUserId: String, clientId: String?) throws -> Int {
        defer { invalidateCache(forUser: agentUserId) }
        let occurred = state.clock.unixMilliseconds
        let revoked = try engine.write(.user(agentUserId)) { c in
            try Self.unlink(c, user: agentUserId, clientId: clientId, occurred: occurred)
        }
        forgetRecordedSync(forUser: agentUserId)
        notifyChanges()
        return revoked
    }

    /// What DISCONNECT (and an RFC 7009 revocation) does, inside the caller's write transaction: revokes the user's
    /// tokens of the client (``revokeTokens(_:user:clientId:)``), marks the user unlinked and records
    /// `user unlinked`. How many tokens. The caller then invalidates the cache, forgets the recorded SYNC and
    /// notifies the change feed.
    package static func unlink(
        _ c: Engine.Connection,
        user agentUserId: String,
        clientId: String?,
        occurred: Int64
    )
        throws -> Int
    {
        let revoked = try revokeTokens(c, user: agentUserId, clientId: clientId)
        try markUnlinked(c, user: agentUserId)
        try recordChange(c, RegistryRows.userChange(agentUserId, "unlinked"), occurred: occurred)
        return revoked
    }

    /// Revokes the user's tokens of one client and spends the user's unused authorization codes for that client, so
    /// none turns into a token afterwards; with `clientId` `nil`, the `hearth token issue` tokens. How many tokens.
    package static func revokeTokens(_ c: Engine.Connection, user agentUserId: String, clientId: String?) throws -> Int
    {
        let revoked = try c.execute(
            "UPDATE token SET revoked = TRUE WHERE userId = ? AND clientId IS NOT DISTINCT FROM ? AND NOT revoked",
            [.text(agentUserId), SQLValue(clientId)]
        )
        if let clientId {
            try c.execute(
                "UPDATE authorization_code SET used = TRUE WHERE userId = ? AND clientId = ? AND NOT used",
                [.text(agentUserId), .text(clientId)]
            )
        }
        return revoked
    }
}
