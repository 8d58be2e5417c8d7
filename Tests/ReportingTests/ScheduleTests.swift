import Registry
import Reporting
import Testing

/// The drain's pure bookkeeping, with time passed in.
struct ScheduleTests {
    let options = ReportingOptions(
        coalesceMilliseconds: 100,
        syncDebounceMilliseconds: 1000,
        notFoundRetryMilliseconds: 30_000,
        retryInitialMilliseconds: 1000,
        retryMaxMilliseconds: 60_000
    )

    @Test func backoffDoublesWithJitterWithinHalfToFullAndCaps() {
        let backoff = Backoff(initialMilliseconds: 1000, maxMilliseconds: 60_000)
        #expect(backoff.delay(attempt: 1, random: 0) == 500)
        #expect(backoff.delay(attempt: 1, random: 1) == 1000)
        #expect(backoff.delay(attempt: 3, random: 0) == 2000)
        #expect(backoff.delay(attempt: 3, random: 1) == 4000)
        #expect(backoff.delay(attempt: 30, random: 1) == 60_000)
        #expect(backoff.delay(attempt: 30, random: 0) == 30_000)
        #expect(backoff.delay(attempt: 1000, random: 0.5) <= 60_000)
    }

    @Test func retryAfterIsAFloor() {
        let backoff = Backoff(initialMilliseconds: 1000, maxMilliseconds: 60_000)
        #expect(backoff.delay(attempt: 1, random: 0, retryAfterMilliseconds: 7000) == 7000)
        #expect(backoff.delay(attempt: 3, random: 1, retryAfterMilliseconds: 10) == 4000)
    }

    @Test func changesOfOneUserCoalesceForTheWindow() {
        let schedule = OutboxSchedule(options: options)
        let pending = [PendingOutbox(userId: "u", reportSince: 10_000, syncFirst: nil, syncLast: nil, eventSince: nil)]
        #expect(schedule.due(pending, now: 10_050).users.isEmpty)
        #expect(schedule.due(pending, now: 10_050).next == 10_100)
        #expect(schedule.due(pending, now: 10_100).users == ["u"])
    }

    @Test func requestSyncIsDebouncedButNotForever() {
        let schedule = OutboxSchedule(options: options)
        let quiet = PendingOutbox(userId: "u", reportSince: nil, syncFirst: 0, syncLast: 500, eventSince: nil)
        #expect(schedule.dueTime(of: quiet) == 1500)
        let busy = PendingOutbox(userId: "u", reportSince: nil, syncFirst: 0, syncLast: 9_900, eventSince: nil)
        #expect(schedule.dueTime(of: busy) == 10_000)
    }

    @Test func failuresBackOffTheUserAndSuccessResets() {
        var schedule = OutboxSchedule(options: options)
        let pending = [PendingOutbox(userId: "u", reportSince: 0, syncFirst: nil, syncLast: nil, eventSince: nil)]
        let first = schedule.failed(user: "u", now: 1000, random: 1)
        #expect(first == 1000)
        #expect(schedule.due(pending, now: 1999).users.isEmpty)
        #expect(schedule.due(pending, now: 2000).users == ["u"])
        let second = schedule.failed(user: "u", now: 2000, random: 1, retryAfterMilliseconds: 5000)
        #expect(second == 5000)
        #expect(schedule.failures(of: "u") == 2)
        #expect(schedule.due(pending, now: 6999).users.isEmpty)
        schedule.succeeded(user: "u")
        #expect(schedule.due(pending, now: 2001).users == ["u"])
    }

    @Test func aPauseHoldsEveryUserUntilItEndsAndOnlyGrows() {
        var schedule = OutboxSchedule(options: options)
        let pending = ["a", "b"].map {
            PendingOutbox(userId: $0, reportSince: 0, syncFirst: nil, syncLast: nil, eventSince: nil)
        }
        #expect(schedule.due(pending, now: 100).users == ["a", "b"])
        schedule.pauseAll(until: 30_000)
        schedule.pauseAll(until: 20_000)
        #expect(schedule.isPaused(now: 29_999))
        #expect(!schedule.isPaused(now: 30_000))
        #expect(schedule.due(pending, now: 29_999).users.isEmpty)
        #expect(schedule.due(pending, now: 29_999).next == 30_000)
        #expect(schedule.due(pending, now: 30_000).users == ["a", "b"])
        // Nothing pending stays not due.
        let idle = PendingOutbox(userId: "c", reportSince: nil, syncFirst: nil, syncLast: nil, eventSince: nil)
        #expect(schedule.dueTime(of: idle) == Int64.max)
    }

    @Test func notFoundIsRetriedOnlyWithinTheWindowAfterASync() {
        var schedule = OutboxSchedule(options: options)
        #expect(!schedule.retriesNotFound(user: "u", lastSync: nil, now: 1000))
        #expect(schedule.retriesNotFound(user: "u", lastSync: 1000, now: 30_999))
        #expect(!schedule.retriesNotFound(user: "u", lastSync: 1000, now: 31_000))
        schedule.requestSyncDelivered(user: "u", at: 40_000)
        #expect(schedule.retriesNotFound(user: "u", lastSync: 1000, now: 50_000))
    }
}
