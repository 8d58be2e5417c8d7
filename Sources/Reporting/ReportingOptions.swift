/// How the outbox drain paces its calls (config keys under `homegraph.`).
public struct ReportingOptions: Sendable, Hashable {
    /// `homegraph.reportCoalesceMilliseconds`: a user's changes are sent this long after the first one, together.
    public var coalesceMilliseconds: Int64
    /// `homegraph.requestSyncDebounceMilliseconds`: a Request Sync waits until no new reason came for this long (at
    /// most ten times this after the first).
    public var syncDebounceMilliseconds: Int64
    /// `homegraph.notFoundRetrySeconds`: a 404 this soon after the user's latest SYNC (or Request Sync) is retried,
    /// since Google needs about 30 s to learn new devices; later 404s are dropped.
    public var notFoundRetryMilliseconds: Int64
    /// `homegraph.retryInitialMilliseconds`: the first backoff after a 429, 5xx or network error; it doubles.
    public var retryInitialMilliseconds: Int64
    /// `homegraph.retryMaxMilliseconds`: the longest backoff.
    public var retryMaxMilliseconds: Int64
    /// How often the registry is polled for work other processes (the CLI) queued.
    public var pollMilliseconds: Int64

    /// Creates options; the defaults are the configuration's.
    public init(
        coalesceMilliseconds: Int64 = 150,
        syncDebounceMilliseconds: Int64 = 1000,
        notFoundRetryMilliseconds: Int64 = 60_000,
        retryInitialMilliseconds: Int64 = 1000,
        retryMaxMilliseconds: Int64 = 300_000,
        pollMilliseconds: Int64 = 1000
    ) {
        self.coalesceMilliseconds = coalesceMilliseconds
        self.syncDebounceMilliseconds = syncDebounceMilliseconds
        self.notFoundRetryMilliseconds = notFoundRetryMilliseconds
        self.retryInitialMilliseconds = retryInitialMilliseconds
        self.retryMaxMilliseconds = retryMaxMilliseconds
        self.pollMilliseconds = pollMilliseconds
    }
}
