/// One row of a query's answer, its columns read by position and type. A column of another type, or `NULL` where a
/// value is required, throws the engine's error.
package protocol SQLRow {
    /// A text column that may be `NULL`.
    func optionalString(_ index: Int) throws -> String?
    /// A text column.
    func string(_ index: Int) throws -> String
    /// An integer column that may be `NULL`.
    func optionalInt64(_ index: Int) throws -> Int64?
    /// An integer column.
    func int64(_ index: Int) throws -> Int64
    /// A boolean column (SQLite: an integer, not 0 is true).
    func bool(_ index: Int) throws -> Bool
    /// A byte-string column.
    func bytes(_ index: Int) throws -> [UInt8]
}

extension SQLRow {
    /// An integer column, as `Int`.
    package func int(_ index: Int) throws -> Int {
        Int(try int64(index))
    }

    /// An integer column that may be `NULL`, as `Int`.
    package func optionalInt(_ index: Int) throws -> Int? {
        try optionalInt64(index).map { Int($0) }
    }
}
