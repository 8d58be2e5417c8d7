/// A JSON document as the device file reader sees it: booleans, integers and other numbers kept apart, object
/// members in file order.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number, as written (`1.5`, `1e3`, `99999999999999999999`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// How the value reads in an error message: `true`, `42`, `"text"`, `an array`, `an object`.
    var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let text): return text
        case .string(let value): return "\"\(value)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object: members in file order, keys unique (the reader refuses duplicates).
struct JSONObject: Sendable, Hashable {
    struct Member: Sendable, Hashable {
        var key: String
        var value: JSONValue
    }

    var members: [Member]

    init(_ members: [Member] = []) {
        self.members = members
    }

    /// The value of a key, or `nil` when absent.
    subscript(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// Adds or replaces a member.
    mutating func set(_ key: String, _ value: JSONValue) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key: key, value: value))
        }
    }
}
