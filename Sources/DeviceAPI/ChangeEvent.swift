import JSON
import MatterModel
import Registry

/// How the change log appears on `/v1/changes`: one JSON object per change, and Server-Sent Events frames.
///
/// A change is `{"cursor": N, "kind": "command", "agentUserId": "…", "deviceId": "…", "occurred":
/// "2026-11-24T02:25:00.123Z", …the record's data members…}` (no `deviceId` for a `user` change).
enum ChangeEvent {
    /// The event's JSON object.
    static func object(_ change: StoredChange) -> JSONObject {
        var object = JSONObject()
        object.reserveCapacity(change.record.data.count + 5)
        object.append("cursor", .int(Int(change.cursor)))
        object.append("kind", .string(change.record.kind.rawValue))
        object.append("agentUserId", .string(change.record.agentUserId))
        if let deviceId = change.record.deviceId { object.append("deviceId", .string(deviceId)) }
        object.append("occurred", .string(rfc3339(unixMilliseconds: change.occurred)))
        for (key, value) in change.record.data where object[key] == nil { object.append(key, value) }
        return object
    }

    /// One user's devices as of `cursor`: the `data` of a `snapshot` event.
    static func snapshotObject(_ user: ChangeSnapshot.User, cursor: Int64) -> JSONObject {
        JSONObject([
            ("cursor", .int(Int(cursor))),
            ("agentUserId", .string(user.agentUserId)),
            ("devices", .array(user.devices.map { .object($0.jsonObject) })),
        ])
    }

    /// `id: N`, `event: kind`, `data: {…}` and the blank line that ends the event. The JSON writer escapes line
    /// breaks inside strings, so the data is one line.
    static func frame(id: Int64, event: String, data: JSONObject) -> [UInt8] {
        var bytes = Array("id: \(id)\nevent: \(event)\ndata: ".utf8)
        bytes.append(contentsOf: JSONWriter.bytes(.object(data)))
        bytes.append(contentsOf: "\n\n".utf8)
        return bytes
    }

    /// The SSE frame of a change.
    static func frame(_ change: StoredChange) -> [UInt8] {
        frame(id: change.cursor, event: change.record.kind.rawValue, data: object(change))
    }

    /// A comment line: keeps proxies and clients from timing the stream out, and shows Hearth a client that left.
    static let heartbeat = Array(": heartbeat\n\n".utf8)

    /// RFC 3339 in UTC with milliseconds: `2026-11-24T02:25:00.123Z`.
    static func rfc3339(unixMilliseconds: Int64) -> String {
        let (seconds, milliseconds) = floorDivision(unixMilliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(width - text.count, 0)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(milliseconds, 3))Z"
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
