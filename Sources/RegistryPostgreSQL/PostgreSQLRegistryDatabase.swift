import MatterModel
import PostgreSQL
import Registry

/// The registry's ``RegistryDatabase`` on PostgreSQL: a pool of libpq connections. Writes are serialized as
/// SQLite's are: every writing transaction first locks the change counter's row (`SELECT … FROM generation FOR
/// UPDATE`); transactions that fail with a serialization failure or a deadlock are run again (``PostgreSQLPool``).
package struct PostgreSQLRegistryDatabase: RegistryDatabase {
    let pool: PostgreSQLPool

    package var dialect: SQLDialect {
        SQLDialect(byteOrder: " COLLATE \"C\"", rowLock: " FOR UPDATE", idIn: "= ANY(?::text[])") {
            .text(PostgreSQLRegistryDatabase.textArray($0))
        }
    }

    package var cachesTokens: Bool { false }

    package func attributeValue(
        _ row: PostgreSQLRegistryRow,
        at index: Int,
        type: String,
        user: String,
        device: String,
        attribute: String
    ) throws -> AttributeValue {
        let text = try row.string(index)
        guard let value = StoredAttributeValue.decode(tag: type, text: text) else {
            throw RegistryRows.corrupt(
                user: user,
                device: device,
                "attribute \(attribute) has type \(type) and value \(text)"
            )
        }
        return value
    }

    package func attributeColumns(_ value: AttributeValue) -> (type: String, value: SQLValue) {
        let stored = StoredAttributeValue.encode(value)
        return (stored.tag, .text(stored.text))
    }

    package func read<T>(_ body: (PostgreSQLRegistryConnection) throws -> T) throws -> T {
        try pool.transaction(.repeatableRead) { c in try body(PostgreSQLRegistryConnection(c)) }
    }

    package func readEach<T>(_ body: (PostgreSQLRegistryConnection) throws -> T) throws -> T {
        try pool.withConnection { c in try body(PostgreSQLRegistryConnection(c)) }
    }

    package func writeUnlocked<T>(_ body: (PostgreSQLRegistryConnection) throws -> T) throws -> T {
        try pool.transaction { c in try body(PostgreSQLRegistryConnection(c)) }
    }

    package func write<T>(_ body: (PostgreSQLRegistryConnection, Int64) throws -> T) throws -> T {
        try pool.transaction { c in
            let before = try c.query("SELECT value FROM generation WHERE id = 1 FOR UPDATE").first?.int64(0) ?? 0
            return try body(PostgreSQLRegistryConnection(c), before)
        }
    }

    /// A PostgreSQL `text[]` literal of `strings`, sent as one parameter (`= ANY($n::text[])`).
    static func textArray(_ strings: [String]) -> String {
        var literal = "{"
        for (index, string) in strings.enumerated() {
            if index > 0 { literal += "," }
            literal += "\""
            for character in string {
                if character == "\"" || character == "\\" { literal.append("\\") }
                literal.append(character)
            }
            literal += "\""
        }
        return literal + "}"
    }

    package func generation(_ connection: PostgreSQLRegistryConnection) throws -> Int64 {
        try PostgreSQLRegistry.generation(connection.c)
    }

    package func probeGeneration() throws -> Int64? {
        try pool.query("SELECT value FROM generation WHERE id = 1").first?.int64(0) ?? 0
    }
}

/// A libpq connection inside one of ``PostgreSQLRegistryDatabase``'s transactions (or between them). Statements
/// come with SQLite's `?` parameters and are sent with PostgreSQL's `$1`, `$2`, ….
package struct PostgreSQLRegistryConnection: SQLConnection {
    let c: PostgreSQLConnection

    package init(_ c: PostgreSQLConnection) {
        self.c = c
    }

    @discardableResult
    package func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        try c.query(Self.numbered(sql), arguments.map(Self.value)).affectedRows
    }

    package func forEachRow(
        _ sql: String,
        _ arguments: [SQLValue],
        _ body: (PostgreSQLRegistryRow) throws -> Void
    ) throws {
        for row in try c.query(Self.numbered(sql), arguments.map(Self.value)).rows {
            try body(PostgreSQLRegistryRow(row: row))
        }
    }

    /// `sql` with PostgreSQL's parameters: outside a quoted literal or name, `?NNN` becomes `$NNN` and each bare
    /// `?` the next of `$1`, `$2`, ….
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        var pendingNumber = false
        for character in sql {
            if pendingNumber {
                pendingNumber = false
                // `?NNN` names its parameter; a bare `?` takes the next number.
                if !character.isASCII || !character.isNumber {
                    number += 1
                    result += String(number)
                }
            }
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                result += "$"
                pendingNumber = true
            } else {
                result.append(character)
            }
        }
        if pendingNumber {
            number += 1
            result += String(number)
        }
        return result
    }

    private static func value(_ value: SQLValue) -> PostgreSQLValue {
        switch value {
        case .null: return .null
        case .int(let int): return .int(int)
        case .text(let text): return .text(text)
        case .bool(let bool): return .bool(bool)
        case .bytes(let bytes): return .bytes(bytes)
        }
    }
}

/// A row of a PostgreSQL result.
package struct PostgreSQLRegistryRow: SQLRow {
    let row: PostgreSQLRow

    package func optionalString(_ index: Int) throws -> String? { try row.optionalString(index) }
    package func string(_ index: Int) throws -> String { try row.string(index) }
    package func optionalInt64(_ index: Int) throws -> Int64? { try row.optionalInt64(index) }
    package func int64(_ index: Int) throws -> Int64 { try row.int64(index) }
    package func bool(_ index: Int) throws -> Bool { try row.bool(index) }
    package func bytes(_ index: Int) throws -> [UInt8] { try row.bytes(index) }
}
