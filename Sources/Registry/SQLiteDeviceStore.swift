import Foundation
import GRDB
import MatterModel
import Synchronization

/// The registry in one SQLite file, through a GRDB `DatabasePool` in WAL mode: concurrent readers for SYNC and
/// QUERY, one writer, and one committed transaction per ``updateDevices(forUser:ids:_:)``.
///
/// The schema is described in `SQLiteDeviceStore+Schema.swift` and created or migrated by ``init(path:synchronous:)``.
/// Several processes may open the same file (the CLI while the server runs): a writer waits up to
/// ``busyTimeoutSeconds`` for another one to finish instead of failing.
public final class SQLiteDeviceStore: DeviceStore {
    /// SQLite's `PRAGMA synchronous`: how hard a commit waits for the disk.
    public enum Synchronous: String, Sendable, CaseIterable {
        /// No syncs: fastest; a crash of the operating system can lose or corrupt the database.
        case off
        /// In WAL mode a commit survives a killed process but the last commits may be lost on power loss.
        case normal
        /// Every commit is synced: survives power loss.
        case full
        /// Like `full`, also syncing the directory after a journal is removed.
        case extra
    }

    /// How long a write waits for another connection (another process) to release the database.
    public static let busyTimeoutSeconds: Double = 5

    let pool: DatabasePool
    /// Decoded devices and tokens for the current change counter; see ``RegistryCache``.
    let cache = Mutex(RegistryCache())

    /// Opens (creating it if needed) the database at `path`, and migrates it to the current schema.
    ///
    /// - Parameters:
    ///   - path: The SQLite file; `-wal` and `-shm` files are created beside it.
    ///   - synchronous: The durability of commits; `.normal` survives a killed process.
    public init(path: String, synchronous: Synchronous = .normal) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
        configuration.journalMode = .wal
        let pragma = "PRAGMA synchronous = \(synchronous.rawValue.uppercased())"
        configuration.prepareDatabase { db in
            try db.execute(sql: pragma)
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        // DatabasePool sets `synchronous = NORMAL` on its writer when it enables WAL, after `prepareDatabase`
        // ran: set it again on the writer, the one connection that commits.
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: pragma)
        }
        try Self.migrator.migrate(pool)
    }

    /// Closes every connection. Call at graceful shutdown, after the last use; later calls of the store throw.
    public func close() throws {
        try pool.close()
    }

    // MARK: - Devices

    public func devices(forUser agentUserId: String) throws -> [Device] {
        try pool.read { db in try cachedDevices(db, user: agentUserId).ordered }
    }

    public func devices(forUser agentUserId: String, ids: [String]) throws -> [String: Device] {
        guard !ids.isEmpty else { return [:] }
        return try pool.read { db in
            let all = try cachedDevices(db, user: agentUserId).byId
            var found: [String: Device] = [:]
            found.reserveCapacity(ids.count)
            for id in ids { if let device = all[id] { found[id] = device } }
            return found
        }
    }

    /// The change counter as the current transaction sees it.
    static func generation(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM generation WHERE id = 1")) ?? 0
    }

    /// All of a user's devices as the current transaction sees them: from the cache when it is current,
    /// otherwise decoded and cached.
    private func cachedDevices(_ db: Database, user: String) throws -> (ordered: [Device], byId: [String: Device]) {
        let generation = try Self.generation(db)
        if let hit = cache.withLock({ $0.devices(forUser: user, at: generation) }) { return hit }
        let devices = try Self.fetchDevices(db, user: user)
        cache.withLock { $0.store(devices: devices, forUser: user, at: generation) }
        var byId: [String: Device] = [:]
        for device in devices { byId[device.id] = device }
        return (devices, byId)
    }

    public func updateDevices<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device]) throws -> T
    ) throws -> T {
        let (result, changed, before, after) = try pool.write { db in
            let before = try Self.generation(db)
            let all = try cachedDevices(db, user: agentUserId).byId
            var stored: [String: Device] = [:]
            for id in ids { if let device = all[id] { stored[id] = device } }
            var working = stored
            let result = try body(&working)
            var changed: [Device] = []
            for (id, old) in stored {
                guard let new = working[id], new.clusters != old.clusters || new.online != old.online else { continue }
                // Only cluster state and connectivity are persisted; identity changes made by `body` are not.
                var persisted = old
                persisted.clusters = new.clusters
                persisted.online = new.online
                try Self.writeChanges(db, user: agentUserId, from: old, to: persisted)
                changed.append(persisted)
            }
            return (result, changed, before, try Self.generation(db))
        }
        // Committed: keep the cache warm with exactly what this transaction wrote.
        cache.withLock { $0.apply(changed: changed, ofUser: agentUserId, from: before, to: after) }
        return result
    }

    public func importDevices(_ file: DeviceFile) throws -> ImportSummary {
        try pool.write { db in
            var added = 0
            var updated = 0
            for user in file.users {
                let userId = user.agentUserId
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO user (id) VALUES (?)").execute(arguments: [userId])
                var nextPosition =
                    try Int64.fetchOne(
                        db.cachedStatement(sql: "SELECT coalesce(max(position) + 1, 0) FROM device WHERE userId = ?"),
                        arguments: [userId]
                    ) ?? 0
                for device in user.devices {
                    try device.validateForImport(user: userId)
                    let exists = try Bool.fetchOne(
                        db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM device WHERE userId = ? AND id = ?)"),
                        arguments: [userId, device.id]
                    )
                    if exists == true {
                        try Self.writeDevice(db, user: userId, device: device, newPosition: nil)
                        updated += 1
                    } else {
                        try Self.writeDevice(db, user: userId, device: device, newPosition: nextPosition)
                        nextPosition += 1
                        added += 1
                    }
                }
            }
            let users = Set(file.users.map(\.agentUserId)).count
            return ImportSummary(users: users, added: added, updated: updated)
        }
    }

    public func isEmpty() throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT NOT EXISTS (SELECT 1 FROM user)")) ?? true
        }
    }

    public func users() throws -> [String] {
        try pool.read { db in
            try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM user ORDER BY id"))
        }
    }

    // MARK: - Tokens

    /// Also creates the user when it has no devices yet, so a token can be issued before the first import.
    public func issueToken(forUser agentUserId: String, ttl: Int?, now: UnixTime) throws -> String {
        let token = try newToken()
        let hash = tokenHash(token)
        let expires = ttl.map { UnixTime.expiry(from: now, ttl: $0) }
        try pool.write { db in
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO user (id) VALUES (?)").execute(arguments: [agentUserId])
            try db.cachedStatement(sql: "INSERT INTO token (hash, userId, created, expires) VALUES (?, ?, ?, ?)")
                .execute(arguments: [Data(hash), agentUserId, now.seconds, expires])
        }
        return token
    }

    public func authenticate(token: String, now: UnixTime) throws -> String? {
        let hash = tokenHash(token)
        let record: RegistryCache.TokenRecord? = try pool.read { db in
            let generation = try Self.generation(db)
            if let hit = cache.withLock({ $0.token(hash, at: generation) }) { return hit }
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT hash, userId, expires, revoked FROM token WHERE hash = ?"),
                arguments: [Data(hash)]
            )
            guard let row else { return nil }
            let record = RegistryCache.TokenRecord(
                hash: Array((row[0] as Data?) ?? Data()),
                user: row[1],
                expires: row[2],
                revoked: row[3]
            )
            // Only known tokens are cached: unknown ones would let a client fill memory.
            cache.withLock { $0.store(token: record, at: generation) }
            return record
        }
        guard let record, tokensEqual(record.hash, hash), !record.revoked else { return nil }
        if let expires = record.expires, now.seconds >= expires { return nil }
        return record.user
    }

    public func revokeTokens(forUser agentUserId: String) throws -> Int {
        try pool.write { db in
            try db.cachedStatement(sql: "UPDATE token SET revoked = 1 WHERE userId = ? AND revoked = 0")
                .execute(arguments: [agentUserId])
            return db.changesCount
        }
    }

    // MARK: - Health

    public func checkHealth() throws {
        _ = try pool.read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM (SELECT 1 FROM device LIMIT 1)"))
        }
    }
}
