import HearthTestSupport
import PostgreSQL
import Testing

/// Text parameters against a real server: every Unicode character but U+0000 round-trips exactly; a NUL is refused
/// before the statement is sent (libpq would otherwise cut the C string there and store the rest silently lost).
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLTextTests {
    @Test func nonASCIITextRoundTripsAndANULIsRefused() throws {
        let pool = try PostgreSQLPool(url: PostgreSQLCluster.start().createDatabase(), size: 1)
        try pool.query("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT)")
        let texts = ["Küche 💡", "𝄞 ∑ 中文", "\u{1}\u{1F}\u{7F}", "tab\there\nnewline", "\u{FEFF}bom"]
        for (index, text) in texts.enumerated() {
            try pool.query("INSERT INTO t (id, name) VALUES ($1, $2)", [.int(Int64(index)), .text(text)])
        }
        let rows = try pool.query("SELECT name FROM t ORDER BY id").rows
        #expect(try rows.map { try $0.string(0) } == texts)
        let error = try #require(throws: PostgreSQLError.self) {
            try pool.query("INSERT INTO t (id, name) VALUES ($1, $2)", [.int(99), .text("Lamp\u{0}evil")])
        }
        #expect(error.code == .statement && error.sqlState == "22021")
        #expect(error.message.contains("$2"))
        #expect(try pool.query("SELECT count(*) FROM t").first?.int(0) == texts.count, "nothing was written")
    }
}
