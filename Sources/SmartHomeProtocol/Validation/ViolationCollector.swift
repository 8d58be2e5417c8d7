import JSON

/// Gathers findings while one device (or payload) is walked. Paths are given from the object being validated.
struct ViolationCollector {
    /// The id every finding is filed under.
    var deviceId: String?
    /// Prepended to every path (`devices[3].` when a device is checked as part of a payload).
    var pathPrefix: String = ""
    /// Things Google rejects.
    private(set) var violations: [SyncViolation] = []
    /// Things Google accepts but changes or ignores.
    private(set) var warnings: [SyncViolation] = []
    /// Things Google accepts in the SYNC but that break something its documents require (Matter dedup's
    /// `roomHint`).
    private(set) var problems: [SyncViolation] = []

    init(deviceId: String?, pathPrefix: String = "") {
        self.deviceId = deviceId
        self.pathPrefix = pathPrefix
    }

    mutating func reject(_ path: String, _ message: String) {
        violations.append(SyncViolation(deviceId: deviceId, path: full(path), message: message))
    }

    mutating func warn(_ path: String, _ message: String) {
        warnings.append(SyncViolation(deviceId: deviceId, path: full(path), message: message))
    }

    mutating func problem(_ path: String, _ message: String) {
        problems.append(SyncViolation(deviceId: deviceId, path: full(path), message: message))
    }

    /// Adds findings gathered elsewhere, paths already complete.
    mutating func append(violations: [SyncViolation], warnings: [SyncViolation], problems: [SyncViolation] = []) {
        self.violations += violations
        self.warnings += warnings
        self.problems += problems
    }

    private func full(_ path: String) -> String {
        guard !pathPrefix.isEmpty else { return path }
        return path.isEmpty ? String(pathPrefix.dropLast()) : pathPrefix + path
    }
}

extension JSONValue {
    /// The JSON kind, for messages ("found a string").
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
