import Foundation
import GRDB
import MatterModel
import Registry

/// The registry's ``RegistryDatabase`` on SQLite: a GRDB `DatabasePool` in WAL mode for a file (concurrent readers,
/// one writer), a `DatabaseQueue` in memory, and for a file the change-counter probe.
package struct SQLiteRegistryDatabase: RegistryDatabase {
    /// A `DatabasePool` for a file; a `DatabaseQueue` (one connection) in memory.
    let writer: any DatabaseWriter
    /// Checks the change counter outside the pool's transactions (a file's store only: in memory there is no other
    /// process to check for).
    let counterProbe: ChangeCounterProbe?

    package var dialect: SQLDialect {
        SQLDialect(byteOrder: "", rowLock: "", idIn: "IN (SELECT value FROM json_each(?))") {
            .text(StringArrayJSON.encode($0))
        }
    }

    package var cachesTokens: Bool { true }

    package func attributeValue(
        _ row: SQLiteRegistryRow,
        at index: Int,
        type: String,
        user: String,
        device: String,
        attribute: String
    ) throws -> AttributeValue {
        // The stored value is read as whatever storage class it has: a row whose class does not fit its tag (text
        // under `int`, an integer under `double`) is reported, never converted by GRDB (which traps on a failed
        // conversion to a non-optional type).
        let stored: DatabaseValue = row.row[index]
        switch (type, stored.storage) {
        case ("int", .int64(let int)): return .int(Int(int))
        case ("bool", .int64(let int)): return .bool(int != 0)
        case ("string", .string(let text)): return .string(text)
        case ("int", _), ("bool", _), ("string", _): break
        case (_, .string(let text)):
            if let value = StoredAttributeValue.decode(tag: type, text: text) { return value }
        default: break
        }
        throw RegistryRows.corrupt(
            user: user,
            device: device,
            "attribute \(attribute) has type \(type) and value \(stored)"
        )
    }

    package func attributeColumns(_ value: AttributeValue) -> (type: String, value: SQLValue) {
        switch value {
        case .bool(let bool): return ("bool", .int(bool ? 1 : 0))
        case .int(let int): return ("int", .int(Int64(int)))
        case .string(let string): return ("string", .text(string))
        case .null, .unsigned, .double, .octets, .list, .structure:
            let stored = StoredAttributeValue.encode(value)
            return (stored.tag, .text(stored.text))
        }
    }

    package func read<T>(_ body: (SQLiteRegistryConnection) throws -> T) throws -> T {
        try writer.read { db in try body(SQLiteRegistryConnection(db)) }
    }

    package func readEach<T>(_ body: (SQLiteRegistryConnection) throws -> T) throws -> T {
        try read(body)
    }

    package func writeUnlocked<T>(_ body: (SQLiteRegistryConnection) throws -> T) throws -> T {
        try writer.write { db in try body(SQLiteRegistryConnection(db)) }
    }

    /// One writer per file whatever the scope: `BEGIN IMMEDIATE`. `committed` runs after `COMMIT` succeeded and
    /// before the writer is released, so no other transaction of the file's writer can start in between.
    package func write<T>(
        _ scope: WriteScope,
        _ body: (SQLiteRegistryConnection) throws -> T,
        committed: (T) -> Void
    ) throws -> T {
        try writer.writeWithoutTransaction { db in
            let result = try SQLiteRegistry.immediateTransaction(db) { try body(SQLiteRegistryConnection(db)) }
            committed(result)
            return result
        }
    }

    package func readBetweenWriters<T>(_ body: (SQLiteRegistryConnection) throws -> T) throws -> T {
        try read(body)
    }

    /// One fleet counter: a single file has one writer at a time, so a counter per user would let no two writes
    /// proceed together, and the token cache needs the fleet counter anyway. This process's own writes move the
    /// cache with them (``RegistryCache/apply(changed:ofUser:from:to:now:)``), so only other processes' writes (the
    /// CLI) make every user's devices be read again.
    package var countsPerUser: Bool { false }

    package func counters(_ connection: SQLiteRegistryConnection, user: String?) throws -> RegistryCounters {
        RegistryCounters(fleet: try SQLiteRegistry.generation(connection.db), user: 0)
    }

    package func probeCounters(user: String?) throws -> RegistryCounters? {
        guard let counterProbe else { return nil }
        return RegistryCounters(fleet: try counterProbe.read(), user: 0)
    }

    /// Dense positions: a change's position is its `cursor` (the rowid), taken inside the one writer's transaction.
    package var changeLog: ChangeLogSQL {
        ChangeLogSQL(
            source: "SELECT cursor AS position, occurred, kind, userId, deviceId, data FROM change WHERE cursor > ?",
            order: "position",
            bounds: "SELECT min(cursor) - 1, max(cursor), max(cursor) FROM change",
            boundsBetweenWriters: "SELECT min(cursor) - 1, max(cursor), max(cursor) FROM change",
            maximumChangesPerTransaction: nil
        )
    }
}

/// A GRDB connection inside one of ``SQLiteRegistryDatabase``'s transactions. Every statement is a cached prepared
/// statement of the connection it runs on.
package struct SQLiteRegistryConnection: SQLConnection {
    let db: Database

    package init(_ db: Database) {
        self.db = db
    }

    @discardableResult
    package func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: Self.arguments(arguments))
        return db.changesCount
    }

    package func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (SQLiteRegistryRow) throws -> Void) throws {
        let rows = try GRDB.Row.fetchCursor(db.cachedStatement(sql: sql), arguments: Self.arguments(arguments))
        while let row = try rows.next() {
            try body(SQLiteRegistryRow(row: row))
        }
    }

    private static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(
            values.map { value -> DatabaseValue in
                switch value {
                case .null: return .null
                case .int(let int): return int.databaseValue
                case .text(let text): return text.databaseValue
                case .bool(let bool): return bool.databaseValue
                case .bytes(let bytes): return Data(bytes).databaseValue
                }
            }
        )
    }
}

/// A row of a GRDB cursor, read while the cursor stands on it.
package struct SQLiteRegistryRow: SQLRow {
    let row: Row

    package func optionalString(_ index: Int) throws -> String? { row[index] }
    package func string(_ index: Int) throws -> String { row[index] }
    package func optionalInt64(_ index: Int) throws -> Int64? { row[index] }
    package func int64(_ index: Int) throws -> Int64 { row[index] }
    package func bool(_ index: Int) throws -> Bool { row[index] }
    package func bytes(_ index: Int) throws -> [UInt8] { Array((row[index] as Data?) ?? Data()) }
}
