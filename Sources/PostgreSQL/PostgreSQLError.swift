/// A failure reported by PostgreSQL or by libpq: the SQLSTATE when the server sent one, and the message.
public struct PostgreSQLError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: Sendable, Hashable {
        /// No connection could be made (server down, wrong URL, authentication refused).
        case connection
        /// The server refused or failed a statement; ``PostgreSQLError/sqlState`` says why.
        case statement
        /// Every connection of the pool stayed busy for the whole wait.
        case poolExhausted
        /// A value came back in a form the caller did not expect (a column read with the wrong type).
        case decoding
    }

    public var code: Code
    /// The five-character SQLSTATE (`23505` unique violation, `40001` serialization failure, …), when known.
    public var sqlState: String?
    public var message: String

    public init(code: Code, sqlState: String? = nil, message: String) {
        self.code = code
        self.sqlState = sqlState
        self.message = message
    }

    /// A serialization failure or a deadlock: the transaction was rolled back and may simply be run again.
    public var isTransient: Bool {
        sqlState == "40001" || sqlState == "40P01"
    }

    /// A unique or primary-key constraint refused the write.
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// An object (table, column) the statement names does not exist.
    public var isUndefinedTable: Bool { sqlState == "42P01" }

    public var description: String {
        if let sqlState { return "PostgreSQL \(sqlState): \(message)" }
        return "PostgreSQL: \(message)"
    }
}
