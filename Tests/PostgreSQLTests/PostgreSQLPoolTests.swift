import Dispatch
import HearthTestSupport
import PostgreSQL
import Synchronization
import Testing

/// The driver against a real server: the throwaway cluster of ``PostgreSQLCluster``.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLPoolTests {
    private func pool(size: Int = 2) throws -> PostgreSQLPool {
        try PostgreSQLPool(url: PostgreSQLCluster.start().createDatabase(), size: size)
    }

    @Test func parametersAreSentApartFromTheSQL() throws {
        let pool = try pool()
        try pool.query("CREATE TABLE t (name TEXT PRIMARY KEY, n BIGINT, flag BOOLEAN, blob BYTEA)")
        let hostile = "x'); DROP TABLE t; --"
        try pool.query(
            "INSERT INTO t (name, n, flag, blob) VALUES ($1, $2, $3, $4)",
            [.text(hostile), .int(-42), .bool(true), .bytes([0, 1, 0xFE, 0xFF])]
        )
        try pool.query("INSERT INTO t (name, n, flag, blob) VALUES ($1, $2, $3, $4)", ["plain", nil, nil, nil])
        let rows = try pool.query("SELECT name, n, flag, blob FROM t ORDER BY name").rows
        #expect(rows.count == 2)
        #expect(try rows[0].string(0) == "plain")
        #expect(try rows[0].optionalInt64(1) == nil)
        #expect(try rows[0].optionalBool(2) == nil)
        #expect(try rows[0].optionalBytes(3) == nil)
        #expect(try rows[1].string(0) == hostile)
        #expect(try rows[1].int64(1) == -42)
        #expect(try rows[1].bool(2))
        #expect(try rows[1].bytes(3) == [0, 1, 0xFE, 0xFF])
    }

    @Test func wrongTypeAndNullAreDecodingErrors() throws {
        let row = try #require(try pool().query("SELECT 'abc', NULL::bigint").first)
        #expect(throws: PostgreSQLError.self) { try row.int64(0) }
        #expect(throws: PostgreSQLError.self) { try row.int64(1) }
        #expect(throws: PostgreSQLError.self) { try row.string(2) }
    }

    @Test func errorsCarrySQLState() throws {
        let pool = try pool()
        try pool.query("CREATE TABLE u (id TEXT PRIMARY KEY)")
        try pool.query("INSERT INTO u VALUES ($1)", ["a"])
        let error = try #require(throws: PostgreSQLError.self) { try pool.query("INSERT INTO u VALUES ($1)", ["a"]) }
        #expect(error.sqlState == "23505")
        #expect(error.isUniqueViolation)
        #expect(error.message.contains("duplicate key"))
        let missing = try #require(throws: PostgreSQLError.self) { try pool.query("SELECT * FROM nowhere") }
        #expect(missing.sqlState == "42P01")
        // The connection is usable after a failed statement.
        #expect(try pool.query("SELECT count(*) FROM u").first?.int(0) == 1)
    }

    @Test func aThrowingTransactionRollsBack() throws {
        let pool = try pool()
        try pool.query("CREATE TABLE v (id TEXT)")
        #expect(throws: TestFailure.self) {
            try pool.transaction { c in
                try c.query("INSERT INTO v VALUES ($1)", ["gone"])
                throw TestFailure("stop")
            }
        }
        #expect(try pool.query("SELECT count(*) FROM v").first?.int(0) == 0)
    }

    @Test func aSerializationFailureIsRetried() throws {
        let pool = try pool(size: 3)
        try pool.query("CREATE TABLE counter (id INT PRIMARY KEY, value INT NOT NULL)")
        try pool.query("INSERT INTO counter VALUES (1, 0)")
        // The first attempt reads, then another transaction commits a change to the row before the first writes:
        // under SERIALIZABLE the first fails with 40001 and is run again, and sees the other's value.
        let attempts = Mutex(0)
        try pool.transaction(.serializable) { c in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            let value = try c.query("SELECT value FROM counter WHERE id = 1").first?.int(0) ?? -1
            if attempt == 1 {
                try pool.query("UPDATE counter SET value = value + 100 WHERE id = 1")
            }
            try c.query("UPDATE counter SET value = $1 WHERE id = 1", [.int(Int64(value + 1))])
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(try pool.query("SELECT value FROM counter WHERE id = 1").first?.int(0) == 101)
    }

    @Test func aWrongURLFailsAtOnceWithTheReason() throws {
        let cluster = try PostgreSQLCluster.start()
        let error = try #require(throws: PostgreSQLError.self) {
            try PostgreSQLPool(url: cluster.url(database: "no_such_database"), size: 1)
        }
        #expect(error.code == .connection)
        #expect(error.message.contains("no_such_database"))
    }

    @Test func callersBeyondThePoolWaitForAConnection() throws {
        let pool = try pool(size: 2)
        try pool.query("CREATE TABLE w (n INT)")
        // Eight callers on two connections: each insert happens, none fails for lack of a connection.
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            _ = try? pool.query("INSERT INTO w VALUES ($1)", [.int(Int64(index))])
        }
        #expect(try pool.query("SELECT count(*) FROM w").first?.int(0) == 8)
    }
}
