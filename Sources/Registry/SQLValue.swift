/// A value bound to a statement's parameter, in the kinds both engines store: each engine's connection converts it
/// to its own (SQLite keeps a boolean as the integer 0 or 1, PostgreSQL as `boolean`).
package enum SQLValue: Sendable, Hashable {
    case null
    case int(Int64)
    case text(String)
    case bool(Bool)
    case bytes([UInt8])

    /// The text, or `NULL`.
    package init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
    /// The integer, or `NULL`.
    package init(_ value: Int64?) { self = value.map(SQLValue.int) ?? .null }
    /// The integer, or `NULL`.
    package init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    /// The boolean, or `NULL`.
    package init(_ value: Bool?) { self = value.map(SQLValue.bool) ?? .null }
}
