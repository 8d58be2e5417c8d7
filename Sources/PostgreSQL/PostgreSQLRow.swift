/// One row of a result, its columns in text format, read by position with the type the caller expects.
///
/// Reading a column as the wrong type, or a NULL through a non-optional accessor, throws
/// ``PostgreSQLError/Code/decoding``: a schema the code does not expect is reported, never guessed at.
public struct PostgreSQLRow: Sendable {
    /// Each column's text, `nil` for SQL NULL.
    public let columns: [String?]

    public init(columns: [String?]) {
        self.columns = columns
    }

    /// The column's text, or `nil` for NULL.
    public func optionalString(_ index: Int) throws -> String? {
        guard index < columns.count else {
            throw PostgreSQLError(code: .decoding, message: "column \(index) of a row of \(columns.count)")
        }
        return columns[index]
    }

    public func string(_ index: Int) throws -> String {
        guard let value = try optionalString(index) else { throw Self.null(index) }
        return value
    }

    public func optionalInt64(_ index: Int) throws -> Int64? {
        guard let text = try optionalString(index) else { return nil }
        guard let value = Int64(text) else {
            throw PostgreSQLError(code: .decoding, message: "column \(index) is not an integer: \(text)")
        }
        return value
    }

    public func int64(_ index: Int) throws -> Int64 {
        guard let value = try optionalInt64(index) else { throw Self.null(index) }
        return value
    }

    public func optionalInt(_ index: Int) throws -> Int? {
        try optionalInt64(index).map { Int($0) }
    }

    public func int(_ index: Int) throws -> Int {
        Int(try int64(index))
    }

    public func optionalBool(_ index: Int) throws -> Bool? {
        switch try optionalString(index) {
        case nil: return nil
        case "t": return true
        case "f": return false
        case let text?: throw PostgreSQLError(code: .decoding, message: "column \(index) is not a boolean: \(text)")
        }
    }

    public func bool(_ index: Int) throws -> Bool {
        guard let value = try optionalBool(index) else { throw Self.null(index) }
        return value
    }

    /// A `bytea` column (hex output, PostgreSQL's default).
    public func optionalBytes(_ index: Int) throws -> [UInt8]? {
        guard let text = try optionalString(index) else { return nil }
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0
        else {
            throw PostgreSQLError(code: .decoding, message: "column \(index) is not bytea in hex form")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((utf8.count - 2) / 2)
        var index = 2
        while index < utf8.count {
            guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else {
                throw PostgreSQLError(code: .decoding, message: "column \(index) is not bytea in hex form")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    public func bytes(_ index: Int) throws -> [UInt8] {
        guard let value = try optionalBytes(index) else { throw Self.null(index) }
        return value
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func null(_ index: Int) -> PostgreSQLError {
        PostgreSQLError(code: .decoding, message: "column \(index) is NULL")
    }
}

/// What a statement returned: its rows, and how many rows it changed (`INSERT`, `UPDATE`, `DELETE`).
public struct PostgreSQLResult: Sendable {
    public var rows: [PostgreSQLRow]
    /// libpq's `PQcmdTuples`: rows inserted, updated or deleted; 0 for other statements.
    public var affectedRows: Int

    public init(rows: [PostgreSQLRow], affectedRows: Int) {
        self.rows = rows
        self.affectedRows = affectedRows
    }

    /// The first row, if any.
    public var first: PostgreSQLRow? { rows.first }
}
