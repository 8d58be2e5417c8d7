/// A JSON value: what ``JSONParser`` reads and ``JSONWriter`` writes.
///
/// Hearth reads and writes JSON (Google's intents, device files, the configuration file, HomeGraph calls, token
/// answers) with this one small byte-level reader and writer instead of `Codable`: on the request path JSON is where
/// the time goes, and trait states and attributes are open-ended objects anyway. Integers and other numbers are kept
/// apart so that `42` is written back as `42` and never as `42.0`, and booleans are never numbers.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number, read as the nearest `Double` (``JSONParser/Options/Numbers/double``).
    case double(Double)
    /// Any other number, kept as written (`1.50`, `1e3`, `99999999999999999999`): what
    /// ``JSONParser/Options/Numbers/lossless`` reads, so that a message can quote it. Written back as it is.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member of an object, or `nil` when this is not an object or has no such key.
    public subscript(_ key: String) -> JSONValue? {
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
        case .number(let text):
            return JSONValue.double(Double(text) ?? .nan).intValue
        default: return nil
        }
    }

    /// The number as a `Double`, or `nil` when this is not a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .number(let text): return Double(text)
        default: return nil
        }
    }

    /// The elements, or `nil` when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, or `nil` when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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
        case .number(let text): hasher.combine(Double(text) ?? .nan)
        case .string(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String {
        String(decoding: JSONWriter.bytes(self), as: UTF8.self)
    }
}
