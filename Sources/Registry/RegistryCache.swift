import Cryptography
import MatterModel

/// Decoded devices and token records, valid for one value of the registry's change counter.
///
/// Every write to `user`, `device`, `attribute` or `token` — by this process, another `hearth` process or a
/// `sqlite3` shell — bumps `generation.value` through triggers (migration "v2"). Cached values are exactly what a
/// read transaction that sees ``generation`` would decode. The counter itself is re-read from SQLite when it was
/// last verified more than the store's revalidation interval ago: writes by this process update the cache as they
/// commit, so the interval only bounds how long another process's write can go unseen by reads.
package struct RegistryCache {
    /// The most users whose devices are kept; past it the cache starts over (a simple, safe bound).
    package static let maximumUsers = 10_000
    /// The most token records kept.
    package static let maximumTokens = 100_000

    /// The change counter the cached values belong to.
    package private(set) var generation: Int64 = -1
    /// When ``generation`` was last read from SQLite (or known from a commit of this process).
    private var verifiedAt: ContinuousClock.Instant?
    private var snapshots: [String: DeviceSnapshot] = [:]
    private var tokens: [SHA256Digest: TokenRecord] = [:]

    /// An empty cache: nothing verified, every read goes to the database.
    package init() {}

    /// Whether ``generation`` was verified within `interval` before `now`.
    package func isFresh(now: ContinuousClock.Instant, interval: Duration) -> Bool {
        guard let verifiedAt else { return false }
        return now - verifiedAt <= interval
    }

    /// The user's snapshot, if cached for `generation`.
    package func snapshot(forUser user: String, at generation: Int64) -> DeviceSnapshot? {
        guard generation == self.generation else { return nil }
        return snapshots[user]
    }

    /// A token record, if cached for `generation`.
    package func token(_ hash: SHA256Digest, at generation: Int64) -> TokenRecord? {
        guard generation == self.generation else { return nil }
        return tokens[hash]
    }

    /// Records that SQLite's counter was `generation` at `instant`; a newer counter drops every cached value.
    package mutating func verified(_ generation: Int64, at instant: ContinuousClock.Instant) {
        if generation > self.generation {
            self.generation = generation
            snapshots.removeAll(keepingCapacity: true)
            tokens.removeAll(keepingCapacity: true)
            verifiedAt = instant
        } else if generation == self.generation {
            verifiedAt = instant
        }
    }

    /// Forgets when the counter was verified, so the next read checks SQLite (after a write of this process that
    /// did not patch the cache).
    package mutating func invalidate() {
        verifiedAt = nil
    }

    /// Stores devices decoded in a transaction that saw `generation`, returning their snapshot. Older values never
    /// replace newer ones. The snapshot's revision is the generation it was decoded at; `now` is when it was read.
    package mutating func store(
        devices: [Device],
        forUser user: String,
        at generation: Int64,
        now: ContinuousClock.Instant
    ) -> DeviceSnapshot {
        let snapshot = DeviceSnapshot(revision: generation, devices: devices)
        guard generation >= self.generation else { return snapshot }
        if generation > self.generation { verified(generation, at: now) }
        if snapshots.count >= Self.maximumUsers { snapshots.removeAll(keepingCapacity: true) }
        snapshots[user] = snapshot
        return snapshot
    }

    /// Stores a token record decoded in a transaction that saw `generation`.
    package mutating func store(token record: TokenRecord, at generation: Int64) {
        guard generation == self.generation else { return }
        if tokens.count >= Self.maximumTokens { tokens.removeAll(keepingCapacity: true) }
        tokens[record.hash] = record
    }

    /// After this process committed a transaction that moved the counter from `before` to `after` and changed
    /// only `changed` devices of `user`: patch them in, so that EXECUTE keeps the cache warm. The user's snapshot
    /// gets revision `after`; other users' snapshots keep theirs. When the cache is not at `before` (another
    /// writer came between), it is left to be re-verified. `now` is when the commit was made.
    package mutating func apply(
        changed: [Device],
        ofUser user: String,
        from before: Int64,
        to after: Int64,
        now: ContinuousClock.Instant
    ) {
        guard generation == before else {
            invalidate()
            return
        }
        generation = after
        verifiedAt = now
        guard !changed.isEmpty else { return }
        // Patched where it lies (the dictionary's in-place access): copying the user's whole device array to replace
        // the one or two an EXECUTE changed, and freeing the old one, cost an EXECUTE about 2 % of its CPU.
        snapshots[user]?.replace(changed, revision: after)
    }
}
