/// A JSON value.
///
/// Hearth parses and writes Google's intents with its own small JSON reader and writer instead of `Codable`:
/// on the request path JSON is where the time goes (see `notes/microhttpd-swift.md`), and trait states and
/// attributes are open-ended objects anyway. Integers and floating-point numbers are kept apart so that
/// `42` is written back as `42` and never as `42.0`.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// The member of an object, or `nil` when this is not an object or has no such key.
    public subscript(_ key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, or `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, or `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number as an integer when it is integral and fits, else `nil`.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            guard value.isFinite, value.rounded() == value, abs(value) < 9.0e18 else { return nil }
            return Int(value)
        default: return nil
        }
    }

    /// The number as a `Double`, or `nil` when this is not a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The elements, or `nil` when this is not an array.
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, or `nil` when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default:
            // Numbers compare by value, whatever their spelling (`1` == `1.0`).
            if let a = lhs.doubleValue, let b = rhs.doubleValue { return a == b }
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(Double(value))
        case .double(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSON: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String {
        String(decoding: JSONWriter.bytes(self), as: UTF8.self)
    }
}
