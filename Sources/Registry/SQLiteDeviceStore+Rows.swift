import GRDB
import MatterModel

// Reading and writing devices and attributes. Every statement is a cached prepared statement of the connection
// it runs on; a user's (or a QUERY's) attributes come in one query, not one per device.

extension SQLiteDeviceStore {
    private static let deviceSelect = """
        SELECT id, name, nicknames, room, deviceTypes, clusters, vendorName, vendorID, productName, productID, \
        serialNumber, uniqueID, hardwareVersionString, softwareVersionString, otherDeviceIds, online FROM device
        """
    private static let selectUserDevicesSQL = deviceSelect + " WHERE userId = ? ORDER BY position"
    private static let selectUserDevicesByIdSQL =
        deviceSelect + " WHERE userId = ? AND id IN (SELECT value FROM json_each(?))"
    private static let selectUserAttributesSQL =
        "SELECT deviceId, cluster, name, type, value FROM attribute WHERE userId = ?"
    private static let selectUserAttributesByDeviceSQL = """
        SELECT deviceId, cluster, name, type, value FROM attribute \
        WHERE userId = ? AND deviceId IN (SELECT value FROM json_each(?))
        """
    private static let insertDeviceSQL = """
        INSERT INTO device (userId, id, position, name, nicknames, room, deviceTypes, clusters, vendorName, \
        vendorID, productName, productID, serialNumber, uniqueID, hardwareVersionString, softwareVersionString, \
        otherDeviceIds, online) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    private static let replaceDeviceSQL = """
        UPDATE device SET name = ?, nicknames = ?, room = ?, deviceTypes = ?, clusters = ?, vendorName = ?, \
        vendorID = ?, productName = ?, productID = ?, serialNumber = ?, uniqueID = ?, hardwareVersionString = ?, \
        softwareVersionString = ?, otherDeviceIds = ?, online = ? WHERE userId = ? AND id = ?
        """
    private static let upsertAttributeSQL = """
        INSERT INTO attribute (userId, deviceId, cluster, name, type, value) VALUES (?, ?, ?, ?, ?, ?) \
        ON CONFLICT (userId, deviceId, cluster, name) DO UPDATE SET type = excluded.type, value = excluded.value
        """

    // MARK: Reading

    /// All devices of a user, in import order, with their cluster state.
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
        let attributes = try Row.fetchCursor(db.cachedStatement(sql: selectUserAttributesSQL), arguments: [user])
        try forEachClusterState(attributes, user: user) { deviceId, cluster, attributes in
            guard let index = indexById[deviceId] else { return }
            devices[index].storeAttributes(attributes, of: cluster)
        }
        return devices
    }

    /// The user's devices among `ids`, keyed by id, with their cluster state.
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
        let attributes = try Row.fetchCursor(
            db.cachedStatement(sql: selectUserAttributesByDeviceSQL),
            arguments: [user, idsJSON]
        )
        try forEachClusterState(attributes, user: user) { deviceId, cluster, attributes in
            devices[deviceId]?.storeAttributes(attributes, of: cluster)
        }
        return devices
    }

    /// Reads attribute rows and hands them to `body` one (device, cluster) group at a time, so that each cluster's
    /// dictionary is built once instead of being reached through the device for every attribute. Rows come in
    /// primary-key order, so groups are whole; were they not, `body` merges.
    private static func forEachClusterState(
        _ rows: RowCursor,
        user: String,
        _ body: (String, ClusterID, [String: AttributeValue]) -> Void
    ) throws {
        var deviceId = ""
        var cluster: ClusterID?
        var attributes: [String: AttributeValue] = [:]
        while let row = try rows.next() {
            let attribute = try decodeAttribute(row, user: user)
            if attribute.cluster != cluster || attribute.deviceId != deviceId {
                if let cluster { body(deviceId, cluster, attributes) }
                deviceId = attribute.deviceId
                cluster = attribute.cluster
                attributes = [:]
            }
            attributes[attribute.name] = attribute.value
        }
        if let cluster { body(deviceId, cluster, attributes) }
    }

    private static func decodeDevice(_ row: Row, user: String) throws -> Device {
        let id: String = row[0]
        func strings(_ index: Int, _ column: String) throws -> [String] {
            let json: String = row[index]
            guard let strings = StringArrayJSON.decode(json) else {
                throw corrupt(user: user, device: id, "column \(column) is not a JSON array of strings")
            }
            return strings
        }
        var deviceTypes: [DeviceType] = []
        for name in try strings(4, "deviceTypes") {
            guard let type = DeviceType(rawValue: name) else {
                throw corrupt(user: user, device: id, "unknown device type \(name)")
            }
            deviceTypes.append(type)
        }
        var clusters: [ClusterID: ClusterState] = [:]
        for name in try strings(5, "clusters") {
            guard let cluster = ClusterID(rawValue: name) else {
                throw corrupt(user: user, device: id, "unknown cluster \(name)")
            }
            clusters[cluster] = ClusterState()
        }
        return Device(
            id: id,
            name: row[1],
            nicknames: try strings(2, "nicknames"),
            room: row[3],
            deviceTypes: deviceTypes,
            basicInformation: BasicInformation(
                vendorName: row[6],
                vendorID: row[7],
                productName: row[8],
                productID: row[9],
                serialNumber: row[10],
                uniqueID: row[11],
                hardwareVersionString: row[12],
                softwareVersionString: row[13]
            ),
            otherDeviceIds: try strings(14, "otherDeviceIds"),
            online: row[15],
            clusters: clusters
        )
    }

    private static func decodeAttribute(
        _ row: Row,
        user: String
    ) throws -> (deviceId: String, cluster: ClusterID, name: String, value: AttributeValue) {
        let deviceId: String = row[0]
        let clusterName: String = row[1]
        let name: String = row[2]
        guard let cluster = ClusterID(rawValue: clusterName) else {
            throw corrupt(user: user, device: deviceId, "unknown cluster \(clusterName)")
        }
        let type: String = row[3]
        let value: AttributeValue
        switch type {
        case "int": value = .int(row[4])
        case "bool": value = .bool((row[4] as Int64) != 0)
        case "string": value = .string(row[4])
        default: throw corrupt(user: user, device: deviceId, "attribute \(clusterName).\(name) has type \(type)")
        }
        return (deviceId, cluster, name, value)
    }

    private static func corrupt(user: String, device: String, _ what: String) -> RegistryError {
        RegistryError(code: .corruptData, message: "user \(user), device \(device): \(what)")
    }

    // MARK: Writing

    /// Inserts a new device (`position` given) or replaces every column but `position` of a stored one, then
    /// replaces its attributes.
    static func writeDevice(_ db: Database, user: String, device: Device, newPosition position: Int64?) throws {
        let info = device.basicInformation
        let columns: [(any DatabaseValueConvertible)?] = [
            device.name, StringArrayJSON.encode(device.nicknames), device.room,
            StringArrayJSON.encode(device.deviceTypes.map(\.rawValue)), clustersJSON(device),
            info.vendorName, info.vendorID, info.productName, info.productID, info.serialNumber, info.uniqueID,
            info.hardwareVersionString, info.softwareVersionString,
            StringArrayJSON.encode(device.otherDeviceIds), device.online,
        ]
        if let position {
            let arguments: [(any DatabaseValueConvertible)?] = [user, device.id, position]
            try db.cachedStatement(sql: insertDeviceSQL).execute(arguments: StatementArguments(arguments + columns))
        } else {
            try db.cachedStatement(sql: replaceDeviceSQL)
                .execute(arguments: StatementArguments(columns + [user, device.id]))
            try db.cachedStatement(sql: "DELETE FROM attribute WHERE userId = ? AND deviceId = ?")
                .execute(arguments: [user, device.id])
        }
        for (cluster, state) in device.clusters {
            for (name, value) in state.attributes {
                try upsertAttribute(db, user: user, device: device.id, cluster: cluster, name: name, value: value)
            }
        }
    }

    /// Writes what changed between `old` and `new` in cluster state and connectivity; nothing else.
    static func writeChanges(_ db: Database, user: String, from old: Device, to new: Device) throws {
        if old.online != new.online {
            try db.cachedStatement(sql: "UPDATE device SET online = ? WHERE userId = ? AND id = ?")
                .execute(arguments: [new.online, user, old.id])
        }
        if Set(old.clusters.keys) != Set(new.clusters.keys) {
            try db.cachedStatement(sql: "UPDATE device SET clusters = ? WHERE userId = ? AND id = ?")
                .execute(arguments: [clustersJSON(new), user, old.id])
        }
        for (cluster, state) in new.clusters {
            let oldState = old.clusters[cluster]
            for (name, value) in state.attributes where oldState?[name] != value {
                try upsertAttribute(db, user: user, device: old.id, cluster: cluster, name: name, value: value)
            }
        }
        for (cluster, state) in old.clusters {
            let newState = new.clusters[cluster]
            for name in state.attributes.keys where newState?[name] == nil {
                try db.cachedStatement(
                    sql: "DELETE FROM attribute WHERE userId = ? AND deviceId = ? AND cluster = ? AND name = ?"
                )
                .execute(arguments: [user, old.id, cluster.rawValue, name])
            }
        }
    }

    private static func upsertAttribute(
        _ db: Database,
        user: String,
        device: String,
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
            .execute(arguments: [type, stored, user, device, cluster.rawValue, name])
        if db.changesCount == 0 {
            try db.cachedStatement(sql: upsertAttributeSQL)
                .execute(arguments: [user, device, cluster.rawValue, name, type, stored])
        }
    }

    private static let updateAttributeSQL =
        "UPDATE attribute SET type = ?, value = ? WHERE userId = ? AND deviceId = ? AND cluster = ? AND name = ?"

    private static func clustersJSON(_ device: Device) -> String {
        StringArrayJSON.encode(device.clusters.keys.sorted().map(\.rawValue))
    }
}

extension Device {
    /// Adds a cluster's attributes read from the database; a plain assignment in the usual case of a cluster
    /// that has none yet.
    fileprivate mutating func storeAttributes(_ attributes: [String: AttributeValue], of cluster: ClusterID) {
        if let existing = clusters[cluster], !existing.attributes.isEmpty {
            clusters[cluster]?.attributes.merge(attributes) { _, new in new }
        } else {
            clusters[cluster] = ClusterState(attributes)
        }
    }
}
