import JSON
import Synchronization

// The change log (`/v1/changes`): appended by each write's own transaction (``SQLRegistry/recordChange(_:_:occurred:)``),
// read by position: the cursor clients see. The engine says how positions are computed (``ChangeLogSQL``): SQLite's
// are the dense `cursor` column; PostgreSQL's come from the writing transaction's id and are sparse. On both engines a
// reader gets every change exactly once, each user's in commit order, and never skips one that commits later.

extension SQLRegistry {
    public func changes(
        after cursor: Int64,
        limit: Int,
        users: Set<String>?,
        kinds: Set<ChangeRecord.Kind>?
    ) throws -> [StoredChange] {
        let log = engine.changeLog
        var sql =
            "SELECT position, occurred, kind, userId, deviceId, data FROM (\(log.source)) AS log WHERE position > ?"
        var arguments: [SQLValue] = [.int(cursor), .int(cursor)]
        if let users {
            sql += " AND userId IN (\(Array(repeating: "?", count: users.count).joined(separator: ", ")))"
            arguments += users.sorted().map(SQLValue.text)
        }
        if let kinds {
            sql += " AND kind IN (\(Array(repeating: "?", count: kinds.count).joined(separator: ", ")))"
            arguments += kinds.map(\.rawValue).sorted().map(SQLValue.text)
        }
        sql += " ORDER BY \(log.order) LIMIT ?"
        arguments.append(.int(Int64(max(limit, 0))))
        return try engine.readEach { c in
            let read = {
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
            let first = try read()
            guard log.readsAgainAtTheEnd, first.count < limit else { return first }
            // Both reads start after `cursor` in position order, so the longer holds the shorter.
            let second = try read()
            return second.count > first.count ? second : first
        }
    }

    public func changeBounds() throws -> ChangeBounds {
        let log = engine.changeLog
        return try engine.readEach { c in
            let first = try Self.changeBounds(c, log.bounds)
            guard log.readsAgainAtTheEnd else { return first }
            // The latest readable position only grows: the later read's bounds are the newer.
            let second = try Self.changeBounds(c, log.bounds)
            return second.latest >= first.latest ? second : first
        }
    }

    /// The bounds `sql` (one of ``ChangeLogSQL``'s) answers on `c`.
    package static func changeBounds(_ c: Engine.Connection, _ sql: String) throws -> ChangeBounds {
        // Pruning keeps the newest change: the highest position ever given is still in the table.
        let bounds = try c.first(sql) { row in
            ChangeBounds(
                latest: try row.optionalInt64(1) ?? 0,
                prunedThrough: try row.optionalInt64(0) ?? 0,
                latestCommitted: try row.optionalInt64(2)
            )
        }
        return bounds ?? ChangeBounds(latest: 0, prunedThrough: 0)
    }

    public func observeChanges(_ observer: (@Sendable () -> Void)?) {
        let box = observer.map(OutboxObserver.init)
        state.changeObserver.withLock { $0 = box }
    }
}
