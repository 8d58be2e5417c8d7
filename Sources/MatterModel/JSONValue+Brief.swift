import JSON

extension JSONValue {
    /// How the value reads in a device file error message: `true`, `42`, `1.50`, `"text"`, `an array`, `an object`.
    var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .number(let text): return text
        case .string(let value): return "\"\(value)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
