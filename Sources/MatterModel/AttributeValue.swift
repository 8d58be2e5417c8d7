/// One Matter attribute value as Hearth stores it: Matter's integer, boolean and string attribute types.
///
/// Matter transmits fixed-point quantities (hundredths of a degree, hundredths of a percent) as integers, so
/// there is no floating-point case.
public enum AttributeValue: Sendable, Hashable {
    /// A Matter `bool`.
    case bool(Bool)
    /// A Matter integer, enum or bitmap (`uint8`, `int16`, `enum8`, `bitmap16`, …).
    case int(Int)
    /// A Matter character string.
    case string(String)

    /// The integer value, or `nil` when this is not an integer.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The boolean value, or `nil` when this is not a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string value, or `nil` when this is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

extension AttributeValue: CustomStringConvertible {
    /// `true`, `42` or `"text"` (quoted), as error messages show values.
    public var description: String {
        switch self {
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        }
    }
}
