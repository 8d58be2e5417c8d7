import JSON
import MatterModel

/// What both engines write and read the same way: the errors and change records of a store's operations, and the
/// column values of a device that are not SQL types of their own.
package enum RegistryRows {
    /// The default revalidation interval of a store's cache: other processes' writes are seen by reads within
    /// this time.
    package static let defaultRevalidationInterval = Duration.milliseconds(25)

    /// How often a key's `lastUsed` is written at most: a busy backend must not turn every request into a write.
    package static let apiKeyUseGranularitySeconds: Int64 = 60

    package static func noUser(_ agentUserId: String) -> RegistryError {
        RegistryError(code: .notFound, message: "no user \"\(agentUserId)\"")
    }

    package static func noDevice(_ agentUserId: String, _ id: String) -> RegistryError {
        RegistryError(code: .notFound, message: "user \"\(agentUserId)\" has no device \"\(id)\"")
    }

    package static func userChange(_ agentUserId: String, _ change: String) -> ChangeRecord {
        ChangeRecord(kind: .user, agentUserId: agentUserId, data: JSONObject([("change", .string(change))]))
    }

    package static func deviceChange(_ agentUserId: String, _ change: String, _ device: Device) -> ChangeRecord {
        ChangeRecord(
            kind: .device,
            agentUserId: agentUserId,
            deviceId: device.id,
            data: JSONObject([("change", .string(change)), ("device", .object(device.withoutPIN.jsonObject))])
        )
    }

    /// One `state` record per endpoint whose attributes or connectivity changed: the changed attributes only, and
    /// `online` when it changed.
    package static func stateChanges(
        _ agentUserId: String,
        from old: Device,
        to new: Device,
        by: String
    ) -> [ChangeRecord] {
        var records: [ChangeRecord] = []
        for index in new.endpoints.indices where index < old.endpoints.count {
            let before = old.endpoints[index]
            let after = new.endpoints[index]
            var clusters = JSONObject()
            for (cluster, state) in after.clusters.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                var attributes = JSONObject()
                for (name, value) in state.attributes.sorted(by: { $0.key < $1.key })
                where before.clusters[cluster]?.attributes[name] != value {
                    attributes.append(name, value.jsonValue(cluster, name))
                }
                if !attributes.isEmpty { clusters.append(cluster.rawValue, .object(attributes)) }
            }
            guard !clusters.isEmpty || before.online != after.online else { continue }
            var data = JSONObject()
            data.append("endpoint", .int(index + 1))
            data.append("clusters", .object(clusters))
            if before.online != after.online { data.append("online", .bool(after.online)) }
            data.append("by", .string(by))
            records.append(ChangeRecord(kind: .state, agentUserId: agentUserId, deviceId: new.id, data: data))
        }
        return records
    }

    /// A device read without any endpoint row is corrupt: every device has at least one.
    package static func checkEndpoints(_ device: Device, user: String) throws {
        if device.endpoints.isEmpty || device.endpoints.contains(where: \.deviceTypes.isEmpty) {
            throw corrupt(user: user, device: device.id, "endpoints are missing or not numbered 1, 2, …")
        }
    }

    /// The `challenge` and `pinHash` columns as a ``ChallengePolicy``.
    package static func decodeChallenge(
        kind: String,
        pinHash: String?,
        user: String,
        device: String
    ) throws -> ChallengePolicy {
        switch (kind, pinHash) {
        case ("none", nil): return .none
        case ("ack", nil): return .ack
        case ("pin", let hash?) where PINSecret.isWellFormedHash(hash): return .pin(.hashed(hash))
        default: throw corrupt(user: user, device: device, "challenge \(kind) with a malformed or misplaced pinHash")
        }
    }

    /// The `challenge` and `pinHash` column values of a device; a PIN in clear is refused (stores hash on import).
    package static func challengeColumns(_ device: Device, user: String) throws -> (String, String?) {
        switch device.challenge {
        case .none: return ("none", nil)
        case .ack: return ("ack", nil)
        case .pin(.hashed(let hash)): return ("pin", hash)
        case .pin(.clear):
            throw RegistryError(
                code: .invalidDevice,
                message: "user \(user), device \(device.id): a PIN must be hashed before it is stored"
            )
        }
    }

    package static func corrupt(user: String, device: String, _ what: String) -> RegistryError {
        RegistryError(code: .corruptData, message: "user \(user), device \(device): \(what)")
    }

    package static func clustersJSON(_ endpoint: Endpoint) -> String {
        StringArrayJSON.encode(endpoint.clusters.keys.sorted().map(\.rawValue))
    }
}
