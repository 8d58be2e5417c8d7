/// How an engine numbers its change log: the statements that read it in position order, the bounds, and how many
/// changes one transaction may append.
///
/// SQLite numbers changes densely: a change's position is its `cursor`, taken inside the one writer's transaction.
/// PostgreSQL's writers of different users commit concurrently, so a row's cursor (an identity value) says nothing
/// about commit order; its position is computed from the writing transaction's id instead (see
/// `PostgreSQLRegistry+Changes.swift`).
package struct ChangeLogSQL: Sendable {
    /// A query of the readable log as `position, occurred, kind, userId, deviceId, data` (and whatever ``order``
    /// names), with one `?` parameter: a position the rows wanted come after (the engine starts its scan there; rows
    /// at or before it may still be answered: the caller filters them out).
    package var source: String
    /// The `ORDER BY` that lists ``source``'s rows in position order, as its index holds them.
    package var order: String
    /// One row: the position pruning has reached (changes up to it may be gone), the latest position of the
    /// readable log and the latest position committed (each `NULL` when there is none).
    package var bounds: String
    /// ``bounds`` while no writer is in flight (``RegistryDatabase/readBetweenWriters(_:)``): every committed change
    /// counts, also those a long transaction of another kind still keeps from readers.
    package var boundsBetweenWriters: String
    /// The most changes one transaction may append (positions have room for that many per transaction); `nil`: no
    /// limit.
    package var maximumChangesPerTransaction: Int?
    /// Whether a read that reaches the end of the readable log is made once more, in a statement of its own: where
    /// what is readable is decided by the transactions a statement sees in flight (PostgreSQL), one that ended just
    /// as the statement began can hold back a change committed before it; the next statement no longer sees it.
    /// Each read is correct alone; the second only lets a change be read without waiting for the next poll.
    package var readsAgainAtTheEnd: Bool

    package init(
        source: String,
        order: String,
        bounds: String,
        boundsBetweenWriters: String,
        maximumChangesPerTransaction: Int?,
        readsAgainAtTheEnd: Bool = false
    ) {
        self.readsAgainAtTheEnd = readsAgainAtTheEnd
        self.source = source
        self.order = order
        self.bounds = bounds
        self.boundsBetweenWriters = boundsBetweenWriters
        self.maximumChangesPerTransaction = maximumChangesPerTransaction
    }
}
