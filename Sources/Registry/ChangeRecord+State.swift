import JSON
import MatterModel

extension ChangeRecord {
    /// Who changed a device's state, as `state` records name them.
    public enum StateSource: String, Sendable, Hashable {
        /// An EXECUTE from Google.
        case google
        /// The device backend, through `/v1`.
        case api
        /// `hearth devices set`.
        case cli
    }

    /// One `state` record per endpoint of the device whose attributes or connectivity differ between `old` and
    /// `new`: `{"endpoint": 1, "clusters": {"OnOff": {"OnOff": true}}, "online": true?, "by": "cli"}` (`online`
    /// only when it changed). Empty when nothing changed.
    public static func stateChanges(
        forUser agentUserId: String,
        from old: Device,
        to new: Device,
        by source: StateSource
    ) -> [ChangeRecord] {
        var records: [ChangeRecord] = []
        for (index, endpoint) in new.endpoints.enumerated() where index < old.endpoints.count {
            let before = old.endpoints[index]
            let clusters = endpoint.changedAttributes(since: before)
            guard !clusters.isEmpty || endpoint.online != before.online else { continue }
            var data = JSONObject()
            data.append("endpoint", .int(index + 1))
            data.append("clusters", .object(clusters))
            if endpoint.online != before.online { data.append("online", .bool(endpoint.online)) }
            data.append("by", .string(source.rawValue))
            records.append(ChangeRecord(kind: .state, agentUserId: agentUserId, deviceId: new.id, data: data))
        }
        return records
    }
}
