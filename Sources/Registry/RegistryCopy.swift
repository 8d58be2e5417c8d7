import Foundation
import GRDB
import PostgreSQL
import Synchronization

/// `hearth db copy`: a whole registry moved between SQLite and PostgreSQL (either way, or between two of one
/// engine), table by table, row for row.
///
/// Both engines have the same tables and columns (the same migration list; PostgreSQL folds the column names to
/// lower case, so columns are matched without regard to case). Every row of every table that holds data is copied
/// as it is stored — devices and their attributes, token and API-key hashes, accounts and their password hashes,
/// authorization codes, PIN and password attempt records, queued HomeGraph work, the change log with its cursors —
/// in one write transaction of the destination, which must hold no user and no change yet. Values cross engines by
/// kind: integers, text, byte strings, PostgreSQL's booleans as SQLite's 0/1, and an attribute's value in the
/// storage each engine gives it (SQLite: an integer for `int` and `bool` attributes; PostgreSQL: text). What is not data is not copied:
/// the change counter (the destination's triggers move its own), the outbox claims of running instances, the
/// migration records. After the copy the destination's change-log cursor continues after the last copied one.
public enum RegistryCopy {
    /// The tables copied, parents before children (foreign keys).
    static let tables = [
        "user", "device", "endpoint", "attribute", "pin_attempt", "token", "account", "authorization_code", "apikey",
        "homegraph_setting", "homegraph_user", "outbox_report", "outbox_sync", "outbox_event", "change",
    ]

    /// One stored value, as either engine holds it.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        case null
        case int(Int64)
        case text(String)
        case bytes([UInt8])

        public var description: String {
            switch self {
            case .null: return "NULL"
            case .int(let value): return String(value)
            case .text(let value): return "\"\(value)\""
            case .bytes(let value): return "x'\(value.map { String($0, radix: 16) }.joined())'"
            }
        }
    }

    /// A table's rows, each as column name (lower-cased) → value.
    public typealias Rows = [[String: Value]]

    /// Every copied table's rows, by table name: what ``copy(from:to:)`` moves, for comparing two registries record
    /// for record, of either engine: an attribute's value reads as text on both (SQLite stores `int` and `bool`
    /// values as integers).
    public static func contents(of store: any ClosableStore) throws -> [String: Rows] {
        var contents: [String: Rows] = [:]
        for table in tables {
            var rows = try read(table, from: store).rows
            if table == "attribute" {
                for index in rows.indices {
                    if case .int(let int) = rows[index]["value"] { rows[index]["value"] = .text(String(int)) }
                }
            }
            contents[table] = rows
        }
        return contents
    }

    /// Copies every table of `source` into `destination`; how many rows each table had.
    ///
    /// - Throws: `RegistryError` with `conflict` when the destination already has users or changes (a copy never
    ///   merges), `corruptData` when a table's columns differ between the two (different versions of Hearth).
    public static func copy(
        from source: any ClosableStore,
        to destination: any ClosableStore
    ) throws -> [(table: String, rows: Int)] {
        var read: [(table: String, columns: [String], rows: [[Value]])] = []
        for table in tables {
            let (columns, rows) = try Self.read(table, from: source)
            read.append((table, columns, rows.map { row in columns.map { row[$0] ?? .null } }))
        }
        try write(read, to: destination)
        return read.map { ($0.table, $0.rows.count) }
    }

    // MARK: - Reading

    private static func read(_ table: String, from store: any ClosableStore) throws -> (columns: [String], rows: Rows) {
        if let sqlite = store as? SQLiteDeviceStore {
            return try sqlite.pool.read { db in
                let columns = try db.columns(in: table).map { $0.name.lowercased() }
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { row -> [String: Value] in
                    var values: [String: Value] = [:]
                    for (name, value) in row {
                        values[name.lowercased()] = Self.value(value)
                    }
                    return values
                }
                return (columns, rows)
            }
        }
        if let postgres = store as? PostgreSQLDeviceStore {
            return try postgres.read { c in
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
                let rows = try result.rows.map { row -> [String: Value] in
                    var values: [String: Value] = [:]
                    for (index, column) in columns.enumerated() {
                        values[column.name] = try Self.value(row, index, type: column.type)
                    }
                    return values
                }
                return (columns.map(\.name), rows)
            }
        }
        throw RegistryError(code: .cannotOpen, message: "a registry of an unknown kind cannot be copied")
    }

    private static func value(_ value: DatabaseValue) -> Value {
        switch value.storage {
        case .null: return .null
        case .int64(let int): return .int(int)
        case .double(let double): return .text(String(double))
        case .string(let string): return .text(string)
        case .blob(let data): return .bytes(Array(data))
        }
    }

    private static func value(_ row: PostgreSQLRow, _ index: Int, type: String) throws -> Value {
        switch type {
        case "boolean":
            return try row.optionalBool(index).map { .int($0 ? 1 : 0) } ?? .null
        case "bytea":
            return try row.optionalBytes(index).map(Value.bytes) ?? .null
        case "bigint", "integer", "smallint":
            return try row.optionalInt64(index).map(Value.int) ?? .null
        default:
            return try row.optionalString(index).map(Value.text) ?? .null
        }
    }

    // MARK: - Writing

    private static func write(
        _ tables: [(table: String, columns: [String], rows: [[Value]])],
        to store: any ClosableStore
    ) throws {
        if let sqlite = store as? SQLiteDeviceStore {
            try sqlite.pool.write { db in
                try refuseNonEmpty(
                    users: try Int.fetchOne(db, sql: "SELECT count(*) FROM user") ?? 0,
                    changes: try Int.fetchOne(db, sql: "SELECT count(*) FROM change") ?? 0
                )
                for (table, _, _) in tables.reversed() { try db.execute(sql: "DELETE FROM \"\(table)\"") }
                for (table, columns, rows) in tables where !rows.isEmpty {
                    let own = Set(try db.columns(in: table).map { $0.name.lowercased() })
                    try checkColumns(table, columns, own)
                    let sql =
                        "INSERT INTO \"\(table)\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES ("
                        + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
                    let statement = try db.makeStatement(sql: sql)
                    // SQLite keeps an attribute's value in the storage class of its type (an integer for `int` and
                    // `bool`, 0/1), PostgreSQL as text: put the integers back as integers.
                    let typed =
                        table == "attribute"
                        ? columns.firstIndex(of: "type").flatMap { type in
                            columns.firstIndex(of: "value").map { (type: type, value: $0) }
                        } : nil
                    for var row in rows {
                        if let typed, case .text(let kind) = row[typed.type], kind == "int" || kind == "bool",
                            case .text(let text) = row[typed.value], let int = Int64(text)
                        {
                            row[typed.value] = .int(int)
                        }
                        try statement.execute(arguments: StatementArguments(row.map(Self.databaseValue)))
                    }
                }
            }
            sqlite.cache.withLock { $0.invalidate() }
            return
        }
        if let postgres = store as? PostgreSQLDeviceStore {
            try postgres.write { c, _ in
                try refuseNonEmpty(
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
                    try checkColumns(table, columns, own)
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
            postgres.cache.withLock { $0.invalidate() }
            return
        }
        throw RegistryError(code: .cannotOpen, message: "a registry of an unknown kind cannot be written")
    }

    private static func refuseNonEmpty(users: Int, changes: Int) throws {
        guard users == 0, changes == 0 else {
            throw RegistryError(
                code: .conflict,
                message:
                    "the destination holds \(users) users and \(changes) changes: a copy goes into an empty registry"
            )
        }
    }

    private static func checkColumns(_ table: String, _ columns: [String], _ own: Set<String>) throws {
        guard Set(columns) == own else {
            throw RegistryError(
                code: .corruptData,
                message: "table \(table) has columns \(columns.sorted()) in the source and \(own.sorted()) in the "
                    + "destination: copy between registries of the same Hearth version"
            )
        }
    }

    private static func databaseValue(_ value: Value) -> DatabaseValue {
        switch value {
        case .null: return .null
        case .int(let int): return int.databaseValue
        case .text(let text): return text.databaseValue
        case .bytes(let bytes): return Data(bytes).databaseValue
        }
    }

    private static func postgresValue(_ value: Value) -> PostgreSQLValue {
        switch value {
        case .null: return .null
        case .int(let int): return .text(String(int))
        case .text(let text): return .text(text)
        case .bytes(let bytes): return .bytes(bytes)
        }
    }
}
