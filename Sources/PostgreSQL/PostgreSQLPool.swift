import Dispatch
import Synchronization

/// A fixed-size pool of ``PostgreSQLConnection``s: a caller borrows one for a statement or a transaction and gives it
/// back. Connections are opened lazily, up to ``size``; a caller that finds all of them lent waits (up to
/// ``acquireTimeout``) for one to come back. A connection whose server went away is closed instead of reused.
///
/// libpq blocks the calling thread for each round trip, so the pool is what bounds how many threads wait on the
/// database at once: size it at least at the number of threads that call the store (the listener's threads plus
/// the HomeGraph drain), or request threads queue here instead of in the database.
public final class PostgreSQLPool: Sendable {
    /// How many connections the pool opens at most.
    public let size: Int
    /// How long ``withConnection(_:)`` waits for a connection before it throws ``PostgreSQLError/Code/poolExhausted``.
    public let acquireTimeout: Duration
    private let url: String
    private let password: String?
    /// One permit per connection that may be lent.
    private let permits: DispatchSemaphore
    private let idle = Mutex<[PostgreSQLConnection]>([])

    /// A pool of `size` connections to `url` (a libpq URI), with `password` passed beside it. Opens one connection
    /// at once, so that a wrong URL or password fails here and not on the first request.
    public init(url: String, password: String? = nil, size: Int, acquireTimeout: Duration = .seconds(30)) throws {
        precondition(size >= 1, "a pool has at least one connection")
        self.url = url
        self.password = password
        self.size = size
        self.acquireTimeout = acquireTimeout
        self.permits = DispatchSemaphore(value: size)
        let first = try PostgreSQLConnection(url: url, password: password)
        idle.withLock { $0.append(first) }
    }

    /// Closes every idle connection. Connections lent out are closed when they come back and are dropped.
    public func close() {
        let connections = idle.withLock { idle in
            let all = idle
            idle.removeAll()
            return all
        }
        withExtendedLifetime(connections) {}
    }

    /// Runs `body` with a connection of its own.
    public func withConnection<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        let (seconds, attoseconds) = acquireTimeout.components
        let timeout = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        guard permits.wait(timeout: timeout) == .success else {
            throw PostgreSQLError(
                code: .poolExhausted,
                message: "all \(size) connections stayed busy for \(acquireTimeout); raise database.poolSize"
            )
        }
        defer { permits.signal() }
        let connection = try idle.withLock { $0.popLast() } ?? PostgreSQLConnection(url: url, password: password)
        defer {
            if connection.isHealthy { idle.withLock { $0.append(connection) } }
        }
        return try body(connection)
    }

    /// Runs one statement on a pooled connection, outside any explicit transaction.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgreSQLValue] = []) throws -> PostgreSQLResult {
        try withConnection { try $0.query(sql, parameters) }
    }

    /// Runs `body` in one transaction on one connection and commits; rolls back if `body` throws. A serialization
    /// failure or deadlock (SQLSTATE 40001, 40P01) rolls back and runs `body` again, up to `attempts` times in
    /// all, so `body` must do nothing outside the database that it cannot repeat.
    public func transaction<T>(
        _ isolation: PostgreSQLIsolation = .readCommitted,
        attempts: Int = 5,
        _ body: (PostgreSQLConnection) throws -> T
    ) throws -> T {
        try withConnection { connection in
            var attempt = 1
            while true {
                do {
                    return try connection.transaction(isolation, body)
                } catch let error as PostgreSQLError where error.isTransient && attempt < attempts {
                    attempt += 1
                }
            }
        }
    }
}

/// A transaction's isolation level.
public enum PostgreSQLIsolation: String, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

extension PostgreSQLConnection {
    /// Runs `body` between `BEGIN` and `COMMIT`, rolling back if it throws; no retry (see
    /// ``PostgreSQLPool/transaction(_:attempts:_:)``).
    public func transaction<T>(
        _ isolation: PostgreSQLIsolation = .readCommitted,
        _ body: (PostgreSQLConnection) throws -> T
    )
        throws -> T
    {
        try query("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        let result: T
        do {
            result = try body(self)
            try query("COMMIT")
        } catch {
            if isHealthy { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }
}
