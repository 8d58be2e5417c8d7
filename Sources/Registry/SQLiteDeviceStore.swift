import Foundation
import GRDB
import MatterModel

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
        try pool.read { db in try Self.fetchDevices(db, user: agentUserId) }
    }

    public func devices(forUser agentUserId: String, ids: [String]) throws -> [String: Device] {
        guard !ids.isEmpty else { return [:] }
        return try pool.read { db in try Self.fetchDevices(db, user: agentUserId, ids: ids) }
    }

    public func updateDevices<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device]) throws -> T
    ) throws -> T {
        try pool.write { db in
            let stored = try Self.fetchDevices(db, user: agentUserId, ids: ids)
            var working = stored
            let result = try body(&working)
            for (id, old) in stored {
                guard let new = working[id], new != old else { continue }
                try Self.writeChanges(db, user: agentUserId, from: old, to: new)
            }
            return result
        }
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
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT NOT EXISTS (SELECT 1 FROM device)")) ?? true
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
        let expires = ttl.map { now.seconds + Int64($0) }
        try pool.write { db in
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO user (id) VALUES (?)").execute(arguments: [agentUserId])
            try db.cachedStatement(sql: "INSERT INTO token (hash, userId, created, expires) VALUES (?, ?, ?, ?)")
                .execute(arguments: [Data(hash), agentUserId, now.seconds, expires])
        }
        return token
    }

    public func authenticate(token: String, now: UnixTime) throws -> String? {
        let hash = tokenHash(token)
        let row = try pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT hash, userId, expires, revoked FROM token WHERE hash = ?"),
                arguments: [Data(hash)]
            )
        }
        guard let row else { return nil }
        let storedHash: [UInt8] = Array((row[0] as Data?) ?? Data())
        let revoked: Bool = row[3]
        let expires: Int64? = row[2]
        guard tokensEqual(storedHash, hash), !revoked else { return nil }
        if let expires, now.seconds >= expires { return nil }
        return row[1]
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
