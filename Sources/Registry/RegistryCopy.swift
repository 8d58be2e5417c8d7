/// `hearth db copy`: a whole registry moved between SQLite and PostgreSQL (either way, or between two of one
/// engine), table by table, row for row.
///
/// Both engines have the same tables and columns (the same migration list; PostgreSQL folds the column names to
/// lower case, so columns are matched without regard to case). Every row of every table that holds data is copied
/// as it is stored — devices and their attributes, token and API-key hashes, accounts and their password hashes,
/// authorization codes, PIN and password attempt records, queued HomeGraph work, the change log with its cursors, the
/// declared manufacturer clusters —
/// in one write transaction of the destination, which must hold no user and no change yet. Values cross engines by
/// kind: integers, text, byte strings, PostgreSQL's booleans as SQLite's 0/1, and an attribute's value in the
/// storage each engine gives it (SQLite: an integer for `int` and `bool` attributes; PostgreSQL: text). What is not data is not copied:
/// the change counters (the destination moves its own once the rows are in), the outbox claims of running instances, the
/// migration records, and the sign-ins through an identity provider and the consents still pending
/// (`upstream_sign_in`, `pending_consent`): they live minutes, and a user whose sign-in is lost in the move signs in
/// again. After the copy the destination's change-log cursor and outbox-event ids continue after the last copied ones.
///
/// The time grows linearly with the rows: each engine inserts in bulk, and PostgreSQL's row triggers (which would
/// update one counter row per inserted row, each update slower than the last inside one transaction) are off
/// during the copy.
public enum RegistryCopy {
    /// The tables copied, parents before children (foreign keys).
    package static let tables = [
        "user", "device", "endpoint", "attribute", "pin_attempt", "token", "account", "authorization_code", "apikey",
        "homegraph_setting", "homegraph_user", "outbox_report", "outbox_sync", "outbox_event", "change",
        "manufacturer_cluster",
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
            let (columns, values) = try read(table, from: store)
            var rows = values.map { row in
                Dictionary(uniqueKeysWithValues: zip(columns, row))
            }
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
            read.append((table, columns, rows))
        }
        try write(read, to: destination)
        return read.map { ($0.table, $0.rows.count) }
    }

    // MARK: - Reading and writing, through the engine

    private static func read(
        _ table: String,
        from store: any ClosableStore
    ) throws -> (columns: [String], rows: [[Value]]) {
        guard let store = store as? any CopyableRegistry else {
            throw RegistryError(code: .cannotOpen, message: "a registry of an unknown kind cannot be copied")
        }
        return try store.readTable(table)
    }

    private static func write(
        _ tables: [(table: String, columns: [String], rows: [[Value]])],
        to store: any ClosableStore
    ) throws {
        guard let store = store as? any CopyableRegistry else {
            throw RegistryError(code: .cannotOpen, message: "a registry of an unknown kind cannot be written")
        }
        try store.replaceTables(tables)
    }

    /// Refuses a destination that holds users or changes: a copy never merges.
    package static func refuseNonEmpty(users: Int, changes: Int) throws {
        guard users == 0, changes == 0 else {
            throw RegistryError(
                code: .conflict,
                message:
                    "the destination holds \(users) users and \(changes) changes: a copy goes into an empty registry"
            )
        }
    }

    /// Refuses a table whose columns differ between source and destination.
    package static func checkColumns(_ table: String, _ columns: [String], _ own: Set<String>) throws {
        guard Set(columns) == own else {
            throw RegistryError(
                code: .corruptData,
                message: "table \(table) has columns \(columns.sorted()) in the source and \(own.sorted()) in the "
                    + "destination: copy between registries of the same Hearth version"
            )
        }
    }
}
