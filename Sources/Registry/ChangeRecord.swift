import JSON

/// One entry of the change log behind `/v1/changes`: what changed, for whom, as one JSON object in the device-file
/// vocabulary (Matter names and units). Written by ``SQLRegistry/recordChange(_:_:occurred:)`` inside the
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
