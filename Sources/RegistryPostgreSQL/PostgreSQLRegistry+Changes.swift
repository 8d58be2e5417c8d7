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

extension PostgreSQLRegistry {

    public func pruneChanges(occurredBefore unixMilliseconds: Int64) throws -> Int {
        // The newest row is always kept: it holds the latest cursor, so cursors are never reused.
        try pool.transaction { c in
            try c.query(
                "DELETE FROM change WHERE occurred < $1 AND cursor < (SELECT max(cursor) FROM change)",
                [.int(unixMilliseconds)]
            ).affectedRows
        }
    }

}
