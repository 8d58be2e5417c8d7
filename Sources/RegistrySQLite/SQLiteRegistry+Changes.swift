import GRDB
import JSON
import MatterModel
import Registry
import Synchronization

extension SQLiteRegistry: ChangeStore {
    public func changes(
        after cursor: Int64,
        limit: Int,
        users: Set<String>?,
        kinds: Set<ChangeRecord.Kind>?
    ) throws -> [StoredChange] {
        var sql = "SELECT cursor, occurred, kind, userId, deviceId, data FROM change WHERE cursor > ?"
        var arguments: StatementArguments = [cursor]
        if let users {
            sql += " AND userId IN (\(Array(repeating: "?", count: users.count).joined(separator: ", ")))"
            for user in users.sorted() { _ = arguments.append(contentsOf: [user]) }
        }
        if let kinds {
            sql += " AND kind IN (\(Array(repeating: "?", count: kinds.count).joined(separator: ", ")))"
            for kind in kinds.map(\.rawValue).sorted() { _ = arguments.append(contentsOf: [kind]) }
        }
        sql += " ORDER BY cursor LIMIT ?"
        _ = arguments.append(contentsOf: [max(limit, 0)])
        return try pool.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                let text: String = row[5]
                let data = (try? JSONParser.parse(text).objectValue) ?? JSONObject()
                let kind = ChangeRecord.Kind(rawValue: row[2]) ?? .state
                return StoredChange(
                    cursor: row[0],
                    occurred: row[1],
                    record: ChangeRecord(kind: kind, agentUserId: row[3], deviceId: row[4], data: data)
                )
            }
        }
    }

    public func changeBounds() throws -> ChangeBounds {
        try pool.read { db in try Self.changeBounds(db) }
    }

    /// The bounds as the current transaction sees them.
    static func changeBounds(_ db: Database) throws -> ChangeBounds {
        // Pruning keeps the newest row: the highest cursor ever given is still in the table.
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT min(cursor), max(cursor) FROM change"))
        let oldest: Int64? = row?[0]
        let latest: Int64 = row?[1] ?? 0
        return ChangeBounds(latest: latest, prunedThrough: oldest.map { $0 - 1 } ?? 0)
    }

    public func pruneChanges(occurredBefore unixMilliseconds: Int64) throws -> Int {
        // The first change young enough to keep, found by walking the oldest rows in cursor order (no index on
        // occurred: it grows with the cursor), outside the writer. The newest row is always kept: it holds the
        // latest cursor, so cursors are never reused.
        let boundary = try pool.read { db -> Int64? in
            let young = try Int64.fetchOne(
                db,
                sql: "SELECT cursor FROM change WHERE occurred >= ? ORDER BY cursor LIMIT 1",
                arguments: [unixMilliseconds]
            )
            if let young { return young }
            return try Int64.fetchOne(db, sql: "SELECT max(cursor) FROM change")
        }
        guard let boundary else { return 0 }
        // Deleted in batches: each one holds the writer (EXECUTE waits) only briefly.
        var pruned = 0
        while true {
            let deleted = try pool.write { db -> Int in
                try db.execute(
                    sql: """
                        DELETE FROM change WHERE cursor < min(?, (SELECT min(cursor) FROM change) + ?)
                        """,
                    arguments: [boundary, Self.pruneBatchSize]
                )
                return db.changesCount
            }
            pruned += deleted
            if deleted < Self.pruneBatchSize { return pruned }
        }
    }

    /// The most change rows one pruning transaction deletes.
    static let pruneBatchSize = 10_000

    public func changeSnapshot(users: Set<String>?) throws -> ChangeSnapshot {
        try pool.read { db in
            let cursor = try Self.changeBounds(db).latest
            let ids = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM user ORDER BY id"))
            var snapshot = ChangeSnapshot(cursor: cursor, users: [])
            for id in ids where users?.contains(id) ?? true {
                snapshot.users.append(
                    ChangeSnapshot.User(agentUserId: id, devices: try Self.fetchDevices(db, user: id))
                )
            }
            return snapshot
        }
    }

    public func observeChanges(_ observer: (@Sendable () -> Void)?) {
        let box = observer.map(OutboxObserver.init)
        changeObserver.withLock { $0 = box }
    }

    /// Wakes the observer after a commit that recorded changes.
    func notifyChanges() {
        changeObserver.withLock { $0 }?.notify()
    }
}

extension SQLiteRegistry {
    /// Appends `change` to the log in the caller's write transaction; returns its cursor. Every write that changes
    /// what `/v1/changes` reports calls this inside its own transaction, so the change and its log entry commit or
    /// roll back together.
    @discardableResult
    static func recordChange(_ db: Database, _ change: ChangeRecord, occurred: Int64) throws -> Int64 {
        try db.cachedStatement(
            sql: "INSERT INTO change (occurred, kind, userId, deviceId, data) VALUES (?, ?, ?, ?, ?)"
        )
        .execute(arguments: [
            occurred, change.kind.rawValue, change.agentUserId, change.deviceId,
            String(decoding: JSONWriter.bytes(.object(change.data)), as: UTF8.self),
        ])
        return db.lastInsertedRowID
    }
}
