import Foundation
import GRDB
import Registry
import Synchronization

// `hearth db copy` on this engine: ``RegistryCopy`` moves the rows, this reads and writes them.

extension SQLiteRegistry: CopyableRegistry {
    package func readTable(_ table: String) throws -> (columns: [String], rows: [[RegistryCopy.Value]]) {
        return try pool.read { db in
            let columns = try db.columns(in: table).map { $0.name.lowercased() }
            let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            var rows: [[RegistryCopy.Value]] = []
            let cursor = try Row.fetchCursor(db, sql: "SELECT \(list) FROM \"\(table)\"")
            while let row = try cursor.next() {
                rows.append((0..<columns.count).map { Self.copyValue(row[$0]) })
            }
            return (columns, rows)
        }
    }

    package func replaceTables(
        _ tables: [(table: String, columns: [String], rows: [[RegistryCopy.Value]])]
    ) throws {
        try pool.write { db in
            try RegistryCopy.refuseNonEmpty(
                users: try Int.fetchOne(db, sql: "SELECT count(*) FROM user") ?? 0,
                changes: try Int.fetchOne(db, sql: "SELECT count(*) FROM change") ?? 0
            )
            for (table, _, _) in tables.reversed() { try db.execute(sql: "DELETE FROM \"\(table)\"") }
            for (table, columns, rows) in tables where !rows.isEmpty {
                let own = Set(try db.columns(in: table).map { $0.name.lowercased() })
                try RegistryCopy.checkColumns(table, columns, own)
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
        state.cache.withLock { $0.invalidate() }
        return
    }

    private static func copyValue(_ value: DatabaseValue) -> RegistryCopy.Value {
        switch value.storage {
        case .null: return .null
        case .int64(let int): return .int(int)
        case .double(let double): return .text(String(double))
        case .string(let string): return .text(string)
        case .blob(let data): return .bytes(Array(data))
        }
    }

    private static func databaseValue(_ value: RegistryCopy.Value) -> DatabaseValue {
        switch value {
        case .null: return .null
        case .int(let int): return int.databaseValue
        case .text(let text): return text.databaseValue
        case .bytes(let bytes): return Data(bytes).databaseValue
        }
    }

}
