import JSON
import MatterModel
import PostgreSQL
import Registry
import Synchronization

// The change log on PostgreSQL. Cursors come from an identity column, taken inside the writer's transaction,
// which holds the writer lock (the change counter's row, see ``PostgreSQLRegistry/write(_:)``) until it
// commits: a transaction that took cursor N commits before any transaction can take N + 1, so a reader that has
// seen N + 1 has seen N. A reader never skips a cursor committed later with a smaller number. A rolled-back append
// leaves a number unused, which no reader ever saw.

extension PostgreSQLRegistry: ChangeStore {
    /// Appends `change` in the caller's write transaction (which must hold the writer lock); returns its cursor.
    @discardableResult
    static func recordChange(_ c: PostgreSQLConnection, _ change: ChangeRecord, occurred: Int64) throws -> Int64 {
        try c.query(
            "INSERT INTO change (occurred, kind, userId, deviceId, data) VALUES ($1, $2, $3, $4, $5) RETURNING cursor",
            [
                .int(occurred), .text(change.kind.rawValue), .text(change.agentUserId),
                PostgreSQLValue(change.deviceId),
                .text(String(decoding: JSONWriter.bytes(.object(change.data)), as: UTF8.self)),
            ]
        ).first?.int64(0) ?? 0
    }

    public func changes(
        after cursor: Int64,
        limit: Int,
        users: Set<String>?,
        kinds: Set<ChangeRecord.Kind>?
    ) throws -> [StoredChange] {
        var sql = "SELECT cursor, occurred, kind, userId, deviceId, data FROM change WHERE cursor > $1"
        var parameters: [PostgreSQLValue] = [.int(cursor)]
        if let users {
            parameters.append(Self.textArray(users.sorted()))
            sql += " AND userId = ANY($\(parameters.count)::text[])"
        }
        if let kinds {
            parameters.append(Self.textArray(kinds.map(\.rawValue).sorted()))
            sql += " AND kind = ANY($\(parameters.count)::text[])"
        }
        parameters.append(.int(Int64(max(limit, 0))))
        sql += " ORDER BY cursor LIMIT $\(parameters.count)"
        return try pool.query(sql, parameters).rows.map { row in
            let data = (try? JSONParser.parse(try row.string(5)).objectValue) ?? JSONObject()
            return StoredChange(
                cursor: try row.int64(0),
                occurred: try row.int64(1),
                record: ChangeRecord(
                    kind: ChangeRecord.Kind(rawValue: try row.string(2)) ?? .state,
                    agentUserId: try row.string(3),
                    deviceId: try row.optionalString(4),
                    data: data
                )
            )
        }
    }

    public func changeBounds() throws -> ChangeBounds {
        try pool.withConnection { c in try Self.changeBounds(c) }
    }

    static func changeBounds(_ c: PostgreSQLConnection) throws -> ChangeBounds {
        let row = try c.query("SELECT min(cursor), max(cursor) FROM change").first
        let oldest = try row?.optionalInt64(0)
        let latest = try row?.optionalInt64(1) ?? 0
        return ChangeBounds(latest: latest, prunedThrough: oldest.map { $0 - 1 } ?? 0)
    }

    public func pruneChanges(occurredBefore unixMilliseconds: Int64) throws -> Int {
        // The newest row is always kept: it holds the latest cursor, so cursors are never reused.
        try pool.transaction { c in
            try c.query(
                "DELETE FROM change WHERE occurred < $1 AND cursor < (SELECT max(cursor) FROM change)",
                [.int(unixMilliseconds)]
            ).affectedRows
        }
    }

    public func changeSnapshot(users: Set<String>?) throws -> ChangeSnapshot {
        try read { c in
            let cursor = try Self.changeBounds(c).latest
            let ids = try c.query("SELECT id FROM \"user\" ORDER BY id COLLATE \"C\"").rows.map { try $0.string(0) }
            var snapshot = ChangeSnapshot(cursor: cursor, users: [])
            for id in ids where users?.contains(id) ?? true {
                snapshot.users.append(ChangeSnapshot.User(agentUserId: id, devices: try Self.fetchDevices(c, user: id)))
            }
            return snapshot
        }
    }

    public func observeChanges(_ observer: (@Sendable () -> Void)?) {
        let box = observer.map(OutboxObserver.init)
        changeObserver.withLock { $0 = box }
    }

    func notifyChanges() {
        changeObserver.withLock { $0 }?.notify()
    }
}
