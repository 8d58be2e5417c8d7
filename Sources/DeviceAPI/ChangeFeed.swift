import Clocks
import Dispatch
import HTTPMessages
import JSON
import Registry
import Synchronization

/// Delivers the change log to the open streams and waiting long-polls of `/v1/changes`, off the listener's threads.
///
/// The store signals each commit that recorded changes (``ChangeStore/observeChanges(_:)``); the feed then reads,
/// on one serial queue of its own, the changes after each consumer's cursor and writes them to its
/// ``ResponseStream`` or completes its ``DeferredResponse``. The store answers changes in an order no later commit
/// can insert into (SQLite: one writer at a time, dense cursors; PostgreSQL: positions from transaction ids, read up
/// to the oldest transaction in flight), so reading "after the last cursor sent" never skips a change and never
/// repeats one. A
/// heartbeat (a comment line) goes to every stream each interval; the same tick also reads again, which picks up
/// changes written by another process (the CLI), which the store does not signal.
final class ChangeFeed: Sendable {
    private struct Subscriber {
        var stream: ResponseStream
        var cursor: Int64
        var users: Set<String>?
        var kinds: Set<ChangeRecord.Kind>?
        /// Whether its snapshot has been sent (or none was asked for).
        var started: Bool
    }

    private struct Waiter {
        var answer: DeferredResponse
        var after: Int64
        var users: Set<String>?
        var kinds: Set<ChangeRecord.Kind>?
        var limit: Int
        var timeout: (any ScheduledCallback)?
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var waiters: [UInt64: Waiter] = [:]
        var nextId: UInt64 = 0
        var heartbeat: (any ScheduledCallback)?
        var pumpQueued = false
    }

    let store: any ChangeStore
    let clock: any HearthClock
    let heartbeatInterval: Duration
    /// The most changes read per query while catching a stream up.
    static let batchSize = 256
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "hearth.changes")

    init(store: any ChangeStore, clock: any HearthClock, heartbeatInterval: Duration) {
        self.store = store
        self.clock = clock
        self.heartbeatInterval = heartbeatInterval
    }

    /// Called after the number of open streams or waiting long-polls changed (``ChangesResponder/observeCounts(_:)``).
    private let countsObserver = Mutex<(@Sendable () -> Void)?>(nil)

    /// Sets (or with `nil` removes) the function called after the open streams or waiting long-polls changed.
    func observeCounts(_ observer: (@Sendable () -> Void)?) {
        countsObserver.withLock { $0 = observer }
    }

    private func countsChanged() {
        countsObserver.withLock { $0 }?()
    }

    /// The number of open streams.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// The number of long-polls waiting.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// New changes were committed: read them soon (one read however many signals come meanwhile).
    func signal() {
        let queued = state.withLock { state -> Bool in
            defer { state.pumpQueued = true }
            return state.pumpQueued
        }
        guard !queued else { return }
        queue.async { [self] in
            state.withLock { $0.pumpQueued = false }
            pump()
        }
    }

    /// Starts sending to `stream`: the snapshot first when asked, then every change after `cursor`.
    func subscribe(
        _ stream: ResponseStream,
        after cursor: Int64,
        snapshot: Bool,
        users: Set<String>?,
        kinds: Set<ChangeRecord.Kind>?
    ) {
        let id = state.withLock { state -> UInt64 in
            state.nextId += 1
            state.subscribers[state.nextId] = Subscriber(
                stream: stream,
                cursor: cursor,
                users: users,
                kinds: kinds,
                started: !snapshot
            )
            return state.nextId
        }
        countsChanged()
        stream.onEnd { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            self?.countsChanged()
        }
        scheduleHeartbeat()
        queue.async { [self] in
            if snapshot { sendSnapshot(to: id) }
            pump()
        }
    }

    /// Completes `answer` with the first changes after `after`, or with none once `wait` has passed.
    func wait(
        _ answer: DeferredResponse,
        after: Int64,
        users: Set<String>?,
        kinds: Set<ChangeRecord.Kind>?,
        limit: Int,
        for wait: Duration
    ) {
        let id = state.withLock { state -> UInt64 in
            state.nextId += 1
            state.waiters[state.nextId] = Waiter(answer: answer, after: after, users: users, kinds: kinds, limit: limit)
            return state.nextId
        }
        let timeout = clock.schedule(after: wait) { [weak self] in
            guard let self, let waiter = state.withLock({ $0.waiters.removeValue(forKey: id) }) else { return }
            countsChanged()
            waiter.answer.complete(ChangesResponder.page([], after: waiter.after))
        }
        let expired = state.withLock { state -> Bool in
            guard state.waiters[id] != nil else { return true }
            state.waiters[id]?.timeout = timeout
            return false
        }
        if expired { timeout.cancel() }
        // Observers hear of the new poll only once its timeout is scheduled: a test that moves its clock as soon as
        // it sees the poll must find the timer there.
        countsChanged()
        // A commit between the caller's read and this registration has signalled nobody: look once more.
        queue.async { [self] in pump() }
    }

    // MARK: - On the queue

    private func sendSnapshot(to id: UInt64) {
        guard let subscriber = state.withLock({ $0.subscribers[id] }) else { return }
        do {
            let snapshot = try store.changeSnapshot(users: subscriber.users)
            for user in snapshot.users {
                let frame = ChangeEvent.frame(
                    id: snapshot.cursor,
                    event: "snapshot",
                    data: ChangeEvent.snapshotObject(user, cursor: snapshot.cursor)
                )
                guard subscriber.stream.write(frame) else { return }
            }
            state.withLock { state in
                state.subscribers[id]?.cursor = snapshot.cursor
                state.subscribers[id]?.started = true
            }
        } catch {
            subscriber.stream.finish()
        }
    }

    /// Sends every stream the changes after its cursor, and answers the long-polls that have some.
    private func pump() {
        let (subscribers, waiters) = state.withLock { state in (state.subscribers, state.waiters) }
        for (id, subscriber) in subscribers where subscriber.started {
            var cursor = subscriber.cursor
            do {
                while true {
                    let changes = try store.changes(
                        after: cursor,
                        limit: Self.batchSize,
                        users: subscriber.users,
                        kinds: subscriber.kinds
                    )
                    guard let last = changes.last else { break }
                    var bytes: [UInt8] = []
                    for change in changes { bytes.append(contentsOf: ChangeEvent.frame(change)) }
                    // A stream that cannot take them has ended (the client left, or it overflowed).
                    guard subscriber.stream.write(bytes) else { break }
                    cursor = last.cursor
                    state.withLock { $0.subscribers[id]?.cursor = cursor }
                    if changes.count < Self.batchSize { break }
                }
            } catch {
                subscriber.stream.finish()
            }
        }
        for (id, waiter) in waiters {
            guard
                let changes = try? store.changes(
                    after: waiter.after,
                    limit: waiter.limit,
                    users: waiter.users,
                    kinds: waiter.kinds
                ), !changes.isEmpty,
                let taken = state.withLock({ $0.waiters.removeValue(forKey: id) })
            else { continue }
            countsChanged()
            taken.timeout?.cancel()
            taken.answer.complete(ChangesResponder.page(changes, after: taken.after))
        }
    }

    private func scheduleHeartbeat() {
        let interval = heartbeatInterval
        state.withLock { state in
            guard state.heartbeat == nil else { return }
            state.heartbeat = clock.schedule(after: interval) { [weak self] in
                guard let self else { return }
                queue.async { self.beat() }
            }
        }
    }

    private func beat() {
        let streams = state.withLock { state in
            state.heartbeat = nil
            return state.subscribers.values.map(\.stream)
        }
        for stream in streams { stream.write(ChangeEvent.heartbeat) }
        pump()
        if subscriberCount > 0 { scheduleHeartbeat() }
    }
}
