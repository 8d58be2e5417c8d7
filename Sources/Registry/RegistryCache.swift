import Cryptography
import MatterModel

/// Decoded devices and token records, each valid for the change counters it was read at (``RegistryCounters``).
///
/// Every write to `user`, `device`, `endpoint`, `attribute` or `token` — by this process, another `hearth` process or
/// a SQL shell — bumps a counter through triggers. On SQLite that is the one fleet counter (`generation.value`,
/// migration "v2"). On PostgreSQL it is the written user's counter (`user_generation`, migration "v14"), and the fleet
/// counter moves only with manufacturer clusters: a write for one user leaves every other user's cached devices valid,
/// in every instance. Cached values are exactly what a read transaction that sees their counters would decode. The
/// counters are re-read from the database when they were last verified more than the store's revalidation interval
/// ago (per user where the engine counts per user): writes by this process update the cache as they commit, so the
/// interval only bounds how long another process's write can go unseen by reads.
///
/// A write of this process reaches the cache only once its commit succeeded
/// (``RegistryDatabase/write(_:_:committed:)``): a rolled-back transaction, or one whose `COMMIT` failed, leaves
/// nothing behind (on SQLite the next transaction reuses its counter value). On SQLite that happens before the file's
/// writer is released, so the next write finds the cache at the counter it reads and reloads nothing.
package struct RegistryCache {
    /// The most users whose devices are kept; past it the cache starts over (a simple, safe bound).
    package static let maximumUsers = 10_000
    /// The most token records kept.
    package static let maximumTokens = 100_000

    /// A user's devices and the user's counter they were read at.
    private struct Entry {
        var snapshot: DeviceSnapshot
        var counter: Int64
        /// When the user's counters were last read from the database (or known from a commit of this process); only
        /// used where the engine counts per user.
        var verifiedAt: ContinuousClock.Instant?
    }

    /// Whether the engine counts per user (``RegistryDatabase/countsPerUser``): then each user's devices are
    /// revalidated on their own; otherwise every value is revalidated with the fleet counter.
    package let countsPerUser: Bool
    /// The fleet counter the cached values belong to.
    package private(set) var generation: Int64 = -1
    /// How many times a user's devices were decoded from the database and offered to the cache
    /// (``store(devices:forUser:at:now:)``), since the cache was made: what reads and writes that found the cache
    /// behind cost. Never reset.
    package private(set) var loadedSnapshots = 0
    /// When ``generation`` was last read from the database (or known from a commit of this process).
    private var verifiedAt: ContinuousClock.Instant?
    private var entries: [String: Entry] = [:]
    private var tokens: [SHA256Digest: TokenRecord] = [:]

    /// An empty cache: nothing verified, every read goes to the database.
    package init(countsPerUser: Bool = false) {
        self.countsPerUser = countsPerUser
    }

    /// Whether ``generation`` was verified within `interval` before `now`.
    package func isFresh(now: ContinuousClock.Instant, interval: Duration) -> Bool {
        guard let verifiedAt else { return false }
        return now - verifiedAt <= interval
    }

    /// The counters `user`'s cached devices (`nil`: the cached tokens) may be served at without asking the database,
    /// if they were verified within `interval` before `now`.
    package func freshCounters(
        forUser user: String?,
        now: ContinuousClock.Instant,
        interval: Duration
    ) -> RegistryCounters? {
        guard countsPerUser, let user else {
            return isFresh(now: now, interval: interval) ? RegistryCounters(fleet: generation, user: 0) : nil
        }
        guard let entry = entries[user], let verifiedAt = entry.verifiedAt, now - verifiedAt <= interval else {
            return nil
        }
        return RegistryCounters(fleet: generation, user: entry.counter)
    }

    /// The user's snapshot, if cached for `counters`.
    package func snapshot(forUser user: String, at counters: RegistryCounters) -> DeviceSnapshot? {
        guard counters.fleet == generation, let entry = entries[user], entry.counter == counters.user else {
            return nil
        }
        return entry.snapshot
    }

    /// A token record, if cached for the fleet counter `generation`.
    package func token(_ hash: SHA256Digest, at generation: Int64) -> TokenRecord? {
        guard generation == self.generation else { return nil }
        return tokens[hash]
    }

    /// Records that the database's fleet counter was `generation` at `instant`; a newer counter drops every cached
    /// value.
    package mutating func verified(_ generation: Int64, at instant: ContinuousClock.Instant) {
        if generation > self.generation {
            self.generation = generation
            entries.removeAll(keepingCapacity: true)
            tokens.removeAll(keepingCapacity: true)
            verifiedAt = instant
        } else if generation == self.generation {
            verifiedAt = instant
        }
    }

    /// Records that the database's counters were `counters` for `user` (`nil`: the fleet counter only) at `instant`:
    /// the user's devices cached at another user counter are dropped.
    package mutating func verified(
        _ counters: RegistryCounters,
        forUser user: String?,
        at instant: ContinuousClock.Instant
    ) {
        verified(counters.fleet, at: instant)
        guard let user, counters.fleet == generation, let entry = entries[user] else { return }
        if entry.counter == counters.user {
            entries[user]?.verifiedAt = instant
        } else {
            entries[user] = nil
        }
    }

    /// Forgets when the counters were verified, so the next read checks the database (after a write of this process
    /// that did not patch the cache).
    package mutating func invalidate() {
        verifiedAt = nil
        guard countsPerUser else { return }
        for user in entries.keys { entries[user]?.verifiedAt = nil }
    }

    /// Forgets when the fleet counter was verified, so the next token check reads the database (after a write of
    /// this process to tokens alone); where the engine counts per user, users' devices stay cached.
    package mutating func invalidateTokens() {
        verifiedAt = nil
    }

    /// Forgets when `user`'s counters were verified, so the next read of the user's devices checks the database;
    /// where the engine counts per user, other users' devices stay cached.
    package mutating func invalidate(user: String) {
        if countsPerUser {
            entries[user]?.verifiedAt = nil
        } else {
            verifiedAt = nil
        }
    }

    /// Stores devices decoded in a transaction that saw `counters`, returning their snapshot. Older values never
    /// replace newer ones. The snapshot's revision is the sum of the counters (it grows with every change of the
    /// user's devices); `now` is when it was read.
    package mutating func store(
        devices: [Device],
        forUser user: String,
        at counters: RegistryCounters,
        now: ContinuousClock.Instant
    ) -> DeviceSnapshot {
        loadedSnapshots += 1
        let snapshot = DeviceSnapshot(revision: counters.fleet + counters.user, devices: devices)
        guard counters.fleet >= generation else { return snapshot }
        if counters.fleet > generation { verified(counters.fleet, at: now) }
        if let entry = entries[user], entry.counter > counters.user { return snapshot }
        if entries[user] == nil, entries.count >= Self.maximumUsers { entries.removeAll(keepingCapacity: true) }
        entries[user] = Entry(snapshot: snapshot, counter: counters.user, verifiedAt: now)
        return snapshot
    }

    /// Stores a token record decoded in a transaction that saw the fleet counter `generation`.
    package mutating func store(token record: TokenRecord, at generation: Int64) {
        guard generation == self.generation else { return }
        if tokens.count >= Self.maximumTokens { tokens.removeAll(keepingCapacity: true) }
        tokens[record.hash] = record
    }

    /// After this process committed a transaction of `user` that moved the counters from `before` to `after` and
    /// changed only `changed` devices of the user: patch them in, so that EXECUTE keeps the cache warm. Call it only
    /// once the commit succeeded. The user's snapshot gets the revision of `after`; other users' snapshots keep theirs
    /// (on SQLite the fleet counter moves to `after` for them too: this process's transaction was the only writer).
    /// When a read that saw the commit already brought the cache to `after` (a reader between the commit and this
    /// call; on PostgreSQL also a writer of another connection), what it stored stays. When the cache is at neither
    /// (another writer came between), it is left to be re-verified. `now` is when the commit was made.
    package mutating func apply(
        changed: [Device],
        ofUser user: String,
        from before: RegistryCounters,
        to after: RegistryCounters,
        now: ContinuousClock.Instant
    ) {
        // A reader verified `after` first: everything it kept or stored is at `after` already.
        if before.fleet != after.fleet, generation == after.fleet { return }
        guard generation == before.fleet else {
            invalidate()
            return
        }
        generation = after.fleet
        if !countsPerUser { verifiedAt = now }
        guard let entry = entries[user] else { return }
        // Where the engine counts per user: the user's devices were already read at `after`.
        if before.user != after.user, entry.counter == after.user { return }
        guard entry.counter == before.user else {
            entries[user] = nil
            return
        }
        // Patched where it lies (the dictionary's in-place access): copying the user's whole device array to replace
        // the one or two an EXECUTE changed, and freeing the old one, cost an EXECUTE about 2 % of its CPU.
        entries[user]?.counter = after.user
        entries[user]?.verifiedAt = now
        guard !changed.isEmpty else { return }
        entries[user]?.snapshot.replace(changed, revision: after.fleet + after.user)
    }
}
