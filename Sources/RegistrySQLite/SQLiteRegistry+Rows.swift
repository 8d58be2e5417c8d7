import Clocks
import GRDB
import MatterModel
import Registry

// Reading and writing devices and attributes. Every statement is a cached prepared statement of the connection
// it runs on; a user's (or a QUERY's) attributes come in one query, not one per device.

extension SQLiteRegistry {
    private static let deviceSelect = """
        SELECT id, name, nicknames, room, vendorName, vendorID, productName, productID, serialNumber, uniqueID, \
        hardwareVersionString, softwareVersionString, otherDeviceIds, challenge, pinHash, \
        notificationSupportedByAgent, structure FROM device
        """
    private static let selectUserDevicesSQL = deviceSelect + " WHERE userId = ? ORDER BY position"
    private static let selectUserDevicesByIdSQL =
        deviceSelect + " WHERE userId = ? AND id IN (SELECT value FROM json_each(?))"
    private static let selectUserEndpointsSQL =
        "SELECT deviceId, number, deviceTypes, clusters, online FROM endpoint WHERE userId = ?"
    private static let selectUserEndpointsByDeviceSQL = """
        SELECT deviceId, number, deviceTypes, clusters, online FROM endpoint \
        WHERE userId = ? AND deviceId IN (SELECT value FROM json_each(?))
        """
    private static let selectUserAttributesSQL =
        "SELECT deviceId, endpoint, cluster, name, type, value FROM attribute WHERE userId = ?"
    private static let selectUserAttributesByDeviceSQL = """
        SELECT deviceId, endpoint, cluster, name, type, value FROM attribute \
        WHERE userId = ? AND deviceId IN (SELECT value FROM json_each(?))
        """
    private static let insertDeviceSQL = """
        INSERT INTO device (userId, id, position, name, nicknames, room, vendorName, vendorID, productName, \
        productID, serialNumber, uniqueID, hardwareVersionString, softwareVersionString, otherDeviceIds, challenge, \
        pinHash, notificationSupportedByAgent, structure) \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    private static let replaceDeviceSQL = """
        UPDATE device SET name = ?, nicknames = ?, room = ?, vendorName = ?, vendorID = ?, productName = ?, \
        productID = ?, serialNumber = ?, uniqueID = ?, hardwareVersionString = ?, softwareVersionString = ?, \
        otherDeviceIds = ?, challenge = ?, pinHash = ?, notificationSupportedByAgent = ?, structure = ? \
        WHERE userId = ? AND id = ?
        """
    private static let insertEndpointSQL = """
        INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online) VALUES (?, ?, ?, ?, ?, ?)
        """
    private static let upsertAttributeSQL = """
        INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) VALUES (?, ?, ?, ?, ?, ?, ?) \
        ON CONFLICT (userId, deviceId, endpoint, cluster, name) DO UPDATE SET type = excluded.type, value = excluded.value
        """

    // MARK: Reading

    /// All devices of a user, in import order, with their endpoints and cluster state.
    static func fetchDevices(_ db: Database, user: String) throws -> [Device] {
        var devices: [Device] = []
        var indexById: [String: Int] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: selectUserDevicesSQL), arguments: [user])
        while let row = try rows.next() {
            let device = try decodeDevice(row, user: user)
            indexById[device.id] = devices.count
            devices.append(device)
        }
        guard !devices.isEmpty else { return [] }
        let endpoints = try Row.fetchCursor(db.cachedStatement(sql: selectUserEndpointsSQL), arguments: [user])
        while let row = try endpoints.next() {
            let (deviceId, number, endpoint) = try decodeEndpoint(row, user: user)
            guard let index = indexById[deviceId] else { continue }
            try devices[index].storeEndpoint(endpoint, number: number, user: user)
        }
        let attributes = try Row.fetchCursor(db.cachedStatement(sql: selectUserAttributesSQL), arguments: [user])
        try forEachClusterState(attributes, user: user) { deviceId, endpoint, cluster, attributes in
            guard let index = indexById[deviceId] else { return }
            devices[index].storeAttributes(attributes, of: cluster, endpoint: endpoint)
        }
        for device in devices { try RegistryRows.checkEndpoints(device, user: user) }
        return devices
    }

    /// The user's devices among `ids`, keyed by id, with their endpoints and cluster state.
    static func fetchDevices(_ db: Database, user: String, ids: [String]) throws -> [String: Device] {
        guard !ids.isEmpty else { return [:] }
        let idsJSON = StringArrayJSON.encode(ids)
        var devices: [String: Device] = [:]
        devices.reserveCapacity(ids.count)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: selectUserDevicesByIdSQL), arguments: [user, idsJSON])
        while let row = try rows.next() {
            let device = try decodeDevice(row, user: user)
            devices[device.id] = device
        }
        guard !devices.isEmpty else { return [:] }
        let endpoints = try Row.fetchCursor(
            db.cachedStatement(sql: selectUserEndpointsByDeviceSQL),
            arguments: [user, idsJSON]
        )
        while let row = try endpoints.next() {
            let (deviceId, number, endpoint) = try decodeEndpoint(row, user: user)
            try devices[deviceId]?.storeEndpoint(endpoint, number: number, user: user)
        }
        let attributes = try Row.fetchCursor(
            db.cachedStatement(sql: selectUserAttributesByDeviceSQL),
            arguments: [user, idsJSON]
        )
        try forEachClusterState(attributes, user: user) { deviceId, endpoint, cluster, attributes in
            devices[deviceId]?.storeAttributes(attributes, of: cluster, endpoint: endpoint)
        }
        for device in devices.values { try RegistryRows.checkEndpoints(device, user: user) }
        return devices
    }

    /// Reads attribute rows and hands them to `body` one (device, endpoint, cluster) group at a time, so that each
    /// cluster's dictionary is built once instead of being reached through the device for every attribute. Rows
    /// come in primary-key order, so groups are whole; were they not, `body` merges.
    private static func forEachClusterState(
        _ rows: RowCursor,
        user: String,
        _ body: (String, Int, ClusterID, [String: AttributeValue]) -> Void
    ) throws {
        var deviceId = ""
        var endpoint = 0
        var cluster: ClusterID?
        var attributes: [String: AttributeValue] = [:]
        while let row = try rows.next() {
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
        _ row: Row,
        _ index: Int,
        _ column: String,
        user: String,
        device: String
    ) throws
        -> [String]
    {
        let json: String = row[index]
        guard let strings = StringArrayJSON.decode(json) else {
            throw RegistryRows.corrupt(user: user, device: device, "column \(column) is not a JSON array of strings")
        }
        return strings
    }

    /// A device row, with no endpoints yet (``storeEndpoint(_:number:user:)`` adds them).
    private static func decodeDevice(_ row: Row, user: String) throws -> Device {
        let id: String = row[0]
        var device = Device(
            id: id,
            name: row[1],
            nicknames: try strings(row, 2, "nicknames", user: user, device: id),
            room: row[3],
            basicInformation: BasicInformation(
                vendorName: row[4],
                vendorID: row[5],
                productName: row[6],
                productID: row[7],
                serialNumber: row[8],
                uniqueID: row[9],
                hardwareVersionString: row[10],
                softwareVersionString: row[11]
            ),
            otherDeviceIds: try strings(row, 12, "otherDeviceIds", user: user, device: id),
            endpoints: [],
            challenge: try RegistryRows.decodeChallenge(kind: row[13], pinHash: row[14], user: user, device: id)
        )
        device.notificationSupportedByAgent = row[15]
        device.structure = row[16]
        return device
    }

    private static func decodeEndpoint(_ row: Row, user: String) throws -> (String, Int, Endpoint) {
        let deviceId: String = row[0]
        let number: Int = row[1]
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
                throw RegistryRows.corrupt(user: user, device: deviceId, "unknown cluster \(name)")
            }
            clusters[cluster] = ClusterState()
        }
        return (deviceId, number, Endpoint(deviceTypes: deviceTypes, online: row[4], clusters: clusters))
    }

    private static func decodeAttribute(
        _ row: Row,
        user: String
    ) throws -> (deviceId: String, endpoint: Int, cluster: ClusterID, name: String, value: AttributeValue) {
        let deviceId: String = row[0]
        let endpoint: Int = row[1]
        let clusterName: String = row[2]
        let name: String = row[3]
        guard let cluster = ClusterID(rawValue: clusterName) else {
            throw RegistryRows.corrupt(user: user, device: deviceId, "unknown cluster \(clusterName)")
        }
        let type: String = row[4]
        let value: AttributeValue
        switch type {
        case "int": value = .int(row[5])
        case "bool": value = .bool((row[5] as Int64) != 0)
        case "string": value = .string(row[5])
        default:
            throw RegistryRows.corrupt(
                user: user,
                device: deviceId,
                "attribute \(clusterName).\(name) has type \(type)"
            )
        }
        return (deviceId, endpoint, cluster, name, value)
    }

    // MARK: Writing

    /// Inserts a new device (`position` given) or replaces every column but `position` of a stored one, then
    /// replaces its endpoints and attributes.
    static func writeDevice(_ db: Database, user: String, device: Device, newPosition position: Int64?) throws {
        let info = device.basicInformation
        let columns: [(any DatabaseValueConvertible)?] = [
            device.name, StringArrayJSON.encode(device.nicknames), device.room,
            info.vendorName, info.vendorID, info.productName, info.productID, info.serialNumber, info.uniqueID,
            info.hardwareVersionString, info.softwareVersionString, StringArrayJSON.encode(device.otherDeviceIds),
        ]
        let (challenge, pinHash) = try RegistryRows.challengeColumns(device, user: user)
        let challengeColumns: [(any DatabaseValueConvertible)?] = [
            challenge, pinHash, device.notificationSupportedByAgent, device.structure,
        ]
        if let position {
            let arguments: [(any DatabaseValueConvertible)?] = [user, device.id, position]
            try db.cachedStatement(sql: insertDeviceSQL).execute(
                arguments: StatementArguments(arguments + columns + challengeColumns)
            )
        } else {
            try db.cachedStatement(sql: replaceDeviceSQL)
                .execute(arguments: StatementArguments(columns + challengeColumns + [user, device.id]))
            // Attributes go with their endpoint (ON DELETE CASCADE).
            try db.cachedStatement(sql: "DELETE FROM endpoint WHERE userId = ? AND deviceId = ?")
                .execute(arguments: [user, device.id])
        }
        for (index, endpoint) in device.endpoints.enumerated() {
            let number = index + 1
            try db.cachedStatement(sql: insertEndpointSQL).execute(arguments: [
                user, device.id, number, StringArrayJSON.encode(endpoint.deviceTypes.map(\.rawValue)),
                RegistryRows.clustersJSON(endpoint), endpoint.online,
            ])
            for (cluster, state) in endpoint.clusters {
                for (name, value) in state.attributes {
                    try upsertAttribute(
                        db,
                        user: user,
                        device: device.id,
                        endpoint: number,
                        cluster: cluster,
                        name: name,
                        value: value
                    )
                }
            }
        }
    }

    /// Writes what changed between `old` and `new` in the cluster state and connectivity of the endpoints they
    /// share; nothing else.
    static func writeChanges(_ db: Database, user: String, from old: Device, to new: Device) throws {
        for index in old.endpoints.indices where index < new.endpoints.count {
            let number = index + 1
            let before = old.endpoints[index]
            let after = new.endpoints[index]
            if before.online != after.online {
                try db.cachedStatement(
                    sql: "UPDATE endpoint SET online = ? WHERE userId = ? AND deviceId = ? AND number = ?"
                )
                .execute(arguments: [after.online, user, old.id, number])
            }
            if Set(before.clusters.keys) != Set(after.clusters.keys) {
                try db.cachedStatement(
                    sql: "UPDATE endpoint SET clusters = ? WHERE userId = ? AND deviceId = ? AND number = ?"
                )
                .execute(arguments: [RegistryRows.clustersJSON(after), user, old.id, number])
            }
            for (cluster, state) in after.clusters {
                let oldState = before.clusters[cluster]
                for (name, value) in state.attributes where oldState?[name] != value {
                    try upsertAttribute(
                        db,
                        user: user,
                        device: old.id,
                        endpoint: number,
                        cluster: cluster,
                        name: name,
                        value: value
                    )
                }
            }
            for (cluster, state) in before.clusters {
                let newState = after.clusters[cluster]
                for name in state.attributes.keys where newState?[name] == nil {
                    try db.cachedStatement(
                        sql: """
                            DELETE FROM attribute WHERE userId = ? AND deviceId = ? AND endpoint = ? AND cluster = ? \
                            AND name = ?
                            """
                    )
                    .execute(arguments: [user, old.id, number, cluster.rawValue, name])
                }
            }
        }
    }

    private static func upsertAttribute(
        _ db: Database,
        user: String,
        device: String,
        endpoint: Int,
        cluster: ClusterID,
        name: String,
        value: AttributeValue
    ) throws {
        let type: String
        let stored: any DatabaseValueConvertible
        switch value {
        case .bool(let bool):
            type = "bool"
            stored = bool ? 1 : 0
        case .int(let int):
            type = "int"
            stored = int
        case .string(let string):
            type = "string"
            stored = string
        }
        // An EXECUTE changes attributes that exist: a plain UPDATE is one B-tree descent where the upsert's
        // insert-then-conflict path is two. Insert only when there was nothing to update.
        try db.cachedStatement(sql: updateAttributeSQL)
            .execute(arguments: [type, stored, user, device, endpoint, cluster.rawValue, name])
        if db.changesCount == 0 {
            try db.cachedStatement(sql: upsertAttributeSQL)
                .execute(arguments: [user, device, endpoint, cluster.rawValue, name, type, stored])
        }
    }

    private static let updateAttributeSQL =
        """
        UPDATE attribute SET type = ?, value = ? \
        WHERE userId = ? AND deviceId = ? AND endpoint = ? AND cluster = ? AND name = ?
        """

}

// MARK: - PIN attempts

extension SQLiteRegistry {
    private static let selectAttemptsSQL = """
        SELECT deviceId, failures, windowStart, lockedUntil FROM pin_attempt \
        WHERE userId = ? AND deviceId IN (SELECT value FROM json_each(?))
        """
    private static let upsertAttemptsSQL = """
        INSERT INTO pin_attempt (userId, deviceId, failures, windowStart, lockedUntil) VALUES (?, ?, ?, ?, ?) \
        ON CONFLICT (userId, deviceId) DO UPDATE SET failures = excluded.failures, \
        windowStart = excluded.windowStart, lockedUntil = excluded.lockedUntil
        """

    /// The wrong-PIN records of the given devices; a device without a row gets a clean record.
    static func fetchAttempts(_ db: Database, user: String, ids: [String]) throws -> [String: PINAttempts] {
        var attempts: [String: PINAttempts] = [:]
        for id in ids { attempts[id] = PINAttempts() }
        guard !ids.isEmpty else { return attempts }
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: selectAttemptsSQL),
            arguments: [user, StringArrayJSON.encode(ids)]
        )
        while let row = try rows.next() {
            let windowStart: Int64? = row[2]
            let lockedUntil: Int64? = row[3]
            attempts[row[0]] = PINAttempts(
                failures: row[1],
                windowStart: windowStart.map(UnixTime.init(seconds:)),
                lockedUntil: lockedUntil.map(UnixTime.init(seconds:))
            )
        }
        return attempts
    }

    /// Writes one device's record; a clean record deletes the row.
    static func writeAttempts(_ db: Database, user: String, device: String, _ attempts: PINAttempts) throws {
        if attempts.isClean {
            try db.cachedStatement(sql: "DELETE FROM pin_attempt WHERE userId = ? AND deviceId = ?")
                .execute(arguments: [user, device])
        } else {
            try db.cachedStatement(sql: upsertAttemptsSQL).execute(arguments: [
                user, device, attempts.failures, attempts.windowStart?.seconds, attempts.lockedUntil?.seconds,
            ])
        }
    }
}
