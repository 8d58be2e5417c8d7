import GRDB
import JSON

/// One entry of the change log behind `/v1/changes`: what changed, for whom, as one JSON object in the device-file
/// vocabulary (Matter names and units). Written by ``SQLiteDeviceStore/recordChange(_:_:occurred:)`` inside the
/// transaction of the change it describes.
public struct ChangeRecord: Sendable, Hashable {
    /// The kinds of change, as the stream's `event:` names them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An EXECUTE Hearth carried out: the Matter command, its arguments and the attributes it changed.
        case command
        /// Attributes changed, and by whom (`google`, `api`, `cli`).
        case state
        /// A device added, replaced, renamed or removed.
        case device
        /// A user created, linked, unlinked or removed.
        case user
    }

    public var kind: Kind
    public var agentUserId: String
    public var deviceId: String?
    /// The event's body (`data:`), without the cursor and kind, which the log keeps beside it.
    public var data: JSONObject

    public init(kind: Kind, agentUserId: String, deviceId: String? = nil, data: JSONObject) {
        self.kind = kind
        self.agentUserId = agentUserId
        self.deviceId = deviceId
        self.data = data
    }
}

/// A change as the log holds it: its cursor and when it was committed.
public struct StoredChange: Sendable, Hashable {
    /// Strictly increasing, never reused.
    public var cursor: Int64
    /// Unix milliseconds.
    public var occurred: Int64
    public var record: ChangeRecord

    public init(cursor: Int64, occurred: Int64, record: ChangeRecord) {
        self.cursor = cursor
        self.occurred = occurred
        self.record = record
    }
}

extension SQLiteDeviceStore {
    /// Appends `change` to the log in the caller's write transaction; returns its cursor. Every write that changes
    /// what `/v1/changes` reports calls this inside its own transaction, so the change and its log entry commit or
    /// roll back together.
    @discardableResult
    static func recordChange(_ db: Database, _ change: ChangeRecord, occurred: Int64) throws -> Int64 {
        try db.cachedStatement(
            sql: "INSERT INTO change (occurred, kind, userId, deviceId, data) VALUES (?, ?, ?, ?, ?)"
        )
        .execute(arguments: [
            occurred, change.kind.rawValue, change.agentUserId, change.deviceId,
            String(decoding: JSONWriter.bytes(.object(change.data)), as: UTF8.self),
        ])
        return db.lastInsertedRowID
    }
}
