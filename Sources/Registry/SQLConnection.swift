/// A connection inside one of ``RegistryDatabase``'s transactions: statements with positional `?` parameters and the
/// rows they answer. The statements are what both engines understand (SQLite 3.35 or later, PostgreSQL); what one
/// spells differently comes from ``SQLDialect``.
package protocol SQLConnection {
    /// The engine's row type.
    associatedtype Row: SQLRow

    /// Runs a statement that answers no rows; how many rows it inserted, changed or deleted.
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int

    /// Runs a query and hands each row to `body`, in the order the query gives them, without collecting them.
    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (Row) throws -> Void) throws
}

extension SQLConnection {
    /// The first row of a query, decoded; `nil` when it answers none.
    package func first<T>(_ sql: String, _ arguments: [SQLValue] = [], _ decode: (Row) throws -> T) throws -> T? {
        var result: T?
        try forEachRow(sql, arguments) { row in
            if result == nil { result = try decode(row) }
        }
        return result
    }

    /// Every row of a query, decoded.
    package func all<T>(_ sql: String, _ arguments: [SQLValue] = [], _ decode: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql, arguments) { row in result.append(try decode(row)) }
        return result
    }
}
