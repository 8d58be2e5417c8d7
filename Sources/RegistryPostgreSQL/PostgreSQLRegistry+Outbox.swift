import Clocks
import MatterModel
import PostgreSQL
import Registry
import Synchronization

// Several instances drain one outbox, each user's work by one instance at a time: reading a user's work
// (``outboxWork(forUser:)``) first claims the user in `outbox_claim` for ``PostgreSQLRegistry/outboxLease``, with
// one conditional upsert (taken when free, lapsed, or already this instance's; PostgreSQL's row lock on the conflicting
// row serializes two instances claiming at once, so no `SELECT … FOR UPDATE SKIP LOCKED` round trip is needed). An
// instance that does not hold the claim reads no work for the user, and ``pendingOutbox()`` leaves out users another
// live instance holds. A claim is renewed by each read and never released: the claimer keeps the user while it
// keeps draining; a killed claimer's users are taken over once its lease lapses, and the rows it had not completed
// (deleted only after delivery) are delivered then. Lease times are this process's wall clock: keep hosts in NTP.

extension PostgreSQLRegistry {
    package func outboxClaimedElsewhere() throws -> Set<String> {
        let now = clock.unixMilliseconds
        return try Set(
            pool.query(
                "SELECT userId FROM outbox_claim WHERE claimer <> $1 AND claimedUntil > $2",
                [.text(claimer), .int(now)]
            ).rows.map { try $0.string(0) }
        )
    }

    /// Claims (or renews the claim on) the user's outbox for ``PostgreSQLRegistry/outboxLease``; whether this
    /// instance holds it.
    package func claimOutbox(forUser agentUserId: String) throws -> Bool {
        let now = clock.unixMilliseconds
        let lease = outboxLease.components
        let until = now + lease.seconds * 1000 + lease.attoseconds / 1_000_000_000_000_000
        return try !pool.query(
            """
            INSERT INTO outbox_claim (userId, claimer, claimedUntil) VALUES ($1, $2, $3) \
            ON CONFLICT (userId) DO UPDATE SET claimer = excluded.claimer, claimedUntil = excluded.claimedUntil \
            WHERE outbox_claim.claimer = excluded.claimer OR outbox_claim.claimedUntil <= $4 \
            RETURNING claimer
            """,
            [.text(agentUserId), .text(claimer), .int(until), .int(now)]
        ).rows.isEmpty
    }

}
