import HearthTestSupport
import PostgreSQL
import Synchronization
import Testing

/// The pool when the server goes away: a crash and restart, a session ended by an administrator, a session that can
/// no longer write, a connection lost at `COMMIT`.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLFailureTests {
    private func pool(size: Int = 2) throws -> PostgreSQLPool {
        try PostgreSQLPool(url: PostgreSQLCluster.start().createDatabase(), size: size)
    }

    @Test func aCrashedServerFailsFastAndThePoolReconnectsWhenItIsBack() throws {
        let server = try RestartableServer()
        let pool = try PostgreSQLPool(url: server.url, size: 2)
        try pool.query("CREATE TABLE kept (n INT)")
        try pool.query("INSERT INTO kept VALUES (1)")

        try server.crash()
        // Down: every call fails with the unavailable error, at once (the socket is gone), without a hang.
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<3 {
            let error = try #require(throws: PostgreSQLError.self) { try pool.query("SELECT count(*) FROM kept") }
            #expect(error.isUnavailable)
            let inTransaction = try #require(throws: PostgreSQLError.self) {
                try pool.transaction { c in try c.query("SELECT count(*) FROM kept") }
            }
            #expect(inTransaction.isUnavailable)
            #expect(!inTransaction.commitOutcomeUnknown)
        }
        // Six calls, each bounded by the connection attempt's timeout (3 s) at most: far less here, the socket file
        // is simply absent, but the bound is what is promised.
        #expect(started.duration(to: clock.now) < .seconds(18))

        try server.start()
        // The same pool, no restart of the caller: the next call connects again and sees the committed row.
        #expect(try pool.query("SELECT count(*) FROM kept").first?.int(0) == 1)
        #expect(try pool.transaction { c in try c.query("SELECT count(*) FROM kept").first?.int(0) } == 1)
    }

    @Test func aTransactionOnAConnectionLostWhileIdleRunsOnceMoreOnANewOne() throws {
        let server = try RestartableServer()
        let pool = try PostgreSQLPool(url: server.url, size: 1)
        try pool.query("CREATE TABLE t (n INT)")
        // The pool's one connection sits idle while the server crashes and comes back.
        try server.crash()
        try server.start()
        let runs = Mutex(0)
        try pool.transaction { c in
            runs.withLock { $0 += 1 }
            try c.query("INSERT INTO t VALUES (1)")
        }
        // `BEGIN` failed on the stale connection, before anything was sent that could commit; the transaction ran
        // on a new connection, its body once.
        #expect(runs.withLock { $0 } == 1)
        #expect(try pool.query("SELECT count(*) FROM t").first?.int(0) == 1)
    }

    @Test func aSessionEndedByAnAdministratorIsDiscarded() throws {
        let pool = try pool(size: 1)
        let victim = try #require(try pool.query("SELECT pg_backend_pid()").first?.int(0))
        // Another session (not the pool's) ends the pool's one connection: SQLSTATE 57P01 on its next statement.
        let other = try PostgreSQLConnection(url: PostgreSQLCluster.start().createDatabase())
        try other.query("SELECT pg_terminate_backend($1)", [.int(Int64(victim))])
        let error = try #require(throws: PostgreSQLError.self) { try pool.query("SELECT 1") }
        #expect(error.isUnavailable)
        // The broken connection was not put back: the next statement gets a new session.
        let next = try #require(try pool.query("SELECT pg_backend_pid()").first?.int(0))
        #expect(next != victim)
    }

    @Test func aSessionThatCannotWriteIsDiscarded() throws {
        let pool = try pool(size: 1)
        try pool.query("CREATE TABLE w (n INT)")
        // What a connection that lands on a standby meets: SQLSTATE 25006 read_only_sql_transaction.
        let error = try #require(throws: PostgreSQLError.self) {
            try pool.withConnection { c in
                try c.execute("SET default_transaction_read_only = on")
                try c.query("INSERT INTO w VALUES (1)")
            }
        }
        #expect(error.sqlState == "25006")
        #expect(error.isUnavailable)
        // A new session (without the setting) takes the write.
        try pool.query("INSERT INTO w VALUES (2)")
        #expect(try pool.query("SELECT count(*) FROM w").first?.int(0) == 1)
    }

    @Test func aConnectionLostAtCommitIsNotRetried() throws {
        let pool = try pool(size: 1)
        // A constraint trigger deferred to COMMIT ends its own session there: the connection is lost while COMMIT
        // runs, and the client cannot know whether the transaction committed.
        try pool.withConnection { c in
            try c.execute(
                """
                CREATE TABLE c (n INT);
                CREATE FUNCTION end_session() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NULL; END $$;
                CREATE CONSTRAINT TRIGGER at_commit AFTER INSERT ON c DEFERRABLE INITIALLY DEFERRED
                FOR EACH ROW EXECUTE FUNCTION end_session();
                """
            )
        }
        let runs = Mutex(0)
        let error = try #require(throws: PostgreSQLError.self) {
            try pool.transaction { c in
                runs.withLock { $0 += 1 }
                try c.query("INSERT INTO c VALUES (1)")
            }
        }
        #expect(error.isUnavailable)
        #expect(error.commitOutcomeUnknown)
        #expect(runs.withLock { $0 } == 1)
        // The pool carries on with a new session.
        #expect(try pool.query("SELECT 1").first?.int(0) == 1)
    }
}
