import Clocks
import MatterModel

// The drain's side of the HomeGraph outbox: which users have work, a user's work with its devices as they are now,
// and deleting what was delivered. Rows are deleted only after delivery. Where several processes drain one outbox
// (PostgreSQL), each user's work is read by one of them at a time (``SQLRegistry/claimOutbox(forUser:)``).

extension SQLRegistry {
    /// Every user with queued work, but those another live process holds the claim on.
    public func pendingOutbox() throws -> [PendingOutbox] {
        let others = try outboxClaimedElsewhere()
        return try engine.read { c in
            var pending: [String: PendingOutbox] = [:]
            func entry(_ user: String) -> PendingOutbox {
                pending[user]
                    ?? PendingOutbox(userId: user, reportSince: nil, syncFirst: nil, syncLast: nil, eventSince: nil)
            }
            try c.forEachRow("SELECT userId, min(enqueued) FROM outbox_report GROUP BY userId", []) { row in
                var item = entry(try row.string(0))
                item.reportSince = try row.int64(1)
                pending[item.userId] = item
            }
            try c.forEachRow("SELECT userId, enqueued, lastEnqueued FROM outbox_sync", []) { row in
                var item = entry(try row.string(0))
                item.syncFirst = try row.int64(1)
                item.syncLast = try row.int64(2)
                pending[item.userId] = item
            }
            try c.forEachRow("SELECT userId, min(occurred) FROM outbox_event GROUP BY userId", []) { row in
                var item = entry(try row.string(0))
                item.eventSince = try row.int64(1)
                pending[item.userId] = item
            }
            return pending.values.filter { !others.contains($0.userId) }.sorted { $0.userId < $1.userId }
        }
    }

    /// Everything queued for a user, with the devices as they are now, read in one transaction; nothing when another
    /// process holds the user's claim.
    public func outboxWork(forUser agentUserId: String) throws -> OutboxWork {
        guard try claimOutbox(forUser: agentUserId) else {
            return OutboxWork(
                userId: agentUserId,
                unlinked: false,
                lastSync: nil,
                reports: [],
                syncSeq: nil,
                events: []
            )
        }
        let reportsSQL =
            "SELECT deviceId, seq FROM outbox_report WHERE userId = ? ORDER BY deviceId" + engine.dialect.byteOrder
        return try engine.read { c in
            let user: [SQLValue] = [.text(agentUserId)]
            let userRow = try c.first("SELECT lastSync, unlinked FROM homegraph_user WHERE userId = ?", user) { row in
                (lastSync: try row.optionalInt64(0), unlinked: try row.bool(1))
            }
            let reportRows = try c.all(reportsSQL, user) { row in (deviceId: try row.string(0), seq: try row.int64(1)) }
            let syncSeq = try c.first("SELECT seq FROM outbox_sync WHERE userId = ?", user) { try $0.int64(0) }
            let eventRows = try c.all(
                "SELECT id, deviceId, name, value, occurred FROM outbox_event WHERE userId = ? ORDER BY id",
                user
            ) { row in
                (
                    id: try row.int64(0), deviceId: try row.string(1), name: try row.string(2),
                    value: try row.optionalInt(3), occurred: try row.int64(4)
                )
            }
            let ids = Array(Set(reportRows.map(\.deviceId) + eventRows.map(\.deviceId)))
            let devices = try fetchDevices(c, user: agentUserId, ids: ids)
            return OutboxWork(
                userId: agentUserId,
                unlinked: userRow?.unlinked ?? false,
                lastSync: userRow?.lastSync,
                reports: reportRows.map { row in
                    OutboxWork.Report(deviceId: row.deviceId, seq: row.seq, device: devices[row.deviceId])
                },
                syncSeq: syncSeq,
                events: eventRows.map { row in
                    OutboxWork.Event(
                        id: row.id,
                        deviceId: row.deviceId,
                        event: DeviceEvent.Name(rawValue: row.name).map { DeviceEvent(name: $0, value: row.value) },
                        occurred: row.occurred,
                        device: devices[row.deviceId]
                    )
                }
            )
        }
    }

    /// Deletes delivered (or dropped) work: each report row only if it did not change since it was read.
    public func completeOutbox(
        forUser agentUserId: String,
        reports: [OutboxWork.Report] = [],
        syncSeq: Int64? = nil,
        events: [Int64] = []
    ) throws {
        guard !reports.isEmpty || syncSeq != nil || !events.isEmpty else { return }
        try engine.writeUnlocked { c in
            let restarted = state.clock.unixMilliseconds
            for report in reports {
                try c.execute(
                    "DELETE FROM outbox_report WHERE userId = ? AND deviceId = ? AND seq = ?",
                    [.text(agentUserId), .text(report.deviceId), .int(report.seq)]
                )
                // Changed again while the call was in flight: its coalescing window starts now, so a device that keeps
                // changing is reported once per window, not in a tight loop.
                try c.execute(
                    "UPDATE outbox_report SET enqueued = ? WHERE userId = ? AND deviceId = ?",
                    [.int(restarted), .text(agentUserId), .text(report.deviceId)]
                )
            }
            if let syncSeq {
                try c.execute(
                    "DELETE FROM outbox_sync WHERE userId = ? AND seq = ?",
                    [.text(agentUserId), .int(syncSeq)]
                )
            }
            for id in events {
                try c.execute("DELETE FROM outbox_event WHERE userId = ? AND id = ?", [.text(agentUserId), .int(id)])
            }
        }
    }
}
