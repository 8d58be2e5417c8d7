import Clocks

/// The HomeGraph outbox: the Request Syncs, state reports and notifications owed to Google, queued by every writer
/// in the transaction of the change that causes them (``OutboxPolicy``), and drained by `Reporting`.
///
/// Queueing happens inside the writing methods of the other concerns (an EXECUTE, an import); this protocol is the
/// rest: the registry-wide switch, HomeGraph bookkeeping, and the drain's side. Nothing is queued while reporting is
/// off or for a user unlinked by DISCONNECT (``TokenStore/disconnect(user:clientId:)``). Times are unix
/// milliseconds. Every method is synchronous, safe from any thread, and one transaction.
public protocol OutboxStore: Sendable {
    /// Switches queueing on or off for every writer (`serve` writes it at start). Turning it off empties the outbox.
    func setReporting(enabled: Bool) throws

    /// Whether HomeGraph work is queued.
    func isReportingEnabled() throws -> Bool

    /// Records that Hearth answered a SYNC for the user at `now` (HomeGraph answers 404 for a while after it), and
    /// marks a user unlinked by DISCONNECT linked again: Google sends a SYNC after every linking, and for a user
    /// linked straight to the identity provider (`auth.externalTokens`) it is the only sign. May skip the write when
    /// one was recorded for the user moments before (never the first after a DISCONNECT).
    func recordSync(forUser agentUserId: String, now: UnixTime) throws

    /// Queues a device event (a doorbell press) for the user's device. Whether it was queued: not when reporting is
    /// off, the user is unlinked, or the device does not declare `notificationSupportedByAgent`.
    ///
    /// - Throws: ``RegistryError/Code/invalidDevice`` when the user has no such device.
    func recordEvent(_ event: DeviceEvent, forUser agentUserId: String, device id: String) throws -> Bool

    /// Registers the function called (on the writer's thread, after commit) whenever this process queued work;
    /// `nil` removes it.
    func observeOutbox(_ observer: (@Sendable () -> Void)?)

    /// Every user with queued work, sorted by user.
    func pendingOutbox() throws -> [PendingOutbox]

    /// Everything queued for a user, with the devices as they are now, read in one transaction.
    func outboxWork(forUser agentUserId: String) throws -> OutboxWork

    /// Deletes delivered (or dropped) work: each report only if it did not change since it was read (its `seq`),
    /// the Request Sync only if its `syncSeq` is still the row's, and the given events.
    func completeOutbox(
        forUser agentUserId: String,
        reports: [OutboxWork.Report],
        syncSeq: Int64?,
        events: [Int64]
    ) throws

    /// Drops everything queued for a user.
    func dropOutbox(forUser agentUserId: String) throws

    /// How much is queued, for tests, tools and logs.
    func outboxCounts() throws -> OutboxCounts
}
