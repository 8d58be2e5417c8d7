import JSON
import Synchronization

// The change log (`/v1/changes`): appended by each write's own transaction (``SQLRegistry/recordChange(_:_:occurred:)``),
// read by cursor. On PostgreSQL cursors come from an identity column taken inside the writer's transaction, which
// holds the writer lock until it commits, so a reader that has seen cursor N + 1 has seen N.

extension SQLRegistry {
    public func changes(
        after cursor: Int64,
        limit: Int,
        users: Set<String>?,
        kinds: Set<ChangeRecord.Kind>?
    ) throws -> [StoredChange] {
        var sql = "SELECT cursor, occurred, kind, userId, deviceId, data FROM change WHERE cursor > ?"
        var arguments: [SQLValue] = [.int(cursor)]
        if let users {
            sql += " AND userId IN (\(Array(repeating: "?", count: users.count).joined(separator: ", ")))"
            arguments += users.sorted().map(SQLValue.text)
        }
        if let kinds {
            sql += " AND kind IN (\(Array(repeating: "?", count: kinds.count).joined(separator: ", ")))"
            arguments += kinds.map(\.rawValue).sorted().map(SQLValue.text)
        }
        sql += " ORDER BY cursor LIMIT ?"
        arguments.append(.int(Int64(max(limit, 0))))
        return try engine.readEach { c in
            try c.all(sql, arguments) { row in
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
    }

    public func changeBounds() throws -> ChangeBounds {
        try engine.readEach { c in try Self.changeBounds(c) }
    }

    /// The bounds as the current transaction sees them.
    package static func changeBounds(_ c: Engine.Connection) throws -> ChangeBounds {
        // Pruning keeps the newest row: the highest cursor ever given is still in the table.
        let bounds = try c.first("SELECT min(cursor), max(cursor) FROM change") { row in
            (oldest: try row.optionalInt64(0), latest: try row.optionalInt64(1) ?? 0)
        }
        return ChangeBounds(latest: bounds?.latest ?? 0, prunedThrough: bounds?.oldest.map { $0 - 1 } ?? 0)
    }

    public func observeChanges(_ observer: (@Sendable () -> Void)?) {
        let box = observer.map(OutboxObserver.init)
        state.changeObserver.withLock { $0 = box }
    }
}
