/// Why a value is not one of its Matter type (``MatterValueType``): where in the value, and the reason, which
/// always names the type: `300 is outside 0…254 (uint8)`, `expected a list of ModeOptionStruct, got 3`,
/// `missing field Mode (ModeOptionStruct)`, `5 is not a value of OperationalStateEnum`.
public struct MatterValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the wrong part is, relative to the value read: `""` for the value itself, `"[2]"` for a list's third
    /// element, `"[2].Label"` for that element's field `Label`.
    public var path: String
    /// What is wrong, naming the Matter type.
    public var reason: String

    /// An error at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `reason`, preceded by `path: ` when the path is not empty (`[2].Label: "…" is longer than 64 bytes
    /// (string)`).
    public var description: String {
        path.isEmpty ? reason : "\(path): \(reason)"
    }
}
