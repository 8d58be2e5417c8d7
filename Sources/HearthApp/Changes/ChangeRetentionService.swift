import Clocks
import Logging
import Registry
import ServiceLifecycle

/// Prunes the change log behind `/v1/changes` (`changes.retentionHours`): at start, then every `interval`. A
/// consumer resuming from a pruned cursor gets 410 and takes a snapshot. Expired sign-ins through the identity
/// provider (started, never finished) go at the same time.
public struct ChangeRetentionService: Service {
    let store: any ChangeStore & UpstreamSignInStore
    /// How long a change is kept.
    let retention: Duration
    /// How often the log is pruned.
    let interval: Duration
    let clock: any HearthClock
    let logger: Logger

    public init(
        store: any ChangeStore & UpstreamSignInStore,
        retention: Duration,
        interval: Duration = .seconds(3600),
        clock: any HearthClock,
        logger: Logger
    ) {
        self.store = store
        self.retention = retention
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled {
            pruneOnce()
            do {
                try await cancelWhenGracefulShutdown { try await clock.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    /// Deletes the changes older than the retention, and expired sign-ins; returns how many changes.
    @discardableResult
    func pruneOnce() -> Int {
        let cutoff = clock.unixMilliseconds - retention.milliseconds
        do {
            let signIns = try store.pruneUpstreamSignIns(now: clock.unixTime)
            if signIns > 0 { logger.info("Pruned expired sign-ins", metadata: ["signIns.pruned": "\(signIns)"]) }
        } catch {
            logger.warning("Could not prune expired sign-ins", metadata: ["error": "\(error)"])
        }
        do {
            let pruned = try store.pruneChanges(occurredBefore: cutoff)
            if pruned > 0 { logger.info("Pruned the change log", metadata: ["changes.pruned": "\(pruned)"]) }
            return pruned
        } catch {
            logger.warning("Could not prune the change log", metadata: ["error": "\(error)"])
            return 0
        }
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    fileprivate var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
