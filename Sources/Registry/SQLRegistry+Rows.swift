import Clocks
import MatterModel

// Reading and writing devices, endpoints, attributes and PIN records: the same columns and the same decoding rules
// on both engines, three queries per read (a user's, or a QUERY's, attributes in one query, not one per device).
// What the engines store differently (an attribute's value; a list of ids as one parameter) comes from
// ``RegistryDatabase``.

/// The statements that read devices, built once.
private enum DeviceSQL {
    static let selectDevice = """
        SELECT id, name, nicknames, room, vendorName, vendorID, productName, productID, serialNumber, uniqueID, \
        hardwareVersionString, softwareVersionString, otherDeviceIds, challenge, pinHash, \
        notificationSupportedByAgent, structure FROM device
        """
    static let selectUserDevices = selectDevice + " WHERE userId = ? ORDER BY position"
    static let selectEndpoint = "SELECT deviceId, number, deviceTypes, clusters, online FROM endpoint"
    static let selectUserEndpoints = selectEndpoint + " WHERE userId = ?"
    static let selectAttribute = "SELECT deviceId, endpoint, cluster, name, type, value FROM attribute"
    static let selectUserAttributes = selectAttribute + " WHERE userId = ?"
    static let insertEndpoint = """
        INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online) VALUES (?, ?, ?, ?, ?, ?)
        """
    static let updateAttribute = """
        UPDATE attribute SET type = ?, value = ? \
        WHERE userId = ? AND deviceId = ? AND endpoint = ? AND cluster = ? AND name = ?
        """
    static let upsertAttribute = """
        INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) VALUES (?, ?, ?, ?, ?, ?, ?) \
        ON CONFLICT (userId, deviceId, endpoint, cluster, name) DO UPDATE SET type = excluded.type, value = excluded.value
        """
}

extension SQLRegistry {
    // MARK: Reading

    /// All devices of a user, in import order, with their endpoints and cluster state.
    package func fetchDevices(_ c: Engine.Connection, user: String) throws -> [Device] {
        try Self.learningManufacturerClusters(c) { try fetchAllDevices(c, user: user) }
    }

    /// The user's devices among `ids`, keyed by id, with their endpoints and cluster state.
    package func fetchDevices(_ c: Engine.Connection, user: String, ids: [String]) throws -> [String: Device] {
        try Self.learningManufacturerClusters(c) { try fetchSomeDevices(c, user: user, ids: ids) }
    }

    /// Runs `read`; when it meets a cluster name this process does not know, reads the stored manufacturer
    /// declarations (another process may have imported one since it started) and, if that taught it any, runs `read`
    /// once more. A read that knows every name costs no extra query.
    private static func learningManufacturerClusters<T>(_ c: Engine.Connection, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let unknown as UnknownStoredCluster {
            guard try refreshManufacturerClusters(c) else { throw unknown.corrupt }
            do {
                return try read()
            } catch let still as UnknownStoredCluster {
                throw still.corrupt
            }
        }
    }

    private func fetchAllDevices(_ c: Engine.Connection, user: String) throws -> [Device] {
        var devices: [Device] = []
        var indexById: [String: Int] = [:]
        try c.forEachRow(DeviceSQL.selectUserDevices, [.text(user)]) { row in
            let device = try Self.decodeDevice(row, user: user)
            indexById[device.id] = devices.count
            devices.append(device)
        }
        guard !devices.isEmpty else { return [] }
        try c.forEachRow(DeviceSQL.selectUserEndpoints, [.text(user)]) { row in
            let (deviceId, number, endpoint) = try Self.decodeEndpoint(row, user: user)
            guard let index = indexById[deviceId] else { return }
            try devices[index].storeEndpoint(endpoint, number: number, user: user)
        }
        try forEachClusterState(c, DeviceSQL.selectUserAttributes, [.text(user)], user: user) {
            deviceId,
            endpoint,
            cluster,
            attributes in
            guard let index = indexById[deviceId] else { return }
            devices[index].storeAttributes(attributes, of: cluster, endpoint: endpoint)
        }
        for device in devices { try RegistryRows.checkEndpoints(device, user: user) }
        return devices
    }

    private func fetchSomeDevices(_ c: Engine.Connection, user: String, ids: [String]) throws -> [String: Device] {
        guard !ids.isEmpty else { return [:] }
        let idIn = engine.dialect.idIn
        let arguments: [SQLValue] = [.text(user), engine.dialect.ids(ids)]
        var devices: [String: Device] = [:]
        devices.reserveCapacity(ids.count)
        try c.forEachRow(DeviceSQL.selectDevice + " WHERE userId = ? AND id " + idIn, arguments) { row in
            let device = try Self.decodeDevice(row, user: user)
            devices[device.id] = device
        }
        guard !devices.isEmpty else { return [:] }
        try c.forEachRow(DeviceSQL.selectEndpoint + " WHERE userId = ? AND deviceId " + idIn, arguments) { row in
            let (deviceId, number, endpoint) = try Self.decodeEndpoint(row, user: user)
            try devices[deviceId]?.storeEndpoint(endpoint, number: number, user: user)
        }
        let attributes = DeviceSQL.selectAttribute + " WHERE userId = ? AND deviceId " + idIn
        try forEachClusterState(c, attributes, arguments, user: user) { deviceId, endpoint, cluster, attributes in
            devices[deviceId]?.storeAttributes(attributes, of: cluster, endpoint: endpoint)
        }
        for device in devices.values { try RegistryRows.checkEndpoints(device, user: user) }
        return devices
    }

    /// The devices named by `keys` (user, device id), over many users, keyed by user and then id:
    /// ``fetchDevices(_:user:ids:)`` for a whole bulk transaction, three queries per chunk of keys instead of three
    /// per user.
    package func fetchDevices(
        _ c: Engine.Connection,
        keys: [(user: String, id: String)]
    ) throws -> [String: [String: Device]] {
        try Self.learningManufacturerClusters(c) { try fetchKeyedDevices(c, keys: keys) }
    }

    private func fetchKeyedDevices(
        _ c: Engine.Connection,
        keys: [(user: String, id: String)]
    ) throws -> [String: [String: Device]] {
        var devices: [String: [String: Device]] = [:]
        for chunk in BulkValues.chunks(keys.count) {
            var values: [SQLValue] = []
            values.reserveCapacity(chunk.size * 2)
            for index in chunk.rows { values += [.text(keys[index].user), .text(keys[index].id)] }
            let arguments = BulkValues.arguments(values, columns: 2, rows: chunk.rows.count, size: chunk.size)
            try c.forEachRow(BulkSQL.selectDevices[chunk.size] ?? "", arguments) { row in
                let user = try row.string(17)
                let device = try Self.decodeDevice(row, user: user)
                devices[user, default: [:]][device.id] = device
            }
            try c.forEachRow(BulkSQL.selectEndpoints[chunk.size] ?? "", arguments) { row in
                let user = try row.string(5)
                let (deviceId, number, endpoint) = try Self.decodeEndpoint(row, user: user)
                try devices[user]?[deviceId]?.storeEndpoint(endpoint, number: number, user: user)
            }
            // Rows come grouped by (user, device, endpoint, cluster): each cluster's dictionary is built once.
            var group: (user: String, device: String, endpoint: Int, cluster: ClusterID)?
            var attributes: [String: AttributeValue] = [:]
            func flush() {
                guard let group else { return }
                devices[group.user]?[group.device]?.storeAttributes(
                    attributes,
                    of: group.cluster,
                    endpoint: group.endpoint
                )
            }
            try c.forEachRow(BulkSQL.selectAttributes[chunk.size] ?? "", arguments) { row in
                let user = try row.string(6)
                let attribute = try decodeAttribute(row, user: user)
                if let current = group, current.user == user, current.device == attribute.deviceId,
                    current.endpoint == attribute.endpoint, current.cluster == attribute.cluster
                {
                    attributes[attribute.name] = attribute.value
                } else {
                    flush()
                    group = (user, attribute.deviceId, attribute.endpoint, attribute.cluster)
                    attributes = [attribute.name: attribute.value]
                }
            }
            flush()
        }
        for (user, byId) in devices {
            for device in byId.values { try RegistryRows.checkEndpoints(device, user: user) }
        }
        return devices
    }

    /// Reads attribute rows and hands them to `body` one (device, endpoint, cluster) group at a time, so that each
    /// cluster's dictionary is built once instead of being reached through the device for every attribute. Rows
    /// come in primary-key order on SQLite, so groups are whole; were they not, `body` merges.
    private func forEachClusterState(
        _ c: Engine.Connection,
        _ sql: String,
        _ arguments: [SQLValue],
        user: String,
        _ body: (String, Int, ClusterID, [String: AttributeValue]) -> Void
    ) throws {
        var deviceId = ""
        var endpoint = 0
        var cluster: ClusterID?
        var attributes: [String: AttributeValue] = [:]
        try c.forEachRow(sql, arguments) { row in
            let attribute = try decodeAttribute(row, user: user)
            if attribute.cluster != cluster || attribute.endpoint != endpoint || attribute.deviceId != deviceId {
                if let cluster { body(deviceId, endpoint, cluster, attributes) }
                deviceId = attribute.deviceId
                endpoint = attribute.endpoint
                cluster = attribute.cluster
                attributes = [:]
            }
            attributes[attribute.name] = attribute.value
        }
        if let cluster { body(deviceId, endpoint, cluster, attributes) }
    }

    private static func strings(
        _ row: Engine.Connection.Row,
        _ index: Int,
        _ column: String,
        user: String,
        device: String
    ) throws -> [String] {
        guard let strings = StringArrayJSON.decode(try row.string(index)) else {
            throw RegistryRows.corrupt(user: user, device: device, "column \(column) is not a JSON array of strings")
        }
        return strings
    }

    /// A device row, with no endpoints yet (`storeEndpoint(_:number:user:)` adds them).
    private static func decodeDevice(_ row: Engine.Connection.Row, user: String) throws -> Device {
        let id = try row.string(0)
        var device = Device(
            id: id,
            name: try row.string(1),
            nicknames: try strings(row, 2, "nicknames", user: user, device: id),
            room: try row.optionalString(3),
            basicInformation: BasicInformation(
                vendorName: try row.optionalString(4),
                vendorID: try row.optionalInt(5),
                productName: try row.optionalString(6),
                productID: try row.optionalInt(7),
                serialNumber: try row.optionalString(8),
                uniqueID: try row.optionalString(9),
                hardwareVersionString: try row.optionalString(10),
                softwareVersionString: try row.optionalString(11)
            ),
            otherDeviceIds: try strings(row, 12, "otherDeviceIds", user: user, device: id),
            endpoints: [],
            challenge: try RegistryRows.decodeChallenge(
                kind: try row.string(13),
                pinHash: try row.optionalString(14),
                user: user,
                device: id
            )
        )
        device.notificationSupportedByAgent = try row.bool(15)
        device.structure = try row.optionalString(16)
        return device
    }

    private static func decodeEndpoint(_ row: Engine.Connection.Row, user: String) throws -> (String, Int, Endpoint) {
        let deviceId = try row.string(0)
        let number = try row.int(1)
        var deviceTypes: [DeviceType] = []
        for name in try strings(row, 2, "deviceTypes", user: user, device: deviceId) {
            guard let type = DeviceType(rawValue: name) else {
                throw RegistryRows.corrupt(user: user, device: deviceId, "unknown device type \(name)")
            }
            deviceTypes.append(type)
        }
        var clusters: [ClusterID: ClusterState] = [:]
        for name in try strings(row, 3, "clusters", user: user, device: deviceId) {
            guard let cluster = ClusterID(rawValue: name) else {
                throw UnknownStoredCluster(user: user, device: deviceId, name: name)
            }
            clusters[cluster] = ClusterState()
        }
        return (deviceId, number, Endpoint(deviceTypes: deviceTypes, online: try row.bool(4), clusters: clusters))
    }

    private func decodeAttribute(
        _ row: Engine.Connection.Row,
        user: String
    ) throws -> (deviceId: String, endpoint: Int, cluster: ClusterID, name: String, value: AttributeValue) {
        let deviceId = try row.string(0)
        let endpoint = try row.int(1)
        let clusterName = try row.string(2)
        let name = try row.string(3)
        guard let cluster = ClusterID(rawValue: clusterName) else {
            throw UnknownStoredCluster(user: user, device: deviceId, name: clusterName)
        }
        let value = try engine.attributeValue(
            row,
            at: 5,
            type: try row.string(4),
            user: user,
            device: deviceId,
            attribute: "\(clusterName).\(name)"
        )
        return (deviceId, endpoint, cluster, name, value)
    }

    // MARK: Writing

    /// Inserts a new device (`position` given) or replaces every column but `position` of a stored one, then
    /// replaces its endpoints and attributes.
    package func writeDevice(_ c: Engine.Connection, user: String, device: Device, newPosition position: Int64?) throws
    {
        let info = device.basicInformation
        let (challenge, pinHash) = try RegistryRows.challengeColumns(device, user: user)
        let columns: [SQLValue] = [
            .text(device.name), .text(StringArrayJSON.encode(device.nicknames)), SQLValue(device.room),
            SQLValue(info.vendorName), SQLValue(info.vendorID), SQLValue(info.productName), SQLValue(info.productID),
            SQLValue(info.serialNumber), SQLValue(info.uniqueID), SQLValue(info.hardwareVersionString),
            SQLValue(info.softwareVersionString), .text(StringArrayJSON.encode(device.otherDeviceIds)),
            .text(challenge), SQLValue(pinHash), .bool(device.notificationSupportedByAgent), SQLValue(device.structure),
        ]
        if let position {
            try c.execute(
                """
                INSERT INTO device (name, nicknames, room, vendorName, vendorID, productName, productID, serialNumber, \
                uniqueID, hardwareVersionString, softwareVersionString, otherDeviceIds, challenge, pinHash, \
                notificationSupportedByAgent, structure, userId, id, position) \
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                columns + [.text(user), .text(device.id), .int(position)]
            )
        } else {
            try c.execute(
                """
                UPDATE device SET name = ?, nicknames = ?, room = ?, vendorName = ?, vendorID = ?, productName = ?, \
                productID = ?, serialNumber = ?, uniqueID = ?, hardwareVersionString = ?, softwareVersionString = ?, \
                otherDeviceIds = ?, challenge = ?, pinHash = ?, notificationSupportedByAgent = ?, structure = ? \
                WHERE userId = ? AND id = ?
                """,
                columns + [.text(user), .text(device.id)]
            )
            // Attributes go with their endpoint (ON DELETE CASCADE).
            try c.execute("DELETE FROM endpoint WHERE userId = ? AND deviceId = ?", [.text(user), .text(device.id)])
        }
        var manufacturerClusters = Set<ClusterID>()
        for endpoint in device.endpoints {
            for cluster in endpoint.clusters.keys where cluster.isManufacturerSpecific {
                manufacturerClusters.insert(cluster)
            }
        }
        for cluster in manufacturerClusters {
            try Self.requireStoredDeclaration(c, cluster, user: user, device: device.id)
        }
        for (index, endpoint) in device.endpoints.enumerated() {
            let number = index + 1
            try c.execute(
                DeviceSQL.insertEndpoint,
                [
                    .text(user), .text(device.id), .int(Int64(number)),
                    .text(StringArrayJSON.encode(endpoint.deviceTypes.map(\.rawValue))),
                    .text(RegistryRows.clustersJSON(endpoint)), .bool(endpoint.online),
                ]
            )
            for (cluster, state) in endpoint.clusters {
                for (name, value) in state.attributes {
                    try upsertAttribute(c, user: user, device: device.id, endpoint: number, cluster, name, value)
                }
            }
        }
    }

    /// Writes what changed between `old` and `new` in the cluster state and connectivity of the endpoints they
    /// share; nothing else.
    package func writeChanges(_ c: Engine.Connection, user: String, from old: Device, to new: Device) throws {
        for index in old.endpoints.indices where index < new.endpoints.count {
            let number = index + 1
            let before = old.endpoints[index]
            let after = new.endpoints[index]
            if before.online != after.online {
                try c.execute(
                    "UPDATE endpoint SET online = ? WHERE userId = ? AND deviceId = ? AND number = ?",
                    [.bool(after.online), .text(user), .text(old.id), .int(Int64(number))]
                )
            }
            if Set(before.clusters.keys) != Set(after.clusters.keys) {
                try c.execute(
                    "UPDATE endpoint SET clusters = ? WHERE userId = ? AND deviceId = ? AND number = ?",
                    [.text(RegistryRows.clustersJSON(after)), .text(user), .text(old.id), .int(Int64(number))]
                )
            }
            for (cluster, state) in after.clusters {
                let oldState = before.clusters[cluster]
                for (name, value) in state.attributes where oldState?[name] != value {
                    try upsertAttribute(c, user: user, device: old.id, endpoint: number, cluster, name, value)
                }
            }
            for (cluster, state) in before.clusters {
                let newState = after.clusters[cluster]
                for name in state.attributes.keys where newState?[name] == nil {
                    try c.execute(
                        "DELETE FROM attribute WHERE userId = ? AND deviceId = ? AND endpoint = ? AND cluster = ? "
                            + "AND name = ?",
                        [.text(user), .text(old.id), .int(Int64(number)), .text(cluster.rawValue), .text(name)]
                    )
                }
            }
        }
    }

    /// ``writeChanges(_:user:from:to:)`` for many devices (each at most once): the attribute rows, by far the most,
    /// in one statement per chunk; connectivity, cluster lists and removed attributes (rare) one row at a time.
    package func writeChanges(_ c: Engine.Connection, _ devices: [(user: String, old: Device, new: Device)]) throws {
        var values: [SQLValue] = []
        var rows = 0
        for (user, old, new) in devices {
            for index in old.endpoints.indices where index < new.endpoints.count {
                let number = index + 1
                let before = old.endpoints[index]
                let after = new.endpoints[index]
                if before.online != after.online {
                    try c.execute(
                        "UPDATE endpoint SET online = ? WHERE userId = ? AND deviceId = ? AND number = ?",
                        [.bool(after.online), .text(user), .text(old.id), .int(Int64(number))]
                    )
                }
                if Set(before.clusters.keys) != Set(after.clusters.keys) {
                    try c.execute(
                        "UPDATE endpoint SET clusters = ? WHERE userId = ? AND deviceId = ? AND number = ?",
                        [.text(RegistryRows.clustersJSON(after)), .text(user), .text(old.id), .int(Int64(number))]
                    )
                }
                for (cluster, state) in after.clusters {
                    let oldState = before.clusters[cluster]
                    for (name, value) in state.attributes where oldState?[name] != value {
                        let (type, stored) = engine.attributeColumns(value)
                        values += [
                            .text(user), .text(old.id), .int(Int64(number)), .text(cluster.rawValue), .text(name),
                            .text(type), stored,
                        ]
                        rows += 1
                    }
                }
                for (cluster, state) in before.clusters {
                    let newState = after.clusters[cluster]
                    for name in state.attributes.keys where newState?[name] == nil {
                        try c.execute(
                            "DELETE FROM attribute WHERE userId = ? AND deviceId = ? AND endpoint = ? AND cluster = ? "
                                + "AND name = ?",
                            [.text(user), .text(old.id), .int(Int64(number)), .text(cluster.rawValue), .text(name)]
                        )
                    }
                }
            }
        }
        let columns = BulkSQL.attributeColumns.count
        for chunk in BulkValues.chunks(rows) {
            let arguments = BulkValues.arguments(
                Array(values[(chunk.rows.lowerBound * columns)..<(chunk.rows.upperBound * columns)]),
                columns: columns,
                rows: chunk.rows.count,
                size: chunk.size
            )
            // As one device's write: an UPDATE where the rows exist (nearly always), the upsert only when some did not.
            let updated = try c.execute(BulkSQL.updateAttributes[chunk.size] ?? "", arguments)
            if updated < chunk.rows.count {
                try c.execute(BulkSQL.upsertAttributes[chunk.size] ?? "", arguments)
            }
        }
    }

    private func upsertAttribute(
        _ c: Engine.Connection,
        user: String,
        device: String,
        endpoint: Int,
        _ cluster: ClusterID,
        _ name: String,
        _ value: AttributeValue
    ) throws {
        let (type, stored) = engine.attributeColumns(value)
        // An EXECUTE changes attributes that exist: a plain UPDATE is one B-tree descent where the upsert's
        // insert-then-conflict path is two. Insert only when there was nothing to update.
        let updated = try c.execute(
            DeviceSQL.updateAttribute,
            [
                .text(type), stored, .text(user), .text(device), .int(Int64(endpoint)), .text(cluster.rawValue),
                .text(name),
            ]
        )
        if updated == 0 {
            try c.execute(
                DeviceSQL.upsertAttribute,
                [
                    .text(user), .text(device), .int(Int64(endpoint)), .text(cluster.rawValue), .text(name),
                    .text(type), stored,
                ]
            )
        }
    }

    // MARK: PIN attempts

    /// The wrong-PIN records of the given devices; a device without a row gets a clean record.
    package func fetchAttempts(_ c: Engine.Connection, user: String, ids: [String]) throws -> [String: PINAttempts] {
        var attempts: [String: PINAttempts] = [:]
        for id in ids { attempts[id] = PINAttempts() }
        guard !ids.isEmpty else { return attempts }
        try c.forEachRow(
            "SELECT deviceId, failures, windowStart, lockedUntil FROM pin_attempt WHERE userId = ? AND deviceId "
                + engine.dialect.idIn,
            [.text(user), engine.dialect.ids(ids)]
        ) { row in
            attempts[try row.string(0)] = PINAttempts(
                failures: try row.int(1),
                windowStart: try row.optionalInt64(2).map(UnixTime.init(seconds:)),
                lockedUntil: try row.optionalInt64(3).map(UnixTime.init(seconds:))
            )
        }
        return attempts
    }

    /// Writes one device's record; a clean record deletes the row.
    package static func writeAttempts(
        _ c: Engine.Connection,
        user: String,
        device: String,
        _ attempts: PINAttempts
    ) throws {
        if attempts.isClean {
            try c.execute("DELETE FROM pin_attempt WHERE userId = ? AND deviceId = ?", [.text(user), .text(device)])
        } else {
            try c.execute(
                """
                INSERT INTO pin_attempt (userId, deviceId, failures, windowStart, lockedUntil) VALUES (?, ?, ?, ?, ?) \
                ON CONFLICT (userId, deviceId) DO UPDATE SET failures = excluded.failures, \
                windowStart = excluded.windowStart, lockedUntil = excluded.lockedUntil
                """,
                [
                    .text(user), .text(device), .int(Int64(attempts.failures)), SQLValue(attempts.windowStart?.seconds),
                    SQLValue(attempts.lockedUntil?.seconds),
                ]
            )
        }
    }
}

/// A stored cluster name this process does not know: a manufacturer cluster another process declared since this one
/// read the declarations, or else a corrupt row (``corrupt``).
struct UnknownStoredCluster: Error {
    var user: String
    var device: String
    var name: String

    /// The corrupt-registry error it is when the stored declarations do not name it either.
    var corrupt: RegistryError { RegistryRows.corrupt(user: user, device: device, "unknown cluster \(name)") }
}
