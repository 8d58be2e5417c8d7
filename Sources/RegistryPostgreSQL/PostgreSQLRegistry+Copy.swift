import PostgreSQL
import Registry
import Synchronization

// `hearth db copy` on this engine: ``RegistryCopy`` moves the rows, this reads and writes them.

extension PostgreSQLRegistry: CopyableRegistry {
    package func readTable(_ table: String) throws -> (columns: [String], rows: RegistryCopy.Rows) {
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
            let rows = try result.rows.map { row -> [String: RegistryCopy.Value] in
                var values: [String: RegistryCopy.Value] = [:]
                for (index, column) in columns.enumerated() {
                    values[column.name] = try Self.copyValue(row, index, type: column.type)
                }
                return values
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
            for (table, _, _) in tables.reversed() { try c.execute("DELETE FROM \"\(table)\"") }
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
                // change.cursor is an identity column: the copied cursors are kept as they are.
                let overriding = table == "change" ? " OVERRIDING SYSTEM VALUE" : ""
                let sql =
                    "INSERT INTO \"\(table)\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))"
                    + "\(overriding) VALUES ("
                    + (1...columns.count).map { "$\($0)" }.joined(separator: ", ") + ")"
                for row in rows {
                    _ = try c.query(sql, row.map(Self.postgresValue))
                }
            }
            // New changes continue after the last copied cursor.
            _ = try c.query(
                "SELECT setval(pg_get_serial_sequence('change', 'cursor'), GREATEST((SELECT max(cursor) FROM change), 1))"
            )
        }
        state.cache.withLock { $0.invalidate() }
        return
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
