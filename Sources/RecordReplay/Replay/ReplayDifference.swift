import JSON

/// One way a replayed answer differs from the recorded one.
public struct ReplayDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where: a JSON path in the answer (`$.payload.devices.lamp.on`), or `HTTP status`.
    public var location: String
    /// The recorded value; `nil` when the recording has nothing there.
    public var expected: JSONValue?
    /// The replayed value; `nil` when the answer has nothing there.
    public var actual: JSONValue?
    /// Why, when it is more than a different value (`the request's requestId`).
    public var note: String?

    /// Creates a difference.
    public init(location: String, expected: JSONValue?, actual: JSONValue?, note: String? = nil) {
        self.location = location
        self.expected = expected
        self.actual = actual
        self.note = note
    }

    /// `$.payload.devices.lamp.on: expected true, got false`.
    public var description: String {
        let what =
            switch (expected, actual) {
            case (let expected?, let actual?): "expected \(expected), got \(actual)"
            case (let expected?, nil): "missing from the answer (expected \(expected))"
            case (nil, let actual?): "not in the recording (got \(actual))"
            case (nil, nil): "differs"
            }
        return "\(location): \(what)" + (note.map { " (\($0))" } ?? "")
    }
}
