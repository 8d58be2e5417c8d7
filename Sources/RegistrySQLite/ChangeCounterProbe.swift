import GRDB
internal import GRDBSQLite
import Registry
import Synchronization

/// Reads the registry's change counter (the `generation` row) on a read-only SQLite connection of its own, in
/// autocommit: one prepared statement stepped and reset, no transaction of the reader pool.
///
/// ``SQLiteRegistry`` checks the counter whenever its cache has not been verified for a revalidation interval
/// (25 ms by default), and at a rate of a few requests a second (Google's, for most homes) that is every request. A
/// check through `DatabasePool.read` costs what GRDB's isolation costs: a reader taken from the pool on a dispatch
/// queue, `BEGIN DEFERRED`, GRDB's schema-version check (`PRAGMA schema_version`), the read, `COMMIT`, a cursor
/// object: about 40 µs of CPU a check, measured with `HEARTH_DATABASE_CACHE_REVALIDATION_MILLISECONDS=0` (the
/// benchmarks' record, `Tests/Benchmarks/RESULTS.md`). One `SELECT` needs none of that. In autocommit SQLite wraps the statement in a read transaction
/// of its own, which sees the last commit of every connection and process (WAL mode); a single row read that way is
/// as consistent as one inside an explicit transaction. What is left is SQLite's own read-transaction locking.
///
/// The connection is opened read-only (`SQLITE_OPEN_READONLY`, no SQLite mutex) and used by one caller at a time,
/// under a `Mutex`; GRDB's queue is not involved, so the statement is SQLite's C API through GRDB's own SQLite
/// module.
final class ChangeCounterProbe: Sendable {
    private struct Connection {
        let database: OpaquePointer
        let statement: OpaquePointer
    }

    private let connection: Mutex<Connection?>

    /// Opens a read-only connection to the existing database at `path` and prepares the counter's `SELECT`.
    init(path: String, busyTimeoutMilliseconds: Int32) throws {
        var database: OpaquePointer?
        let opened = sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard opened == SQLITE_OK, let database else {
            let error = Self.error(opened, database)
            sqlite3_close_v2(database)
            throw error
        }
        sqlite3_busy_timeout(database, busyTimeoutMilliseconds)
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v3(
            database,
            SQLiteRegistry.generationSQL,
            -1,
            UInt32(SQLITE_PREPARE_PERSISTENT),
            &statement,
            nil
        )
        guard prepared == SQLITE_OK, let statement else {
            let error = Self.error(prepared, database)
            sqlite3_close_v2(database)
            throw error
        }
        connection = Mutex(Connection(database: database, statement: statement))
    }

    deinit {
        connection.withLock { Self.close(&$0) }
    }

    /// The change counter as of the last commit.
    func read() throws -> Int64 {
        try connection.withLock { connection -> Int64 in
            guard let connection else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the change counter's connection is closed")
            }
            defer { sqlite3_reset(connection.statement) }
            switch sqlite3_step(connection.statement) {
            case SQLITE_ROW:
                return sqlite3_column_int64(connection.statement, 0)
            case SQLITE_DONE:
                return 0
            case let code:
                throw Self.error(code, connection.database)
            }
        }
    }

    /// Finalises the statement and closes the connection; later reads throw.
    func close() {
        connection.withLock { Self.close(&$0) }
    }

    private static func close(_ connection: inout Connection?) {
        guard let open = connection else { return }
        sqlite3_finalize(open.statement)
        sqlite3_close_v2(open.database)
        connection = nil
    }

    private static func error(_ code: Int32, _ database: OpaquePointer?) -> DatabaseError {
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
    }
}
