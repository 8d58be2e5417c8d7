import Registry

// The HomeGraph outbox of a SQLite registry is drained by the one process that serves it: no claims.

extension SQLiteRegistry {
    package func claimOutbox(forUser agentUserId: String) -> Bool {
        true
    }

    package func outboxClaimedElsewhere() -> Set<String> {
        []
    }
}
