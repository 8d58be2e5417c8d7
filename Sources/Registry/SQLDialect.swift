/// What the two engines spell differently in statements the registry otherwise writes once.
package struct SQLDialect: Sendable {
    /// Appended to an `ORDER BY` of text, so that names sort by their bytes on both engines (SQLite's default; on
    /// PostgreSQL `COLLATE "C"`, not the database's locale).
    package var byteOrder: String
    /// Appended to a `SELECT` of a row the transaction goes on to change: PostgreSQL's ` FOR UPDATE`; nothing on
    /// SQLite, whose writer holds the whole database.
    package var rowLock: String

    /// What follows a column in a `WHERE` to say "is one of a list", the list passed as one parameter
    /// (``ids``): SQLite `IN (SELECT value FROM json_each(?))`, PostgreSQL `= ANY(?::text[])`. One statement text
    /// for any number of ids, so the statement is prepared once.
    package var idIn: String
    /// The one parameter of ``idIn``: SQLite a JSON array, PostgreSQL a `text[]` literal.
    package var ids: @Sendable ([String]) -> SQLValue

    package init(
        byteOrder: String,
        rowLock: String,
        idIn: String,
        ids: @escaping @Sendable ([String]) -> SQLValue
    ) {
        self.byteOrder = byteOrder
        self.rowLock = rowLock
        self.idIn = idIn
        self.ids = ids
    }
}
