import MatterModel

/// One user with HomeGraph work queued, and since when (unix milliseconds), per kind of work.
public struct PendingOutbox: Sendable, Hashable {
    /// The agent user.
    public var userId: String
    /// The oldest unreported state change, if any.
    public var reportSince: Int64?
    /// The first and the latest change that asked for a Request Sync, if any.
    public var syncFirst: Int64?
    /// The latest change that asked for a Request Sync, if any.
    public var syncLast: Int64?
    /// The oldest unsent notification, if any.
    public var eventSince: Int64?

    /// Creates a summary.
    public init(userId: String, reportSince: Int64?, syncFirst: Int64?, syncLast: Int64?, eventSince: Int64?) {
        self.userId = userId
        self.reportSince = reportSince
        self.syncFirst = syncFirst
        self.syncLast = syncLast
        self.eventSince = eventSince
    }
}

/// Everything queued for one user, read in one transaction together with the devices as they are now.
public struct OutboxWork: Sendable {
    /// A device whose state is owed to Google.
    public struct Report: Sendable, Hashable {
        public var deviceId: String
        /// The row's change count when read: the row is deleted only if no change came since.
        public var seq: Int64
        /// The device now; `nil` when it no longer exists (the row is dropped).
        public var device: Device?

        /// Creates a report as a store reads it.
        public init(deviceId: String, seq: Int64, device: Device?) {
            self.deviceId = deviceId
            self.seq = seq
            self.device = device
        }
    }

    /// A notification owed to Google.
    public struct Event: Sendable, Hashable {
        /// The row id, unique and increasing: Hearth's `eventId` for the notification.
        public var id: Int64
        public var deviceId: String
        /// The event; `nil` when the stored name is none this version of Hearth knows (the row is dropped).
        public var event: DeviceEvent?
        /// Unix milliseconds when it happened.
        public var occurred: Int64
        /// The device now; `nil` when it no longer exists.
        public var device: Device?

        /// Creates a notification as a store reads it.
        public init(id: Int64, deviceId: String, event: DeviceEvent?, occurred: Int64, device: Device?) {
            self.id = id
            self.deviceId = deviceId
            self.event = event
            self.occurred = occurred
            self.device = device
        }
    }

    /// The agent user.
    public var userId: String
    /// After DISCONNECT, until a token is issued again: nothing may be sent.
    public var unlinked: Bool
    /// Unix milliseconds of the user's latest SYNC intent, if Hearth answered one.
    public var lastSync: Int64?
    /// State reports, in device id order.
    public var reports: [Report]
    /// The Request Sync row's change count, when one is queued.
    public var syncSeq: Int64?
    /// Notifications, oldest first.
    public var events: [Event]

    /// Creates the work as a store reads it.
    public init(
        userId: String,
        unlinked: Bool,
        lastSync: Int64?,
        reports: [Report],
        syncSeq: Int64?,
        events: [Event]
    ) {
        self.userId = userId
        self.unlinked = unlinked
        self.lastSync = lastSync
        self.reports = reports
        self.syncSeq = syncSeq
        self.events = events
    }
}

/// How much is queued, for tests, tools and logs.
public struct OutboxCounts: Sendable, Hashable {
    public var reports: Int
    public var syncs: Int
    public var events: Int

    public init(reports: Int, syncs: Int, events: Int) {
        self.reports = reports
        self.syncs = syncs
        self.events = events
    }

    /// Whether nothing is queued.
    public var isEmpty: Bool { reports == 0 && syncs == 0 && events == 0 }
}
