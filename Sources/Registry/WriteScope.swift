/// What a write transaction changes, so that the engine locks no more than that: writes of different users proceed
/// together, writes of one user one after another.
///
/// SQLite has one writer per file whatever the scope (`BEGIN IMMEDIATE`). PostgreSQL takes transaction-level advisory
/// locks as the transaction's first statement: the fleet key shared and each named user's key exclusively for
/// ``user(_:)`` and ``users(_:)``, the fleet key exclusively for ``fleet`` (which therefore waits for every other
/// writer, and holds them off while it runs).
package enum WriteScope: Sendable, Hashable {
    /// One user's rows, and rows of no user (the outbox's, the change log's).
    case user(String)
    /// Several users' rows; none: rows of no user only.
    case users([String])
    /// Anything: fleet-wide rows (manufacturer clusters, settings) and any number of users.
    case fleet
}
