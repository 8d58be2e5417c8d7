import Clocks
import MatterModel
import PostgreSQL
import Registry

// Reading and writing devices, endpoints, attributes and PIN records on PostgreSQL: the same columns and the same
// decoding rules as SQLite's (`SQLiteRegistry+Rows.swift`, whose checks are reused), three queries per read.

extension PostgreSQLRegistry {
    private static let deviceSelect = """
        SELECT id, name, nicknames, room, vendorName, vendorID, productName, productID, serialNumber, uniqueID, \
        hardwareVersionString, softwareVersionString, otherDeviceIds, challenge, pinHash, \
        notificationSupportedByAgent, structure FROM device
        """

    /// A PostgreSQL `text[]` literal of `strings`, sent as one parameter (`= ANY($n::text[])`).
    static func textArray(_ strings: [String]) -> PostgreSQLValue {
        var literal = "{"
        for (index, string) in strings.enumerated() {
            if index > 0 { literal += "," }
            literal += "\""
            for character in string {
                if character == "\"" || character == "\\" { literal.append("\\") }
                literal.append(character)
            }
            literal += "\""
        }
        return .text(literal + "}")
    }

    /// All devices of a user, in import order, with their endpoints and cluster state.
    static func fetchDevices(_ c: PostgreSQLConnection, user: String) throws -> [Device] {
        let rows = try c.query(deviceSelect + " WHERE userId = $1 ORDER BY position", [.text(user)]).rows
        guard !rows.isEmpty else { return [] }
        var devices: [Device] = []
        var indexById: [String: Int] = [:]
        for row in rows {
            let device = try decodeDevice(row, user: user)
            indexById[device.id] = devices.count
            devices.append(device)
        }
        let endpoints = try c.query(
            "SELECT deviceId, number, deviceTypes, clusters, online FROM endpoint WHERE userId = $1",
            [.text(user)]
        )
        for row in endpoints.rows {
            let (deviceId, number, endpoint) = try decodeEndpoint(row, user: user)
            guard let index = indexById[deviceId] else { continue }
            try devices[index].storeEndpoint(endpoint, number: number, user: user)
        }
        let attributes = try c.query(
            "SELECT deviceId, endpoint, cluster, name, type, value FROM attribute WHERE userId = $1 "
                + "ORDER BY deviceId, endpoint, cluster",
            [.text(user)]
        )
        for row in attributes.rows {
            let (deviceId, endpoint, cluster, name, value) = try decodeAttribute(row, user: user)
            guard let index = indexById[deviceId] else { continue }
            devices[index].storeAttributes([name: value], of: cluster, endpoint: endpoint)
        }
        for device in devices { try RegistryRows.checkEndpoints(device, user: user) }
        return devices
    }

    /// The user's devices among `ids`, keyed by id.
    static func fetchDevices(_ c: PostgreSQLConnection, user: String, ids: [String]) throws -> [String: Device] {
        guard !ids.isEmpty else { return [:] }
        var found: [String: Device] = [:]
        for device in try fetchDevices(c, user: user) where ids.contains(device.id) { found[device.id] = device }
        return found
    }

    private static func strings(
        _ row: PostgreSQLRow,
        _ index: Int,
        _ column: String,
        user: String,
        device: String
    )
        throws -> [String]
    {
        guard let strings = StringArrayJSON.decode(try row.string(index)) else {
            throw RegistryRows.corrupt(
                user: user,
                device: device,
                "column \(column) is not a JSON array of strings"
            )
        }
        return strings
    }

    private static func decodeDevice(_ row: PostgreSQLRow, user: String) throws -> Device {
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

    private static func decodeEndpoint(_ row: PostgreSQLRow, user: String) throws -> (String, Int, Endpoint) {
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
                throw RegistryRows.corrupt(user: user, device: deviceId, "unknown cluster \(name)")
            }
            clusters[cluster] = ClusterState()
        }
        return (deviceId, number, Endpoint(deviceTypes: deviceTypes, online: try row.bool(4), clusters: clusters))
    }

    private static func decodeAttribute(
        _ row: PostgreSQLRow,
        user: String
    ) throws -> (deviceId: String, endpoint: Int, cluster: ClusterID, name: String, value: AttributeValue) {
        let deviceId = try row.string(0)
        let clusterName = try row.string(2)
        let name = try row.string(3)
        guard let cluster = ClusterID(rawValue: clusterName) else {
            throw RegistryRows.corrupt(user: user, device: deviceId, "unknown cluster \(clusterName)")
        }
        let type = try row.string(4)
        let text = try row.string(5)
        let value: AttributeValue
        switch (type, Int(text)) {
        case ("int", let int?): value = .int(int)
        case ("bool", let int?): value = .bool(int != 0)
        case ("string", _): value = .string(text)
        default:
            throw RegistryRows.corrupt(
                user: user,
                device: deviceId,
                "attribute \(clusterName).\(name) has type \(type) and value \(text)"
            )
        }
        return (deviceId, try row.int(1), cluster, name, value)
    }

    // MARK: Writing

    /// Inserts a new device (`position` given) or replaces every column but `position` of a stored one, then
    /// replaces its endpoints and attributes.
    static func writeDevice(
        _ c: PostgreSQLConnection,
        user: String,
        device: Device,
        newPosition position: Int64?
    )
        throws
    {
        let info = device.basicInformation
        let (challenge, pinHash) = try RegistryRows.challengeColumns(device, user: user)
        let columns: [PostgreSQLValue] = [
            .text(device.name), .text(StringArrayJSON.encode(device.nicknames)), PostgreSQLValue(device.room),
            PostgreSQLValue(info.vendorName), PostgreSQLValue(info.vendorID), PostgreSQLValue(info.productName),
            PostgreSQLValue(info.productID), PostgreSQLValue(info.serialNumber), PostgreSQLValue(info.uniqueID),
            PostgreSQLValue(info.hardwareVersionString), PostgreSQLValue(info.softwareVersionString),
            .text(StringArrayJSON.encode(device.otherDeviceIds)), .text(challenge), PostgreSQLValue(pinHash),
            .bool(device.notificationSupportedByAgent), PostgreSQLValue(device.structure),
        ]
        if let position {
            try c.query(
                """
                INSERT INTO device (name, nicknames, room, vendorName, vendorID, productName, productID, serialNumber, \
                uniqueID, hardwareVersionString, softwareVersionString, otherDeviceIds, challenge, pinHash, \
                notificationSupportedByAgent, structure, userId, id, position) \
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
                """,
                columns + [.text(user), .text(device.id), .int(position)]
            )
        } else {
            try c.query(
                """
                UPDATE device SET name = $1, nicknames = $2, room = $3, vendorName = $4, vendorID = $5, \
                productName = $6, productID = $7, serialNumber = $8, uniqueID = $9, hardwareVersionString = $10, \
                softwareVersionString = $11, otherDeviceIds = $12, challenge = $13, pinHash = $14, \
                notificationSupportedByAgent = $15, structure = $16 WHERE userId = $17 AND id = $18
                """,
                columns + [.text(user), .text(device.id)]
            )
            try c.query("DELETE FROM endpoint WHERE userId = $1 AND deviceId = $2", [.text(user), .text(device.id)])
        }
        for (index, endpoint) in device.endpoints.enumerated() {
            let number = index + 1
            try c.query(
                "INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online) "
                    + "VALUES ($1, $2, $3, $4, $5, $6)",
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
    static func writeChanges(_ c: PostgreSQLConnection, user: String, from old: Device, to new: Device) throws {
        for index in old.endpoints.indices where index < new.endpoints.count {
            let number = Int64(index + 1)
            let before = old.endpoints[index]
            let after = new.endpoints[index]
            if before.online != after.online {
                try c.query(
                    "UPDATE endpoint SET online = $1 WHERE userId = $2 AND deviceId = $3 AND number = $4",
                    [.bool(after.online), .text(user), .text(old.id), .int(number)]
                )
            }
            if Set(before.clusters.keys) != Set(after.clusters.keys) {
                try c.query(
                    "UPDATE endpoint SET clusters = $1 WHERE userId = $2 AND deviceId = $3 AND number = $4",
                    [.text(RegistryRows.clustersJSON(after)), .text(user), .text(old.id), .int(number)]
                )
            }
            for (cluster, state) in after.clusters {
                let oldState = before.clusters[cluster]
                for (name, value) in state.attributes where oldState?[name] != value {
                    try upsertAttribute(c, user: user, device: old.id, endpoint: index + 1, cluster, name, value)
                }
            }
            for (cluster, state) in before.clusters {
                let newState = after.clusters[cluster]
                for name in state.attributes.keys where newState?[name] == nil {
                    try c.query(
                        "DELETE FROM attribute WHERE userId = $1 AND deviceId = $2 AND endpoint = $3 "
                            + "AND cluster = $4 AND name = $5",
                        [.text(user), .text(old.id), .int(number), .text(cluster.rawValue), .text(name)]
                    )
                }
            }
        }
    }

    private static func upsertAttribute(
        _ c: PostgreSQLConnection,
        user: String,
        device: String,
        endpoint: Int,
        _ cluster: ClusterID,
        _ name: String,
        _ value: AttributeValue
    ) throws {
        let type: String
        let text: String
        switch value {
        case .bool(let bool): (type, text) = ("bool", bool ? "1" : "0")
        case .int(let int): (type, text) = ("int", String(int))
        case .string(let string): (type, text) = ("string", string)
        }
        try c.query(
            """
            INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) \
            VALUES ($1, $2, $3, $4, $5, $6, $7) \
            ON CONFLICT (userId, deviceId, endpoint, cluster, name) \
            DO UPDATE SET type = excluded.type, value = excluded.value
            """,
            [
                .text(user), .text(device), .int(Int64(endpoint)), .text(cluster.rawValue), .text(name), .text(type),
                .text(text),
            ]
        )
    }

    // MARK: PIN attempts

    /// The wrong-PIN records of the given devices; a device without a row gets a clean record.
    static func fetchAttempts(_ c: PostgreSQLConnection, user: String, ids: [String]) throws -> [String: PINAttempts] {
        var attempts: [String: PINAttempts] = [:]
        for id in ids { attempts[id] = PINAttempts() }
        guard !ids.isEmpty else { return attempts }
        let rows = try c.query(
            "SELECT deviceId, failures, windowStart, lockedUntil FROM pin_attempt "
                + "WHERE userId = $1 AND deviceId = ANY($2::text[])",
            [.text(user), textArray(ids)]
        ).rows
        for row in rows {
            attempts[try row.string(0)] = PINAttempts(
                failures: try row.int(1),
                windowStart: try row.optionalInt64(2).map(UnixTime.init(seconds:)),
                lockedUntil: try row.optionalInt64(3).map(UnixTime.init(seconds:))
            )
        }
        return attempts
    }

    /// Writes one device's record; a clean record deletes the row.
    static func writeAttempts(_ c: PostgreSQLConnection, user: String, device: String, _ attempts: PINAttempts) throws {
        if attempts.isClean {
            try c.query("DELETE FROM pin_attempt WHERE userId = $1 AND deviceId = $2", [.text(user), .text(device)])
        } else {
            try c.query(
                """
                INSERT INTO pin_attempt (userId, deviceId, failures, windowStart, lockedUntil) \
                VALUES ($1, $2, $3, $4, $5) ON CONFLICT (userId, deviceId) DO UPDATE SET \
                failures = excluded.failures, windowStart = excluded.windowStart, lockedUntil = excluded.lockedUntil
                """,
                [
                    .text(user), .text(device), .int(Int64(attempts.failures)),
                    PostgreSQLValue(attempts.windowStart?.seconds), PostgreSQLValue(attempts.lockedUntil?.seconds),
                ]
            )
        }
    }
}
