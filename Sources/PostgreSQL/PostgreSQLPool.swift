import Dispatch
import Synchronization

/// A fixed-size pool of ``PostgreSQLConnection``s: a caller borrows one for a statement or a transaction and gives it
/// back. Connections are opened lazily, up to ``size``; a caller that finds all of them lent waits (up to
/// ``acquireTimeout``) for one to come back. A connection whose server went away is closed instead of reused, with
/// every idle one, and the next caller connects again: after a failover, libpq's multi-host URL finds the new
/// primary (see ``PostgreSQLConnection/init(url:password:)``).
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
    ///
    /// A connection that `body` leaves unusable (``PostgreSQLConnection/isHealthy`` false: the server went away, shut
    /// down, or is a standby now) is closed, and so is every idle one, opened to what was most likely the same lost
    /// server: the next caller connects afresh, and libpq's own handling of a multi-host URL
    /// (`target_session_attrs=read-write`) finds the primary. Nothing is retried here: a statement outside a
    /// transaction whose connection broke may or may not have run.
    public func withConnection<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try lend { connection, _ in try body(connection) }
    }

    /// Lends a connection to `body`, with whether it was reused from the idle list (`false`: opened for this call).
    private func lend<T>(_ body: (PostgreSQLConnection, _ reused: Bool) throws -> T) throws -> T {
        let (seconds, attoseconds) = acquireTimeout.components
        let timeout = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        guard permits.wait(timeout: timeout) == .success else {
            throw PostgreSQLError(
                code: .poolExhausted,
                message: "all \(size) connections stayed busy for \(acquireTimeout); raise database.poolSize"
            )
        }
        defer { permits.signal() }
        let reused = idle.withLock { $0.popLast() }
        let connection = try reused ?? PostgreSQLConnection(url: url, password: password)
        defer {
            if connection.isHealthy {
                idle.withLock { $0.append(connection) }
            } else {
                let stale = idle.withLock { idle in
                    let all = idle
                    idle.removeAll()
                    return all
                }
                withExtendedLifetime(stale) {}
            }
        }
        return try body(connection, reused != nil)
    }

    /// Runs one statement on a pooled connection, outside any explicit transaction.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgreSQLValue] = []) throws -> PostgreSQLResult {
        try withConnection { try $0.query(sql, parameters) }
    }

    /// Runs `body` in one transaction on one connection and commits; rolls back if `body` throws. A serialization
    /// failure or deadlock (SQLSTATE 40001, 40P01) rolls back and runs `body` again, up to `attempts` times in
    /// all, so `body` must do nothing outside the database that it cannot repeat.
    ///
    /// When a connection taken from the idle list turns out to be lost before `COMMIT` was sent (the server
    /// restarted or failed over while it sat idle), nothing was committed: the transaction runs once more on a new
    /// connection. A connection lost at `COMMIT` leaves the outcome unknown: that error
    /// (``PostgreSQLError/commitOutcomeUnknown``) is thrown, never retried.
    public func transaction<T>(
        _ isolation: PostgreSQLIsolation = .readCommitted,
        attempts: Int = 5,
        _ body: (PostgreSQLConnection) throws -> T
    ) throws -> T {
        var attempt = 1
        var reconnected = false
        while true {
            var staleConnection = false
            do {
                return try lend { connection, reused in
                    do {
                        return try connection.transaction(isolation, body)
                    } catch let error as PostgreSQLError where error.isUnavailable && !error.commitOutcomeUnknown {
                        staleConnection = reused
                        throw error
                    }
                }
            } catch let error as PostgreSQLError where error.isTransient && attempt < attempts {
                attempt += 1
            } catch let error as PostgreSQLError where error.isUnavailable && staleConnection && !reconnected {
                reconnected = true
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
        } catch {
            if isHealthy { try? execute("ROLLBACK") }
            throw error
        }
        do {
            try query("COMMIT")
        } catch var error as PostgreSQLError where error.isUnavailable {
            error.commitOutcomeUnknown = true
            throw error
        } catch {
            if isHealthy { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }
}
