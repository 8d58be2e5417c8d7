import MatterModel

/// The read side of the change log behind `/v1/changes`: the changes after a cursor, the cursor range still
/// held, a snapshot consistent with a cursor, pruning, and a signal when new changes committed.
///
/// The log is written by each write's own transaction (``SQLRegistry/recordChange(_:_:occurred:)``); cursors
/// are strictly increasing and never reused, also after pruning and across restarts. A reader following the log by
/// cursor gets every change exactly once, each user's in commit order, with no gap: a change that commits later never
/// takes a cursor below one already readable. SQLite's cursors are dense; PostgreSQL's are sparse positions, and a
/// change there becomes readable once every write transaction that started before it has ended
/// (`PostgreSQLRegistry+Changes.swift`).
public protocol ChangeStore: Sendable {
    /// The changes with a cursor greater than `cursor`, in cursor order, at most `limit` of them; only those of
    /// `users` and of `kinds` when given (`nil`: all).
    func changes(
        after cursor: Int64,
        limit: Int,
        users: Set<String>?,
        kinds: Set<ChangeRecord.Kind>?
    ) throws -> [StoredChange]

    /// The latest cursor and how far the log was pruned.
    func changeBounds() throws -> ChangeBounds

    /// Deletes the changes that occurred before `unixMilliseconds`; returns how many.
    func pruneChanges(occurredBefore unixMilliseconds: Int64) throws -> Int

    /// Every user's devices (or those of `users`) and the cursor they are consistent with, read while no write is in
    /// flight (``RegistryDatabase/readBetweenWriters(_:)``: on PostgreSQL writers wait for it): the devices reflect
    /// every change up to that cursor and none after it.
    func changeSnapshot(users: Set<String>?) throws -> ChangeSnapshot

    /// Registers the function called (on the writer's thread, after commit) whenever this process recorded
    /// changes; `nil` removes it. Changes written by another process (the CLI) are not signalled: readers also
    /// look again now and then.
    func observeChanges(_ observer: (@Sendable () -> Void)?)
}

/// The cursors of the change log.
public struct ChangeBounds: Sendable, Hashable {
    /// The cursor of the latest change readers can read now; 0 when there was none. A reader that starts here
    /// misses nothing committed later.
    public var latest: Int64
    /// Changes with a cursor up to this one may have been pruned: resuming after an earlier cursor would miss some.
    public var prunedThrough: Int64
    /// The cursor of the latest change committed, readable or not yet (on PostgreSQL a change becomes readable once
    /// the transactions that began before it have ended, so this may be ahead of ``latest`` for a moment): the
    /// highest cursor Hearth can have given out, a snapshot's included.
    public var latestCommitted: Int64

    /// Bounds whose latest committed change is `latestCommitted`, by default the latest readable one.
    public init(latest: Int64, prunedThrough: Int64, latestCommitted: Int64? = nil) {
        self.latest = latest
        self.prunedThrough = prunedThrough
        self.latestCommitted = max(latestCommitted ?? latest, latest)
    }

    /// Whether the changes after `cursor` are all still held: it is not older than pruning reached, and not ahead
    /// of any cursor Hearth gave out. A cursor between ``latest`` and ``latestCommitted`` (a snapshot's, taken while
    /// a transaction that records no change was still in flight) resumes: its changes come once they are readable.
    public func canResume(after cursor: Int64) -> Bool {
        cursor >= prunedThrough && cursor <= latestCommitted
    }
}

/// Users' devices as of one cursor of the change log.
public struct ChangeSnapshot: Sendable, Hashable {
    /// One user and its devices, in import order.
    public struct User: Sendable, Hashable {
        public var agentUserId: String
        public var devices: [Device]

        public init(agentUserId: String, devices: [Device]) {
            self.agentUserId = agentUserId
            self.devices = devices
        }
    }

    /// The devices include every change up to this cursor and none after it.
    public var cursor: Int64
    /// Sorted by agent user id.
    public var users: [User]

    public init(cursor: Int64, users: [User]) {
        self.cursor = cursor
        self.users = users
    }
}
