import PostgreSQL
import Registry
import Synchronization

// `hearth db copy` on this engine: ``RegistryCopy`` moves the rows, this reads and writes them.
//
// Writing is linear in the rows. Every table that bumps the change counter does so with a row trigger, and inside
// one transaction each update of the counter's row leaves one more row version that the next update walks past:
// row for row, a copy was quadratic (50 k rows took 45 s). The copy turns the user triggers of the copied tables off
// (`ALTER TABLE … DISABLE TRIGGER USER`, undone by a rollback like the rest; Hearth owns its tables), inserts a few
// hundred rows per statement, turns the triggers on again and then moves the counters once
// (``bumpCountersAfterCopy(_:)``). The lock `ALTER TABLE` takes keeps other writers out of the copied tables until
// the commit: the destination is empty, so nothing else writes there anyway.

extension PostgreSQLRegistry: CopyableRegistry {
    /// Rows per INSERT of a copy: enough that a statement's round trip and planning are a small part of its time.
    static let copyRowsPerStatement = 500
    /// PostgreSQL's limit on one statement's parameters (a 16-bit count).
    static let maximumParameters = 65_535

    package func readTable(_ table: String) throws -> (columns: [String], rows: [[RegistryCopy.Value]]) {
        return try read { c in
            let described = try c.query(
                """
                SELECT column_name, data_type FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
                """,
                [.text(table)]
            )
            let columns = try described.rows.map { (name: try $0.string(0).lowercased(), type: try $0.string(1)) }
            let list = columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
            let result = try c.query("SELECT \(list) FROM \"\(table)\"")
            let rows = try result.rows.map { row in
                try columns.indices.map { index in try Self.copyValue(row, index, type: columns[index].type) }
            }
            return (columns.map(\.name), rows)
        }
    }

    package func replaceTables(
        _ tables: [(table: String, columns: [String], rows: [[RegistryCopy.Value]])]
    ) throws {
        try write { c, _ in
            try RegistryCopy.refuseNonEmpty(
                users: try c.query("SELECT count(*) FROM \"user\"").first?.int(0) ?? 0,
                changes: try c.query("SELECT count(*) FROM change").first?.int(0) ?? 0
            )
            for (table, _, _) in tables { try c.execute("ALTER TABLE \"\(table)\" DISABLE TRIGGER USER") }
            for (table, _, _) in tables.reversed() { try c.execute("DELETE FROM \"\(table)\"") }
            let identities = try Self.identityColumns(tables.map(\.table), c)
            for (table, columns, rows) in tables where !rows.isEmpty {
                let own = Set(
                    try c.query(
                        """
                        SELECT column_name FROM information_schema.columns
                        WHERE table_schema = current_schema() AND table_name = $1
                        """,
                        [.text(table)]
                    ).rows.map { try $0.string(0).lowercased() }
                )
                try RegistryCopy.checkColumns(table, columns, own)
                // Identity columns (change.cursor, outbox_event.id) keep the copied values.
                let overriding = identities.contains { $0.table == table }
                try Self.insert(rows, into: table, columns: columns, overridingIdentity: overriding, c)
            }
            for (table, _, _) in tables { try c.execute("ALTER TABLE \"\(table)\" ENABLE TRIGGER USER") }
            // New change-log cursors and outbox events continue after the last copied ones.
            for (table, column) in identities {
                let last = "max(\"\(column)\")"
                try c.query(
                    "SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(\(last), 1), \(last) IS NOT NULL)"
                        + " FROM \"\(table)\"",
                    [.text("\"\(table)\""), .text(column)]
                )
            }
            if tables.contains(where: { $0.table == "change" }) { try Self.placeCopiedChanges(c) }
            try Self.bumpCountersAfterCopy(c)
        }
        state.cache.withLock { $0.invalidate() }
        return
    }

    /// After a copy, in its transaction: what the row triggers turned off during the copy would have done, once.
    /// Every cached read depends on the change counter, so moving it once makes every instance read the copied
    /// rows. A counter added later (one per user, say) is moved here too.
    static func bumpCountersAfterCopy(_ c: PostgreSQLConnection) throws {
        try c.query("UPDATE generation SET value = value + 1 WHERE id = 1")
        // The per-user counters, where the schema has them: every copied user's moves too.
        if try c.query("SELECT to_regclass('user_generation') IS NOT NULL").first?.bool(0) == true {
            try c.execute(
                """
                INSERT INTO user_generation (userId, value) SELECT id, 1 FROM "user"
                ON CONFLICT (userId) DO UPDATE SET value = user_generation.value + 1
                """
            )
        }
    }

    /// After a copy, in its transaction: the copied changes become the log's rows from before this database's own
    /// (`xid` 0, their cursor their position, as rows from before "v14" are), and the positions this database gives
    /// continue after the last of them (`change_origin`): a copied transaction id means nothing in this database.
    /// A SQLite source's cursors are its positions, so its consumers resume here as they were; a PostgreSQL source's
    /// changes keep their cursor order (which may differ from their commit order there: its consumers start again
    /// from a snapshot).
    static func placeCopiedChanges(_ c: PostgreSQLConnection) throws {
        try c.execute("UPDATE change SET xid = '0'::xid8 WHERE xid <> '0'::xid8")
        try c.execute(
            """
            UPDATE change_origin SET legacy = (SELECT coalesce(max(cursor), 0) FROM change),
                pruned = (SELECT coalesce(min(cursor) - 1, 0) FROM change)
            """
        )
    }

    /// The identity columns (`GENERATED ALWAYS AS IDENTITY`) of `tables`.
    private static func identityColumns(
        _ tables: [String],
        _ c: PostgreSQLConnection
    ) throws -> [(table: String, column: String)] {
        try c.query(
            """
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND is_identity = 'YES' AND table_name = ANY($1::text[])
            ORDER BY table_name, column_name
            """,
            [.text(PostgreSQLRegistryDatabase.textArray(tables))]
        ).rows.map { (table: try $0.string(0), column: try $0.string(1).lowercased()) }
    }

    /// Inserts `rows` into `table`, ``copyRowsPerStatement`` rows per statement (fewer when a statement would pass
    /// PostgreSQL's parameter limit).
    private static func insert(
        _ rows: [[RegistryCopy.Value]],
        into table: String,
        columns: [String],
        overridingIdentity: Bool,
        _ c: PostgreSQLConnection
    ) throws {
        let perStatement = max(1, min(copyRowsPerStatement, maximumParameters / max(columns.count, 1)))
        let head =
            "INSERT INTO \"\(table)\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))"
            + (overridingIdentity ? " OVERRIDING SYSTEM VALUE" : "") + " VALUES "
        func statement(rows count: Int) -> String {
            var sql = head
            for row in 0..<count {
                if row > 0 { sql += ", " }
                sql += "(" + (1...columns.count).map { "$\(row * columns.count + $0)" }.joined(separator: ", ") + ")"
            }
            return sql
        }
        let full = statement(rows: perStatement)
        var start = 0
        while start < rows.count {
            let end = min(start + perStatement, rows.count)
            var parameters: [PostgreSQLValue] = []
            parameters.reserveCapacity((end - start) * columns.count)
            for row in rows[start..<end] { parameters.append(contentsOf: row.map(postgresValue)) }
            try c.query(end - start == perStatement ? full : statement(rows: end - start), parameters)
            start = end
        }
    }

    private static func copyValue(_ row: PostgreSQLRow, _ index: Int, type: String) throws -> RegistryCopy.Value {
        switch type {
        case "boolean":
            return try row.optionalBool(index).map { .int($0 ? 1 : 0) } ?? .null
        case "bytea":
            return try row.optionalBytes(index).map(RegistryCopy.Value.bytes) ?? .null
        case "bigint", "integer", "smallint":
            return try row.optionalInt64(index).map(RegistryCopy.Value.int) ?? .null
        default:
            return try row.optionalString(index).map(RegistryCopy.Value.text) ?? .null
        }
    }

    private static func postgresValue(_ value: RegistryCopy.Value) -> PostgreSQLValue {
        switch value {
        case .null: return .null
        case .int(let int): return .text(String(int))
        case .text(let text): return .text(text)
        case .bytes(let bytes): return .bytes(bytes)
        }
    }
}
