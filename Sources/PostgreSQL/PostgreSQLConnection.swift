internal import CPostgreSQL

#if canImport(Glibc)
import Glibc
#endif

/// One libpq connection (`PGconn`), used by one thread at a time: the pool (``PostgreSQLPool``) hands it to one
/// caller and takes it back. libpq is synchronous, so a statement blocks the calling thread until the answer comes.
///
/// Statements run as named prepared statements, prepared once per connection on first use (the SQL text is the
/// key), with every value sent separately as a `$n` parameter.
///
/// `@unchecked Sendable`, the module's one: the `PGconn` pointer is not thread-safe, and the pool guarantees that
/// only the caller it lent the connection to uses it until it is given back.
public final class PostgreSQLConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    /// Statement name per SQL text.
    private var prepared: [String: String] = [:]
    /// Set when a statement failed in a way that says this session is of no further use (see
    /// ``PostgreSQLError/isUnavailable``), even if libpq still reports the connection as open.
    private var broken = false

    /// What every connection asks libpq for unless `url` says otherwise: each connection attempt, to each host of a
    /// multi-host URL, gives up after `connect_timeout` seconds (libpq's minimum is 2), and a server that stops
    /// answering is noticed by TCP keepalives and `tcp_user_timeout` within about 10 seconds, so no call waits on a
    /// dead server for longer. Placed before the URL: a value the URL sets wins.
    static let defaultParameters: [(String, String)] = [
        ("connect_timeout", "3"),
        ("keepalives", "1"),
        ("keepalives_idle", "5"),
        ("keepalives_interval", "2"),
        ("keepalives_count", "2"),
        ("tcp_user_timeout", "10000"),
    ]

    /// Connects. `url` is a libpq connection URI (`postgres://USER@HOST:PORT/DB?sslmode=…`, several hosts allowed:
    /// `postgres://h1:5432,h2:5432/db?target_session_attrs=read-write`) or key/value string; `password`, when given,
    /// is passed beside it and never written into the URL. Connection attempts are bounded
    /// (``defaultParameters``).
    public init(url: String, password: String? = nil) throws {
        var keywords = Self.defaultParameters.map { $0.0 } + ["dbname"]
        var values = Self.defaultParameters.map { $0.1 } + [url]
        if let password {
            keywords.append("password")
            values.append(password)
        }
        let connection = Self.withCStrings(keywords) { keywordPointers in
            Self.withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw PostgreSQLError(code: .connection, message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgreSQLError(code: .connection, message: message)
        }
        // Notices ("relation already exists, skipping") would go to stderr: the caller's logs decide what matters.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        self.connection = connection
    }

    deinit {
        PQfinish(connection)
    }

    /// Whether the connection is still usable: the server did not go away, and no statement failed in a way that
    /// says the session is lost (an administrator's shutdown, a standby that will not take writes).
    public var isHealthy: Bool {
        !broken && PQstatus(connection) == CONNECTION_OK
    }

    /// Runs one statement with `$1`, `$2`, … bound to `parameters`, as a prepared statement.
    ///
    /// A text parameter holding U+0000 is refused before anything is sent (``PostgreSQLError/Code/statement``,
    /// SQLSTATE `22021`, as the server refuses that character): libpq takes text parameters as C strings, so the text
    /// after the NUL would be lost without an error.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgreSQLValue] = []) throws -> PostgreSQLResult {
        if let index = parameters.firstIndex(where: { $0.text?.utf8.contains(0) == true }) {
            throw PostgreSQLError(
                code: .statement,
                sqlState: "22021",
                message: "parameter $\(index + 1) holds U+0000 (NUL), which PostgreSQL text cannot store"
            )
        }
        let name = try statementName(sql, parameterCount: parameters.count)
        let result = Self.withCStrings(parameters.map(\.text)) { values in
            PQexecPrepared(connection, name, Int32(parameters.count), values, nil, nil, 0)
        }
        return try consume(result)
    }

    /// Runs SQL text without parameters, possibly several statements (migrations, `BEGIN`, `COMMIT`).
    public func execute(_ sql: String) throws {
        _ = try consume(PQexec(connection, sql))
    }

    /// The prepared statement's name for `sql`, preparing it on first use.
    private func statementName(_ sql: String, parameterCount: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "s\(prepared.count)"
        _ = try consume(PQprepare(connection, name, sql, Int32(parameterCount), nil))
        prepared[sql] = name
        return name
    }

    /// Reads a result into Swift values and frees it; a failed statement throws with its SQLSTATE.
    private func consume(_ result: OpaquePointer?) throws -> PostgreSQLResult {
        guard let result else {
            broken = true
            throw PostgreSQLError(code: .connection, message: Self.trimmed(PQerrorMessage(connection)))
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            break
        default:
            let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            let message = primary ?? Self.trimmed(PQresultErrorMessage(result))
            // Every error the server sends carries a SQLSTATE; one without it was made by libpq itself, which here
            // means the connection failed ("server closed the connection unexpectedly"), even while PQstatus still
            // says CONNECTION_OK.
            let lost =
                sqlState == nil || PQstatus(connection) != CONNECTION_OK
                || PostgreSQLError.sessionIsLost(sqlState: sqlState)
            if lost { broken = true }
            throw PostgreSQLError(code: lost ? .connection : .statement, sqlState: sqlState, message: message)
        }
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        var rows: [PostgreSQLRow] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            var columns: [String?] = []
            columns.reserveCapacity(columnCount)
            for column in 0..<columnCount {
                if PQgetisnull(result, Int32(row), Int32(column)) != 0 {
                    columns.append(nil)
                } else {
                    columns.append(String(cString: PQgetvalue(result, Int32(row), Int32(column))))
                }
            }
            rows.append(PostgreSQLRow(columns: columns))
        }
        let affected = PQcmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        return PostgreSQLResult(rows: rows, affectedRows: affected)
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown libpq error" }
        var text = String(cString: message)
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }

    /// Runs `body` with a C array of C strings (NULL entries for `nil`), valid only during the call.
    private static func withCStrings<T>(
        _ strings: [String?],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
    ) -> T {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        pointers.append(nil)
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
