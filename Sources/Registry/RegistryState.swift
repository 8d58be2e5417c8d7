import Clocks
import Synchronization

/// What a registry keeps in memory beside its database, the same for every engine: the cache, the clock and the
/// policy, the observers woken after a commit.
package final class RegistryState: Sendable {
    /// Decoded devices and tokens for the current change counters; see ``RegistryCache``.
    package let cache: Mutex<RegistryCache>
    /// How long a verified change counter is trusted before reads check the database again.
    package let revalidationInterval: Duration
    /// Monotonic time for the revalidation interval, wall time for timestamps (tests pass a clock they advance).
    package let clock: any HearthClock
    /// Decides which HomeGraph work a change queues.
    package let outboxPolicy: any OutboxPolicy
    /// Called after a commit that queued HomeGraph work: wakes the drain of this process. Boxed in a class: a bare
    /// closure stored in a `Mutex` is reabstracted on every `withLock` and grows a chain of thunks per call (measured:
    /// EXECUTE fell to a tenth within seconds).
    package let outboxObserver = Mutex<OutboxObserver?>(nil)
    /// Called after a commit that recorded changes (see ``ChangeStore/observeChanges(_:)``).
    package let changeObserver = Mutex<OutboxObserver?>(nil)
    /// When ``OutboxStore/recordSync(forUser:now:)`` last wrote, per user (unix milliseconds).
    package let syncRecorded = Mutex<[String: Int64]>([:])

    package init(
        revalidationInterval: Duration,
        clock: any HearthClock,
        outboxPolicy: any OutboxPolicy,
        countsPerUser: Bool = false
    ) {
        self.cache = Mutex(RegistryCache(countsPerUser: countsPerUser))
        self.revalidationInterval = revalidationInterval
        self.clock = clock
        self.outboxPolicy = outboxPolicy
    }
}
