import JSON

/// The shape Google's trait pages document for one JSON value in a SYNC device's `attributes`.
///
/// A deliberately small schema language: Google's "Type" column (Boolean, Integer, Number, String, Array, Object),
/// "Supported values" lists, "Required." marks, and the occasional range ("Value must be between 0 and 100").
indirect enum TraitAttributeSchema: Sendable {
    /// Google "Boolean".
    case boolean
    /// Google "Integer": an integral JSON number, optionally bounded ("Value must be between 0 and 100").
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    /// Google "Number": any JSON number (an integer is a number).
    case number
    /// Google "String"; `nonEmpty` where an empty string cannot mean anything.
    case string(nonEmpty: Bool = false)
    /// Google "String" with a "Supported values" list.
    case oneOf(Set<String>)
    /// Google "Array" of items of one shape, with Google's "Requires at least N item(s)".
    case array(of: TraitAttributeSchema, minimumCount: Int = 0)
    /// Google "Object" with exactly these members; any other member is unknown to Google.
    case object([TraitAttributeField])
    /// Anything a table cannot say (e.g. "one of these two shapes").
    case custom(@Sendable (JSONValue, String, inout ViolationCollector) -> Void)
}

extension TraitAttributeSchema {
    /// Checks `value` (found at `path`) against this schema, reporting every mismatch.
    func check(_ value: JSONValue, at path: String, into collector: inout ViolationCollector) {
        switch self {
        case .boolean:
            if value.boolValue == nil { collector.reject(path, "must be a boolean, found \(value.kindDescription)") }
        case .integer(let minimum, let maximum):
            guard let integer = value.intValue else {
                collector.reject(path, "must be an integer, found \(value.kindDescription)")
                return
            }
            if let minimum, integer < minimum { collector.reject(path, "\(integer) is below the minimum \(minimum)") }
            if let maximum, integer > maximum { collector.reject(path, "\(integer) is above the maximum \(maximum)") }
        case .number:
            if value.doubleValue == nil { collector.reject(path, "must be a number, found \(value.kindDescription)") }
        case .string(let nonEmpty):
            guard let string = value.stringValue else {
                collector.reject(path, "must be a string, found \(value.kindDescription)")
                return
            }
            if nonEmpty && string.isEmpty { collector.reject(path, "must not be empty") }
        case .oneOf(let allowed):
            guard let string = value.stringValue else {
                collector.reject(path, "must be a string, found \(value.kindDescription)")
                return
            }
            if !allowed.contains(string) {
                collector.reject(
                    path,
                    "\"\(string)\" is not a supported value (\(allowed.sorted().joined(separator: ", ")))"
                )
            }
        case .array(let element, let minimumCount):
            guard let array = value.arrayValue else {
                collector.reject(path, "must be an array, found \(value.kindDescription)")
                return
            }
            if array.count < minimumCount {
                collector.reject(path, "must have at least \(minimumCount) item\(minimumCount == 1 ? "" : "s")")
            }
            for (index, item) in array.enumerated() {
                element.check(item, at: JSONPath.element(path, index), into: &collector)
            }
        case .object(let fields):
            guard let object = value.objectValue else {
                collector.reject(path, "must be an object, found \(value.kindDescription)")
                return
            }
            Self.check(object, fields: fields, at: path, into: &collector)
        case .custom(let check):
            check(value, path, &collector)
        }
    }

    /// Checks an object's members against `fields`: required members present, each member well-formed, no others.
    static func check(
        _ object: JSONObject,
        fields: [TraitAttributeField],
        at path: String,
        into collector: inout ViolationCollector
    ) {
        for field in fields {
            let fieldPath = JSONPath.member(path, field.name)
            if let value = object[field.name] {
                field.schema.check(value, at: fieldPath, into: &collector)
            } else if field.isRequired {
                collector.reject(fieldPath, "is required but missing")
            }
        }
        let known = Set(fields.map(\.name))
        for key in object.keys where !known.contains(key) {
            collector.reject(JSONPath.member(path, key), "unknown field")
        }
    }
}
