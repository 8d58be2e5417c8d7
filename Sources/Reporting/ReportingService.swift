import Clocks
import Foundation
import Fulfillment
import HomeGraph
import JSON
import Logging
import MatterModel
import Registry
import ServiceLifecycle
import Synchronization

/// Drains the registry's HomeGraph outbox into Google: Request Sync, Report State and notifications.
///
/// A `Service` of `hearth serve`'s group. It wakes at once when this process queues work (an EXECUTE), and polls
/// every ``ReportingOptions/pollMilliseconds`` for work other processes queued (the CLI). Per user, in this order:
/// a Request Sync (`async: true`), one Report State call with the current full state of every device whose state
/// changed, then one call per notification. A call that worked deletes exactly the rows it covered (a row changed
/// meanwhile stays for the next call); 429, 5xx, network errors and a broken token back the user off
/// (``Backoff``); a `Retry-After` holds every user that long, HomeGraph's quota being the project's; a 404 soon after the user's SYNC is retried, a later one dropped; a 400 is
/// dropped and logged with Google's message. Work of an unlinked user (DISCONNECT) is dropped unsent.
///
/// Graceful shutdown stops the drain after the call in flight (not cancelled: it ends within its deadline,
/// ``HTTPClientTransport/homeGraphLimits``); what was not delivered stays queued. Rows survive a restart or
/// a killed process; a call that was delivered just before a kill may be sent again (at least once).
public final class ReportingService: Service {
    private let store: any OutboxStore
    private let client: HomeGraphClient
    private let options: ReportingOptions
    private let logger: Logger
    private let clock: any HearthClock
    private let random: @Sendable () -> Double
    private let passCompleted: (@Sendable () -> Void)?
    private let callFinished: (@Sendable (String, HomeGraphOutcome) -> Void)?
    private let wakeup = Wakeup()
    /// Signalled by ``stop()`` only: ends a wait that ignores in-process writes.
    private let stopped = Wakeup()
    private let stopping = Mutex(false)

    /// Creates the drain.
    ///
    /// - Parameters:
    ///   - store: The registry whose outbox is drained.
    ///   - client: Calls HomeGraph.
    ///   - options: Windows and backoff.
    ///   - logger: Deliveries at debug, drops at notice/warning; never tokens.
    ///   - clock: Wall time for the outbox's due times and backoffs, and the clock the drain waits on (tests pass one
    ///     they advance).
    ///   - random: Jitter in `0…1`.
    ///   - passCompleted: Called after each pass over the outbox (read, and every due user sent), before the drain
    ///     waits: tests await it instead of sleeping to prove that nothing more was sent.
    ///   - callFinished: Called after each HomeGraph call with its name (`requestSync`, `reportState`,
    ///     `notification`) and outcome: the metrics count them.
    public init(
        store: any OutboxStore,
        client: HomeGraphClient,
        options: ReportingOptions,
        logger: Logger,
        clock: any HearthClock = SystemClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        passCompleted: (@Sendable () -> Void)? = nil,
        callFinished: (@Sendable (String, HomeGraphOutcome) -> Void)? = nil
    ) {
        self.store = store
        self.client = client
        self.options = options
        self.logger = logger
        self.clock = clock
        self.random = random
        self.passCompleted = passCompleted
        self.callFinished = callFinished
    }

    public func run() async throws {
        let wakeup = self.wakeup
        store.observeOutbox { wakeup.signal() }
        defer { store.observeOutbox(nil) }
        logger.info("Reporting to HomeGraph", metadata: ["homegraph.endpoint": "\(client.endpoint.absoluteString)"])
        await withGracefulShutdownHandler {
            await self.loop()
        } onGracefulShutdown: {
            self.stop()
        }
        logger.info("Stopped reporting to HomeGraph")
    }

    /// Stops the drain as graceful shutdown does: after the call in flight, keeping what was not delivered.
    public func stop() {
        stopping.withLock { $0 = true }
        wakeup.signal()
        stopped.signal()
    }

    /// Wakes the drain as an in-process write does: it looks at the outbox within the shorter of the coalescing
    /// window and the sync debounce. Tests use it to get the next pass without waiting for the poll.
    package func wake() {
        wakeup.signal()
    }

    /// Wall time, unix milliseconds: what outbox rows are stamped with.
    private var now: Int64 {
        clock.unixMilliseconds
    }

    private var isStopping: Bool {
        stopping.withLock { $0 } || Task.isCancelled
    }

    private func loop() async {
        var schedule = OutboxSchedule(options: options)
        // Work queued at `t` is due no earlier than `t + soonest`: a signal only needs a look that much later.
        let soonest = max(0, min(options.coalesceMilliseconds, options.syncDebounceMilliseconds))
        while !isStopping {
            let start = now
            var next = start + options.pollMilliseconds
            var sent = false
            do {
                let pending = try store.pendingOutbox()
                let (users, nextDue) = schedule.due(pending, now: start)
                for user in users where !isStopping && !schedule.isPaused(now: now) {
                    await drain(user: user, schedule: &schedule)
                }
                if let nextDue { next = min(next, nextDue) }
                sent = !users.isEmpty
            } catch {
                logger.error("Cannot read the HomeGraph outbox", metadata: ["error": "\(error)"])
            }
            passCompleted?()
            // Something was sent: look again at once, more may have been queued meanwhile.
            if sent { continue }
            await waitUntil(next, soonest: soonest)
        }
    }

    /// Waits until `deadline`, or until `soonest` ms after a signal (an in-process write) if that is earlier. Signals
    /// never cause a read of the outbox by themselves: under a stream of EXECUTEs the drain looks at most once per
    /// `soonest` instead of once per request.
    private func waitUntil(_ deadline: Int64, soonest: Int64) async {
        var deadline = deadline
        var listening = true
        while !isStopping {
            let current = now
            guard current < deadline else { return }
            // A signal now could not make anything due before `deadline`: just sleep.
            if current + soonest >= deadline { listening = false }
            if listening {
                if await wakeup.wait(milliseconds: deadline - current, on: clock) {
                    deadline = min(deadline, now + soonest)
                    listening = false
                }
            } else {
                // Deaf to writes, not to a stop.
                await stopped.wait(milliseconds: deadline - current, on: clock)
                if Task.isCancelled { return }
            }
        }
    }

    /// What to do with the rows a call covered.
    private enum Disposition {
        /// Delivered, or dropped for good: delete the rows.
        case done
        /// Keep the rows; the user is backed off.
        case retry
    }

    /// Sends one user's work.
    private func drain(user: String, schedule: inout OutboxSchedule) async {
        do {
            let work = try store.outboxWork(forUser: user)
            if work.unlinked {
                try store.dropOutbox(forUser: user)
                schedule.forget(user: user)
                logger.info("Dropped HomeGraph work of an unlinked user", metadata: ["agent_user.id": "\(user)"])
                return
            }
            if let seq = work.syncSeq {
                let outcome = await client.requestSync(agentUserId: user)
                guard case .done = dispose(outcome, of: "requestSync", work: work, schedule: &schedule) else { return }
                if outcome == .delivered { schedule.requestSyncDelivered(user: user, at: now) }
                try store.completeOutbox(forUser: user, reports: [], syncSeq: seq, events: [])
            }
            if !work.reports.isEmpty {
                var states: [String: JSONObject] = [:]
                for report in work.reports {
                    // A device Google was never told about (no Google type for its device type) is not reported.
                    if let device = report.device, DeviceTypeMapping.isExposed(device) {
                        states[report.deviceId] = ReportStateMapping.states(of: device)
                    }
                }
                if !states.isEmpty {
                    let outcome = await client.reportState(
                        agentUserId: user,
                        requestId: UUID().uuidString,
                        devices: states
                    )
                    guard case .done = dispose(outcome, of: "reportState", work: work, schedule: &schedule) else {
                        return
                    }
                    logger.debug(
                        "Reported state",
                        metadata: ["agent_user.id": "\(user)", "devices": "\(states.count)"]
                    )
                }
                try store.completeOutbox(forUser: user, reports: work.reports, syncSeq: nil, events: [])
            }
            for event in work.events {
                if event.device != nil, let deviceEvent = event.event {
                    let notification = ReportStateMapping.notification(
                        for: deviceEvent,
                        occurredMilliseconds: event.occurred
                    )
                    let outcome = await client.reportState(
                        agentUserId: user,
                        requestId: UUID().uuidString,
                        eventId: "hearth-event-\(event.id)",
                        devices: [:],
                        notifications: [
                            event.deviceId: [Self.wireNotification(notification)]
                        ]
                    )
                    guard case .done = dispose(outcome, of: "notification", work: work, schedule: &schedule) else {
                        return
                    }
                }
                try store.completeOutbox(forUser: user, reports: [], syncSeq: nil, events: [event.id])
            }
            schedule.succeeded(user: user)
        } catch {
            logger.error(
                "HomeGraph outbox failed",
                metadata: ["agent_user.id": "\(user)", "error": "\(error)"]
            )
            schedule.failed(user: user, now: now, random: random())
        }
    }

    /// Maps a call's outcome to what happens to its rows, backing the user off where Google asks to retry.
    private func dispose(
        _ outcome: HomeGraphOutcome,
        of call: String,
        work: OutboxWork,
        schedule: inout OutboxSchedule
    ) -> Disposition {
        let user = work.userId
        let current = now
        callFinished?(call, outcome)
        switch outcome {
        case .delivered:
            return .done
        case .retryable(let after):
            let delay = schedule.failed(
                user: user,
                now: current,
                random: random(),
                retryAfterMilliseconds: after.map(Self.milliseconds)
            )
            // Google's answer is about the project's quota, not this user: nobody calls before it ends.
            if let after { schedule.pauseAll(until: current + Self.milliseconds(after)) }
            logger.info(
                "HomeGraph asked to retry; backing off",
                metadata: ["agent_user.id": "\(user)", "homegraph.call": "\(call)", "retry.ms": "\(delay)"]
            )
            return .retry
        case .notFound:
            if schedule.retriesNotFound(user: user, lastSync: work.lastSync, now: current) {
                let delay = schedule.failed(user: user, now: current, random: random())
                logger.debug(
                    "HomeGraph does not know the devices yet; retrying",
                    metadata: ["agent_user.id": "\(user)", "homegraph.call": "\(call)", "retry.ms": "\(delay)"]
                )
                return .retry
            }
            logger.notice(
                "HomeGraph does not know the user or a device; dropped",
                metadata: ["agent_user.id": "\(user)", "homegraph.call": "\(call)"]
            )
            return .done
        case .rejected(let message):
            logger.warning(
                "HomeGraph rejected a call; dropped",
                metadata: ["agent_user.id": "\(user)", "homegraph.call": "\(call)", "error": "\(message)"]
            )
            return .done
        case .unauthorized:
            let delay = schedule.failed(user: user, now: current, random: random())
            logger.error(
                "HomeGraph refuses the service account; check the key and the HomeGraph API",
                metadata: ["agent_user.id": "\(user)", "homegraph.call": "\(call)", "retry.ms": "\(delay)"]
            )
            return .retry
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The HomeGraph payload of a notification (one builder per trait, in `DeviceNotification`).
    static func wireNotification(_ notification: ReportStateMapping.Notification) -> DeviceNotification {
        switch notification {
        case .objectDetection(let timestamp, let objects):
            return .objectDetection(
                detectionTimestampMilliseconds: timestamp,
                familiar: objects.familiar,
                unfamiliar: objects.unfamiliar,
                unclassified: objects.unclassified
            )
        case .sensorState(let name, let state):
            return .sensorState(name: name, currentSensorState: state)
        }
    }
}
