/// A failure reported by PostgreSQL or by libpq: the SQLSTATE when the server sent one, and the message.
public struct PostgreSQLError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: Sendable, Hashable {
        /// No connection could be made (server down, wrong URL, authentication refused), or the one in use was lost:
        /// the server went away, shut down (SQLSTATE 57P01, 57P02, 57P03, class 08), or turned out to be a standby
        /// that refuses writes (25006, after a failover). The database is unavailable for now
        /// (``PostgreSQLError/isUnavailable``).
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

    /// The database cannot be used now (``Code/connection``): a later attempt, on a new connection, may succeed. When
    /// this comes from a transaction's `COMMIT` (``commitOutcomeUnknown``), whether it was committed is not known.
    public var isUnavailable: Bool { code == .connection }

    /// The connection was lost while `COMMIT` was on its way: the transaction may or may not have been committed.
    /// Never retried by the pool; the caller's client decides (by retrying an idempotent request).
    public var commitOutcomeUnknown = false

    /// Whether a statement's SQLSTATE says its session is of no further use: class 08 (connection exception),
    /// 57P01 `admin_shutdown`, 57P02 `crash_shutdown`, 57P03 `cannot_connect_now`, and 25006
    /// `read_only_sql_transaction` (the server is, or has become, a standby).
    static func sessionIsLost(sqlState: String?) -> Bool {
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03", "25006"].contains(sqlState)
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
