import GRDB
import JSON
import MatterModel
import Registry
import Synchronization

extension SQLiteRegistry {

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

}
