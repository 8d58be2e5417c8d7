import JSON

// Set-based statements for a bulk transaction (``SQLRegistry/applyStateInBulk(_:allOrNothing:)``): one statement per
// table for many rows, instead of one per row. A list of rows is sent as a `VALUES` list in a common table
// expression, which both engines understand, bound as ordinary parameters. So that each statement is prepared once,
// lists are sent in chunks of a few fixed sizes (``BulkValues/sizes``), the last padded with rows of `NULL`s that
// every statement skips (`NULL` matches no key and is filtered out before an insert).

/// How lists of rows are cut into `VALUES` lists of fixed sizes.
enum BulkValues {
    /// The row counts a statement is built for, smallest first. A list is sent in chunks of the largest; what
    /// remains is padded up to the smallest size that holds it. The largest stays well under both engines' limits
    /// on parameters (SQLite 32,766, PostgreSQL 65,535) with the widest row (7 columns).
    static let sizes = [8, 64, 512]

    /// `count` rows as chunks: the range of rows each holds, and the size of the statement it goes in.
    static func chunks(_ count: Int) -> [(rows: Range<Int>, size: Int)] {
        let largest = sizes[sizes.count - 1]
        var chunks: [(rows: Range<Int>, size: Int)] = []
        var start = 0
        while start < count {
            let rows = min(largest, count - start)
            let size = sizes.first { $0 >= rows } ?? largest
            chunks.append((start..<(start + rows), size))
            start += rows
        }
        return chunks
    }

    /// `WITH name(columns) AS (VALUES (?, …), …)`: `size` rows of `columns.count` parameters.
    static func with(_ name: String, _ columns: [String], size: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "WITH \(name)(\(columns.joined(separator: ", "))) AS (VALUES "
            + Array(repeating: row, count: size).joined(separator: ", ") + ") "
    }

    /// A statement for each size, built once.
    static func statements(_ build: (Int) -> String) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: sizes.map { ($0, build($0)) })
    }

    /// The parameters of one chunk: each row's `columns` values, then rows of `NULL`s up to `size`.
    static func arguments(_ values: [SQLValue], columns: Int, rows: Int, size: Int) -> [SQLValue] {
        values + Array(repeating: .null, count: (size - rows) * columns)
    }
}

/// The statements, one text per chunk size.
enum BulkSQL {
    /// Devices by (user, id) key: the columns ``SQLRegistry``'s single-user read has, then `userId`.
    static let selectDevices = BulkValues.statements { size in
        BulkValues.with("k", ["ku", "kd"], size: size)
            + """
            SELECT id, name, nicknames, room, vendorName, vendorID, productName, productID, serialNumber, uniqueID, \
            hardwareVersionString, softwareVersionString, otherDeviceIds, challenge, pinHash, \
            notificationSupportedByAgent, structure, userId FROM k JOIN device ON userId = ku AND id = kd
            """
    }
    static let selectEndpoints = BulkValues.statements { size in
        BulkValues.with("k", ["ku", "kd"], size: size)
            + "SELECT deviceId, number, deviceTypes, clusters, online, userId FROM k "
            + "JOIN endpoint ON userId = ku AND deviceId = kd"
    }
    static let selectAttributes = BulkValues.statements { size in
        BulkValues.with("k", ["ku", "kd"], size: size)
            + "SELECT deviceId, endpoint, cluster, name, type, value, userId FROM k "
            + "JOIN attribute ON userId = ku AND deviceId = kd ORDER BY userId, deviceId, endpoint, cluster"
    }
    static let attributeColumns = ["ku", "kd", "ke", "kc", "kn", "kt", "kv"]
    /// Changes the attributes that exist; how many it changed tells whether any was missing.
    static let updateAttributes = BulkValues.statements { size in
        BulkValues.with("k", attributeColumns, size: size)
            + "UPDATE attribute SET type = kt, value = kv FROM k "
            + "WHERE userId = ku AND deviceId = kd AND endpoint = CAST(ke AS INTEGER) AND cluster = kc AND name = kn"
    }
    /// Inserts or replaces: for a chunk with an attribute that did not exist.
    static let upsertAttributes = BulkValues.statements { size in
        BulkValues.with("k", attributeColumns, size: size)
            + "INSERT INTO attribute (userId, deviceId, endpoint, cluster, name, type, value) "
            + "SELECT ku, kd, CAST(ke AS INTEGER), kc, kn, kt, kv FROM k WHERE ku IS NOT NULL "
            + "ON CONFLICT (userId, deviceId, endpoint, cluster, name) "
            + "DO UPDATE SET type = excluded.type, value = excluded.value"
    }
    /// Appends changes in the order of their first column (`ko`); the last parameter is when they occurred.
    static let insertChanges = BulkValues.statements { size in
        BulkValues.with("k", ["ko", "kk", "ku", "kd", "kx"], size: size)
            + "INSERT INTO change (occurred, kind, userId, deviceId, data) "
            + "SELECT CAST(? AS BIGINT), kk, ku, kd, kx FROM k WHERE kk IS NOT NULL ORDER BY CAST(ko AS INTEGER)"
    }
    /// Queues state reports under the same conditions as one device's (reporting on, the user linked); the last
    /// parameter is when they were queued.
    static let queueReports = BulkValues.statements { size in
        BulkValues.with("k", ["ku", "kd"], size: size)
            + "INSERT INTO outbox_report (userId, deviceId, enqueued) SELECT ku, kd, CAST(? AS BIGINT) FROM k "
            + "WHERE ku IS NOT NULL AND coalesce((SELECT reporting FROM homegraph_setting WHERE id = 1), FALSE) "
            + "AND NOT EXISTS (SELECT 1 FROM homegraph_user WHERE homegraph_user.userId = ku AND unlinked) "
            + "ON CONFLICT (userId, deviceId) DO UPDATE SET seq = outbox_report.seq + 1"
    }
}

extension SQLRegistry {
    /// Appends `changes` to the log in the caller's write transaction, in the order given: ``recordChange(_:_:occurred:)``
    /// for many, one statement per chunk.
    package static func recordChanges(_ c: Engine.Connection, _ changes: [ChangeRecord], occurred: Int64) throws {
        for chunk in BulkValues.chunks(changes.count) {
            var values: [SQLValue] = []
            values.reserveCapacity(chunk.size * 5 + 1)
            for index in chunk.rows {
                let change = changes[index]
                values += [
                    .int(Int64(index)), .text(change.kind.rawValue), .text(change.agentUserId),
                    SQLValue(change.deviceId),
                    .text(String(decoding: JSONWriter.bytes(.object(change.data)), as: UTF8.self)),
                ]
            }
            let arguments =
                BulkValues.arguments(values, columns: 5, rows: chunk.rows.count, size: chunk.size) + [.int(occurred)]
            try c.execute(BulkSQL.insertChanges[chunk.size] ?? "", arguments)
        }
    }

    /// Queues a state report for each (user, device), each pair at most once: ``queueReport(_:user:device:now:)``
    /// for many. Whether any row was written or bumped.
    package static func queueReports(
        _ c: Engine.Connection,
        _ devices: [(user: String, device: String)],
        now: Int64
    ) throws -> Bool {
        var queued = false
        for chunk in BulkValues.chunks(devices.count) {
            var values: [SQLValue] = []
            values.reserveCapacity(chunk.size * 2 + 1)
            for index in chunk.rows { values += [.text(devices[index].user), .text(devices[index].device)] }
            let arguments =
                BulkValues.arguments(values, columns: 2, rows: chunk.rows.count, size: chunk.size) + [.int(now)]
            queued = try c.execute(BulkSQL.queueReports[chunk.size] ?? "", arguments) > 0 || queued
        }
        return queued
    }
}
