import MatterModel
import PostgreSQL
import Registry

/// The registry's ``RegistryDatabase`` on PostgreSQL: a pool of libpq connections. Writes lock per user: a writing
/// transaction's first statement takes transaction-level advisory locks (``lock(_:_:)``), so writes of different
/// users commit concurrently and writes of one user one after another. Transactions that fail with a serialization
/// failure or a deadlock are run again (``PostgreSQLPool``).
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

    /// `committed` runs once `COMMIT` returned success (a retried transaction's last attempt), on the calling thread
    /// at once; the advisory locks were released by `COMMIT`, so another connection's writer may already hold them.
    package func write<T>(
        _ scope: WriteScope,
        _ body: (PostgreSQLRegistryConnection) throws -> T,
        committed: (T) -> Void
    ) throws -> T {
        let result = try pool.transaction { c in
            try Self.lock(c, scope)
            return try body(PostgreSQLRegistryConnection(c))
        }
        committed(result)
        return result
    }

    package func readBetweenWriters<T>(_ body: (PostgreSQLRegistryConnection) throws -> T) throws -> T {
        // Read committed, not repeatable read: a repeatable-read snapshot would be taken by the locking statement,
        // before the writers it waited for had committed. Once the lock is held no writer is in flight, so each
        // statement's snapshot sees the same data.
        try pool.transaction { c in
            try Self.lock(c, .fleet)
            return try body(PostgreSQLRegistryConnection(c))
        }
    }

    /// The advisory lock key of the fleet (an arbitrary constant: "hearth" in ASCII, plus one): every writer holds it
    /// shared, ``WriteScope/fleet`` exclusively.
    static let fleetLockKey: Int64 = 0x6865_6172_7469
    /// The seed of `hashtextextended(userId, seed)`, the advisory lock key of a user.
    static let userLockSeed: Int64 = 0x6865_6172_7468

    /// Takes `scope`'s locks: the transaction's first statement, so that it has no transaction id yet.
    ///
    /// Why this makes the change log correct (``changeLog``): advisory locks assign no transaction id; a transaction
    /// gets its id (`pg_current_xact_id()`) at its first write, after it holds its users' locks. Two transactions that
    /// write the same user hold that user's lock one after the other, so the later one's id is assigned after the
    /// earlier one committed: per user, transaction id order is commit order. Several users' keys are locked in key
    /// order, so two multi-user writers do not deadlock (and a deadlock of colliding keys is retried by the pool).
    static func lock(_ c: PostgreSQLConnection, _ scope: WriteScope) throws {
        switch scope {
        case .user(let user):
            try c.query(
                "SELECT pg_advisory_xact_lock_shared($1::bigint), pg_advisory_xact_lock(hashtextextended($2, $3))",
                [.int(fleetLockKey), .text(user), .int(userLockSeed)]
            )
        case .users(let users):
            try c.query("SELECT pg_advisory_xact_lock_shared($1::bigint)", [.int(fleetLockKey)])
            guard !users.isEmpty else { return }
            try c.query(
                """
                SELECT count(pg_advisory_xact_lock(key)) FROM (
                    SELECT DISTINCT hashtextextended(id, $2) AS key FROM unnest($1::text[]) AS id ORDER BY key
                ) AS keys
                """,
                [.text(textArray(users)), .int(userLockSeed)]
            )
        case .fleet:
            try c.query("SELECT pg_advisory_xact_lock($1::bigint)", [.int(fleetLockKey)])
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

    /// A counter per user (`user_generation`, migration "v14"): one user's write leaves other users' cached devices
    /// valid in every instance.
    package var countsPerUser: Bool { true }

    package func counters(_ connection: PostgreSQLRegistryConnection, user: String?) throws -> RegistryCounters {
        try Self.counters(connection.c.query(Self.countersSQL, [.text(user ?? "")]).first)
    }

    package func probeCounters(user: String?) throws -> RegistryCounters? {
        try Self.counters(pool.query(Self.countersSQL, [.text(user ?? "")]).first)
    }

    /// The fleet counter and a user's counter, in one statement (one round trip).
    static let countersSQL =
        "SELECT (SELECT value FROM generation WHERE id = 1), "
        + "coalesce((SELECT value FROM user_generation WHERE userId = $1), 0)"

    private static func counters(_ row: PostgreSQLRow?) throws -> RegistryCounters {
        RegistryCounters(fleet: try row?.optionalInt64(0) ?? 0, user: try row?.optionalInt64(1) ?? 0)
    }

    package var changeLog: ChangeLogSQL { PostgreSQLRegistry.changeLog }
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
