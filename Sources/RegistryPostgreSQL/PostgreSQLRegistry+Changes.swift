import JSON
import MatterModel
import PostgreSQL
import Registry
import Synchronization

// The change log on PostgreSQL, in commit order without a fleet-wide lock.
//
// Writers of different users commit concurrently (``PostgreSQLRegistryDatabase/lock(_:_:)``), so a row's `cursor` (an
// identity value) says nothing about the order changes commit in. Each row also holds its writing transaction's id
// (`xid`, migration "v14"), and the log is read in `(xid, cursor)` order up to the oldest transaction of this database
// still in flight (``readable``): only rows whose preceding transactions have all ended. A transaction
// that takes a smaller id later is impossible (ids are assigned in increasing order), so nothing is ever inserted
// before what a reader has read: every change exactly once, no gap. Per user, id order is commit order (the user's
// lock is held before the id is assigned), so each user's changes come in commit order. A change becomes readable when
// every transaction that got its id before it has ended: a long transaction delays the stream, never reorders it.
//
// The cursor clients see is a position, a 64-bit integer increasing in that order:
// `legacy + xid * 65536 + rank`, rank being the row's number within its transaction (by cursor, from 1), computed when
// read. A transaction may append at most 65,535 changes (``ChangeLogSQL/maximumChangesPerTransaction``). `legacy` is
// the highest cursor the log held before "v14" (`change_origin`): those rows keep `xid` 0 and their cursor as their
// position, so clients resume across the upgrade. Pruning removes whole transactions only, so ranks never shift, and
// keeps the newest readable one, so positions never go back. Positions pass 2^53 (where a JavaScript number stops being
// exact) after about 137 billion transactions of the database (2^53 / 65536).

extension PostgreSQLRegistry {
    /// The most changes one transaction may append: a rank takes 16 bits of a position.
    static let maximumChangesPerTransaction = 65_535

    /// A change row's position (see above); `c` is the table's alias.
    private static func position(_ rank: String) -> String {
        "CASE WHEN xid = '0'::xid8 THEN cursor ELSE (SELECT legacy FROM change_origin) + xid::text::bigint * 65536 + "
            + rank + " END"
    }

    /// Rows before the oldest transaction this statement's snapshot sees in flight, other databases' transactions left
    /// out (transaction ids are the cluster's: another application's long transaction must not hold the stream). A
    /// transaction in flight whose database is unknown (it ended since the snapshot, or its session is not visible)
    /// counts: that errs on the side of waiting, never of skipping.
    private static let readable = """
        xid < (SELECT coalesce(min(x), pg_snapshot_xmax(pg_current_snapshot()))         FROM pg_snapshot_xip(pg_current_snapshot()) AS x WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity AS a         WHERE a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database())         AND a.backend_xid::text::bigint = x::text::bigint % 4294967296))
        """

    /// The log as ``SQLRegistry``'s operations read it.
    static let changeLog = ChangeLogSQL(
        // The scan starts at the transaction the position after which rows are wanted lies in (the index on
        // `(xid, cursor)` lists the rows in position order, so a page reads about as many rows as it answers).
        source: """
            WITH after AS (SELECT ?::bigint AS position) \
            SELECT \(position("row_number() OVER (PARTITION BY xid ORDER BY cursor)")) AS position, \
            xid, cursor, occurred, kind, userId, deviceId, data FROM change \
            WHERE \(readable) AND xid >= (SELECT CASE WHEN position <= (SELECT legacy FROM change_origin) \
            THEN '0'::xid8 ELSE ((position - (SELECT legacy FROM change_origin)) / 65536)::text::xid8 END FROM after)
            """,
        order: "xid, cursor",
        bounds: bounds(readable),
        boundsBetweenWriters: bounds("TRUE"),
        maximumChangesPerTransaction: maximumChangesPerTransaction,
        readsAgainAtTheEnd: true
    )

    /// How far pruning reached (`change_origin.pruned`), the latest position among the rows `condition` admits, and
    /// the latest position committed.
    private static func bounds(_ condition: String) -> String {
        "SELECT (SELECT pruned FROM change_origin), \(latestPosition(condition)), \(latestPosition("TRUE"))"
    }

    /// The latest position among the rows `condition` admits, as a scalar subquery.
    private static func latestPosition(_ condition: String) -> String {
        """
        (SELECT \(position("(SELECT count(*) FROM change AS same WHERE same.xid = newest.xid)")) \
        FROM (SELECT xid, cursor FROM change WHERE \(condition) ORDER BY xid DESC, cursor DESC LIMIT 1) AS newest)
        """
    }

    public func pruneChanges(occurredBefore unixMilliseconds: Int64) throws -> Int {
        // Everything before the first readable change young enough to keep (found by walking the rows in position
        // order: `occurred` has no index), or else before the newest readable change, which is always kept: it holds
        // the latest position, so positions never go back. Whole transactions only: the boundary of a transaction's
        // row is the transaction itself (cursor 0); a row of before "v14" (xid 0) is its own transaction.
        // The position of the last change deleted is kept in change_origin: a reader at it has missed nothing.
        try pool.transaction { c in
            try c.query(
                """
                WITH deleted AS (
                    DELETE FROM change WHERE (xid, cursor) < (
                        SELECT xid, CASE WHEN xid = '0'::xid8 THEN cursor ELSE 0 END FROM (
                            (SELECT xid, cursor FROM change WHERE \(Self.readable) AND occurred >= $1
                                ORDER BY xid, cursor LIMIT 1)
                            UNION ALL
                            (SELECT xid, cursor FROM change WHERE \(Self.readable)
                                ORDER BY xid DESC, cursor DESC LIMIT 1)
                        ) AS boundary ORDER BY xid, cursor LIMIT 1
                    ) RETURNING xid, cursor
                )
                UPDATE change_origin SET pruned = greatest(pruned, (
                    SELECT CASE WHEN xid = '0'::xid8 THEN max(cursor) ELSE legacy + xid::text::bigint * 65536 + count(*) END
                    FROM deleted GROUP BY xid ORDER BY xid DESC LIMIT 1
                )) RETURNING (SELECT count(*) FROM deleted)
                """,
                [.int(unixMilliseconds)]
            ).first?.int(0) ?? 0
        }
    }
}
