import Clocks
import Cryptography
import Foundation
import GRDB
import Registry
import Synchronization

// Bearer tokens (migrations "v1" and "v5: accounts"): only their SHA-256 hashes are stored; a known token is
// answered from the read cache.

extension SQLiteRegistry: TokenStore {
    /// Also creates the user when it has no devices yet, so a token can be issued before the first import.
    public func issueToken(forUser agentUserId: String, ttl: Int?, now: UnixTime) throws -> String {
        let token = try newToken()
        let hash = tokenHash(token)
        let expires = ttl.map { UnixTime.expiry(from: now, ttl: $0) }
        let occurred = clock.unixMilliseconds
        defer { cache.withLock { $0.invalidate() } }
        try pool.write { db in
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO user (id) VALUES (?)").execute(arguments: [agentUserId])
            if db.changesCount > 0 {
                try Self.recordChange(db, RegistryRows.userChange(agentUserId, "created"), occurred: occurred)
            }
            try db.cachedStatement(sql: "INSERT INTO token (hash, userId, created, expires) VALUES (?, ?, ?, ?)")
                .execute(arguments: [hash.data, agentUserId, now.seconds, expires])
            try Self.markLinked(db, user: agentUserId)
            try Self.recordChange(db, RegistryRows.userChange(agentUserId, "linked"), occurred: occurred)
        }
        notifyChanges()
        return token
    }

    public func principal(forToken token: String, now: UnixTime) throws -> Principal? {
        let hash = tokenHash(token)
        // The lookup answers `.some(record)` on a hit; a token the database does not know loads as `nil`.
        let record: TokenRecord? = try readThroughCache { cache, generation in
            cache.token(hash, at: generation).map(Optional.some)
        } load: { db, generation in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT hash, userId, expires, revoked, clientId, kind FROM token WHERE hash = ?"
                ),
                arguments: [hash.data]
            )
            // A stored hash of another length cannot have matched a digest; nor can it name anyone.
            guard let row, let stored = SHA256Digest(bytes: (row[0] as Data?) ?? Data()) else { return nil }
            let record = TokenRecord(
                hash: stored,
                principal: Principal(agentUserId: row[1], clientId: row[4]),
                expires: row[2],
                revoked: row[3],
                isRefresh: (row[5] as String?) == "refresh"
            )
            // Only known tokens are cached: unknown ones would let a client fill memory.
            cache.withLock { $0.store(token: record, at: generation) }
            return record
        }
        return record?.principal(forHash: hash, now: now)
    }

    public func revokeTokens(forUser agentUserId: String) throws -> Int {
        defer { cache.withLock { $0.invalidate() } }
        return try pool.write { db in
            try db.cachedStatement(sql: "UPDATE token SET revoked = 1 WHERE userId = ? AND revoked = 0")
                .execute(arguments: [agentUserId])
            return db.changesCount
        }
    }

    public func revokeTokens(forUser agentUserId: String, clientId: String?) throws -> Int {
        defer { cache.withLock { $0.invalidate() } }
        return try pool.write { db in try Self.revokeTokens(db, user: agentUserId, clientId: clientId) }
    }

    public func disconnect(user agentUserId: String, clientId: String?) throws -> Int {
        defer { cache.withLock { $0.invalidate() } }
        let occurred = clock.unixMilliseconds
        let revoked = try pool.write { db in
            let revoked = try Self.revokeTokens(db, user: agentUserId, clientId: clientId)
            try Self.markUnlinked(db, user: agentUserId)
            try Self.recordChange(db, RegistryRows.userChange(agentUserId, "unlinked"), occurred: occurred)
            return revoked
        }
        forgetRecordedSync(forUser: agentUserId)
        notifyChanges()
        return revoked
    }

    /// Revokes the user's tokens of one client and spends the user's unused authorization codes for that client, so
    /// none turns into a token afterwards; with `clientId` `nil`, the `hearth token issue` tokens. How many tokens.
    private static func revokeTokens(_ db: Database, user agentUserId: String, clientId: String?) throws -> Int {
        try db.cachedStatement(
            sql: "UPDATE token SET revoked = 1 WHERE userId = ? AND clientId IS ? AND revoked = 0"
        ).execute(arguments: [agentUserId, clientId])
        let revoked = db.changesCount
        if let clientId {
            try db.cachedStatement(
                sql: "UPDATE authorization_code SET used = 1 WHERE userId = ? AND clientId = ? AND used = 0"
            ).execute(arguments: [agentUserId, clientId])
        }
        return revoked
    }
}
