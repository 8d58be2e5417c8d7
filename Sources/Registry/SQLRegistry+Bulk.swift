import Clocks
import MatterModel
import Synchronization

// State reported in bulk (`POST /v1/state`): thousands of updates over many users, committed in few transactions,
// each update answered on its own.

/// How one update of ``DeviceAdminStore/applyStateInBulk(_:allOrNothing:)`` fared.
public struct BulkStateOutcome: Sendable, Hashable {
    /// What happened to the update.
    public enum Status: String, Sendable, Hashable {
        /// Written (or it changed nothing) and committed.
        case applied
        /// No such user or device: nothing written for this update.
        case notFound
        /// The changes do not apply to the device (no such endpoint or cluster, a rule between attributes).
        case notApplicable
        /// The transaction holding this update failed (the database refused or was unreachable): not written; the
        /// same update may be sent again.
        case unavailable
    }

    public var status: Status
    /// Why, when not applied.
    public var message: String?

    public init(status: Status, message: String? = nil) {
        self.status = status
        self.message = message
    }

    /// Applied.
    public static let applied = BulkStateOutcome(status: .applied)
}

extension SQLRegistry {
    /// The most updates one transaction of a bulk holds (whole users: a user's updates never straddle two
    /// transactions, so a user with more goes alone). Large enough that the commit's fsync is shared by many
    /// changes, small enough that a failed transaction loses little and holds the writer briefly.
    package static var bulkChangesPerTransaction: Int { 2000 }

    public func applyStateInBulk(_ updates: [DeviceStateUpdate], allOrNothing: Bool) throws -> [BulkStateOutcome] {
        guard !updates.isEmpty else { return [] }
        // Per user, in the order given; users sorted, so that every transaction knows which users it writes, in
        // the order it takes them, before it starts.
        var byUser: [String: [Int]] = [:]
        for (index, update) in updates.enumerated() { byUser[update.agentUserId, default: []].append(index) }
        let users = byUser.keys.sorted()
        var chunks: [[String]] = []
        if allOrNothing {
            chunks = [users]
        } else {
            var current: [String] = []
            var size = 0
            for user in users {
                let count = byUser[user]?.count ?? 0
                if !current.isEmpty, size + count > Self.bulkChangesPerTransaction {
                    chunks.append(current)
                    current = []
                    size = 0
                }
                current.append(user)
                size += count
            }
            if !current.isEmpty { chunks.append(current) }
        }
        var outcomes = [BulkStateOutcome](repeating: .applied, count: updates.count)
        var written: Set<String> = []
        var queued = false
        defer {
            // Only the users written: other users' cached devices stay valid.
            for user in written { invalidateCache(forUser: user) }
            if queued { notifyOutbox() }
            if !written.isEmpty { notifyChanges() }
        }
        for chunk in chunks {
            let now = state.clock.unixMilliseconds
            do {
                let (chunkOutcomes, wrote, queuedWork) = try engine.write(.users(chunk)) { c in
                    let result = try bulkTransaction(c, users: chunk, byUser: byUser, updates, now: now)
                    // The first refused update in the order given, as ``applyState(_:)`` names it.
                    if allOrNothing, let failed = result.0.min(by: { $0.key < $1.key }) {
                        throw DeviceStateUpdateError(
                            index: failed.key,
                            reason: failed.value.status == .notFound ? .notFound : .notApplicable,
                            message: failed.value.message ?? ""
                        )
                    }
                    return result
                }
                for (index, outcome) in chunkOutcomes { outcomes[index] = outcome }
                if wrote { written.formUnion(chunk) }
                queued = queued || queuedWork
            } catch let error as DeviceStateUpdateError {
                throw error
            } catch {
                if allOrNothing { throw error }
                let failure = BulkStateOutcome(status: .unavailable, message: "the registry could not commit it")
                for user in chunk { for index in byUser[user] ?? [] { outcomes[index] = failure } }
            }
        }
        return outcomes
    }

    /// One transaction of a bulk: the users' updates in order. Outcomes other than `applied` by index (an update
    /// that fails writes nothing and lets the others go on); whether anything was written; whether HomeGraph work
    /// was queued. A device updated several times is written once, from what it was to what the last update
    /// made it; each update still logs its own change and the notifications its own transition causes.
    ///
    /// Set-based: the devices named are read in one pass for all the users, and the change log, the attribute rows
    /// and the state reports are written with one statement per table (per chunk of rows), not one per change. The
    /// cache is not consulted: knowing whether it is current would take a query per user, which costs more than
    /// reading the devices named in the same pass.
    private func bulkTransaction(
        _ c: Engine.Connection,
        users: [String],
        byUser: [String: [Int]],
        _ updates: [DeviceStateUpdate],
        now: Int64
    ) throws -> ([Int: BulkStateOutcome], Bool, Bool) {
        var outcomes: [Int: BulkStateOutcome] = [:]
        var wrote = false
        var queued = false
        var keys: [(user: String, id: String)] = []
        for user in users {
            var seen: Set<String> = []
            for index in byUser[user] ?? [] where seen.insert(updates[index].deviceId).inserted {
                keys.append((user, updates[index].deviceId))
            }
        }
        let storedByUser = try fetchDevices(c, keys: keys)
        var records: [ChangeRecord] = []
        var writes: [(user: String, old: Device, new: Device)] = []
        var reports: [(user: String, device: String)] = []
        for user in users {
            let stored = storedByUser[user] ?? [:]
            var working = stored
            var order: [String] = []
            var ordered: Set<String> = []
            for index in byUser[user] ?? [] {
                let update = updates[index]
                guard let old = working[update.deviceId] else {
                    outcomes[index] = BulkStateOutcome(
                        status: .notFound,
                        message: "user \"\(user)\" has no device \"\(update.deviceId)\""
                    )
                    continue
                }
                var new = old
                do throws(DeviceStateChangeError) {
                    try DeviceStateChange.apply(
                        update.changes,
                        online: update.online,
                        endpoint: update.endpoint,
                        to: &new
                    )
                } catch {
                    outcomes[index] = BulkStateOutcome(status: .notApplicable, message: error.message)
                    continue
                }
                guard new != old else { continue }
                for event in state.outboxPolicy.events(from: old, to: new) {
                    queued = try Self.queueEvent(c, user: user, device: new.id, event: event, now: now) || queued
                }
                let changes = RegistryRows.stateChanges(user, from: old, to: new, by: "api")
                try Self.requireRoom(forChanges: records.count + changes.count, engine.changeLog)
                records += changes
                if ordered.insert(update.deviceId).inserted { order.append(update.deviceId) }
                working[update.deviceId] = new
                wrote = true
            }
            for id in order {
                guard let old = stored[id], let new = working[id], new != old else { continue }
                writes.append((user, old, new))
                if old.stateDiffers(from: new) { reports.append((user, id)) }
            }
        }
        try Self.recordChanges(c, records, occurred: now)
        try writeChanges(c, writes)
        queued = try Self.queueReports(c, reports, now: now) || queued
        return (outcomes, wrote, queued)
    }
}
