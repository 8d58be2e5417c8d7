import Registry

/// When each user's queued work is due, and each user's backoff: the drain's pure bookkeeping, with time passed in
/// (unix milliseconds) so that tests drive it.
public struct OutboxSchedule: Sendable {
    /// A user's failures in a row and when the user may be tried again.
    struct Retry: Sendable, Hashable {
        var failures: Int
        var notBefore: Int64
    }

    public let options: ReportingOptions
    private var retries: [String: Retry] = [:]
    /// When a Request Sync was last delivered per user: Google answers 404 until it has SYNCed after it.
    private var requestSyncDelivered: [String: Int64] = [:]
    /// Until when no user is due: HomeGraph's quota is per project, so its `Retry-After` holds every user.
    public private(set) var pausedUntil: Int64?

    /// Creates an empty schedule.
    public init(options: ReportingOptions) {
        self.options = options
    }

    /// When `pending` is due: state and notifications `coalesce` after the oldest, a Request Sync `debounce` after
    /// the latest reason (at most ten debounces after the first); never before the user's backoff ends.
    public func dueTime(of pending: PendingOutbox) -> Int64 {
        var due = Int64.max
        if let since = pending.reportSince { due = min(due, since + options.coalesceMilliseconds) }
        if let since = pending.eventSince { due = min(due, since + options.coalesceMilliseconds) }
        if let first = pending.syncFirst, let last = pending.syncLast {
            due = min(
                due,
                min(last + options.syncDebounceMilliseconds, first + 10 * options.syncDebounceMilliseconds)
            )
        }
        if let retry = retries[pending.userId] { due = max(due, retry.notBefore) }
        if let pausedUntil { due = max(due, pausedUntil) }
        return due
    }

    /// The users due at `now`, and the earliest time a not-yet-due user will be.
    public func due(_ pending: [PendingOutbox], now: Int64) -> (users: [String], next: Int64?) {
        var users: [String] = []
        var next: Int64?
        for item in pending {
            let time = dueTime(of: item)
            if time <= now {
                users.append(item.userId)
            } else {
                next = min(next ?? time, time)
            }
        }
        return (users, next)
    }

    /// Records a failure that will be retried: the user waits the next backoff (or `retryAfter`, if longer).
    /// Returns the delay in milliseconds.
    @discardableResult
    public mutating func failed(
        user: String,
        now: Int64,
        random: Double,
        retryAfterMilliseconds: Int64? = nil
    ) -> Int64 {
        let failures = (retries[user]?.failures ?? 0) + 1
        let backoff = Backoff(
            initialMilliseconds: options.retryInitialMilliseconds,
            maxMilliseconds: options.retryMaxMilliseconds
        )
        let delay = backoff.delay(attempt: failures, random: random, retryAfterMilliseconds: retryAfterMilliseconds)
        retries[user] = Retry(failures: failures, notBefore: now + delay)
        return delay
    }

    /// Holds every user until `until` (unix milliseconds): HomeGraph asked to wait (`Retry-After`), and its quota
    /// (6,000 calls a minute by default) is the project's, not the user's, so another user's call now would be
    /// refused too and spend the quota further. A later pause extends it; an earlier one changes nothing.
    public mutating func pauseAll(until: Int64) {
        pausedUntil = max(pausedUntil ?? until, until)
    }

    /// Whether every user is held at `now` (``pauseAll(until:)``).
    public func isPaused(now: Int64) -> Bool {
        pausedUntil.map { now < $0 } ?? false
    }

    /// Records a success: the user's backoff starts over.
    public mutating func succeeded(user: String) {
        retries[user] = nil
    }

    /// Records a delivered Request Sync.
    public mutating func requestSyncDelivered(user: String, at now: Int64) {
        requestSyncDelivered[user] = now
    }

    /// Whether a 404 at `now` is still within the window after the user's latest SYNC (`lastSync`, from the
    /// registry) or delivered Request Sync, so that it is retried rather than dropped.
    public func retriesNotFound(user: String, lastSync: Int64?, now: Int64) -> Bool {
        let since = max(lastSync ?? Int64.min, requestSyncDelivered[user] ?? Int64.min)
        guard since != Int64.min else { return false }
        return now - since < options.notFoundRetryMilliseconds
    }

    /// Forgets a user (DISCONNECT).
    public mutating func forget(user: String) {
        retries[user] = nil
        requestSyncDelivered[user] = nil
    }

    /// The user's failures in a row, for tests and logs.
    public func failures(of user: String) -> Int {
        retries[user]?.failures ?? 0
    }
}
