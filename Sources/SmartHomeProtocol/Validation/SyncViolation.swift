/// One thing in a SYNC answer that Google would reject (or, from ``SyncValidator/warnings(in:)-(JSONObject)``, one
/// thing it would silently change; from ``SyncValidator/problems(in:)-(JSONObject)``, one thing it accepts but that
/// breaks a requirement of Google's documents, such as Matter dedup's `roomHint`).
public struct SyncViolation: Sendable, Hashable, CustomStringConvertible {
    /// The device's `id`, or `nil` when the id itself is missing or invalid, or the finding is about the payload.
    public var deviceId: String?
    /// Where the problem is, as a JSON path: inside the device (`attributes.availableFanSpeeds.speeds[0].speed_name`)
    /// for ``SyncValidator/violations(in:)-(JSONObject)``, inside the payload (`devices[2].id`) for
    /// ``SyncValidator/violations(inPayload:)``. Empty means the object itself.
    public var path: String
    /// What is wrong and why, for people.
    public var message: String

    /// Creates a finding.
    public init(deviceId: String?, path: String, message: String) {
        self.deviceId = deviceId
        self.path = path
        self.message = message
    }

    /// `device "<id>" <path>: <message>`.
    public var description: String {
        let device = deviceId.map { "device \"\($0)\"" } ?? "device ?"
        return path.isEmpty ? "\(device): \(message)" : "\(device) \(path): \(message)"
    }
}
