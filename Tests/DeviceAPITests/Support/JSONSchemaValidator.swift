import Foundation
import JSON

/// Checks a JSON value against a JSON Schema (2020-12, as OpenAPI 3.1 uses it), for the keywords the `/v1` document
/// uses: `$ref` (local, `#/…`), `type`, `enum`, `const`, `properties`, `required`, `additionalProperties`,
/// `minProperties`, `dependentRequired`, `items`, `minItems`, `maxItems`, `uniqueItems`, `minimum`, `maximum`,
/// `minLength`, `maxLength`, `pattern`, `allOf`, `anyOf`, `oneOf`, `not`. `description`, `format`, `title`, `default`
/// and `examples` are annotations and are not checked. Any other keyword is reported as a problem rather than
/// ignored, so a schema the validator does not understand never passes silently.
struct JSONSchemaValidator {
    /// The document `$ref`s are resolved in.
    let root: JSONValue

    static let annotations: Set<String> = ["description", "format", "title", "default", "examples"]
    static let keywords: Set<String> = [
        "$ref", "type", "enum", "const", "properties", "required", "additionalProperties", "minProperties",
        "dependentRequired", "items", "minItems", "maxItems", "uniqueItems", "minimum", "maximum", "minLength",
        "maxLength", "pattern", "allOf", "anyOf", "oneOf", "not",
    ]

    /// Every way `instance` breaks `schema`, each as "JSON Pointer: what"; empty when it conforms.
    func problems(_ instance: JSONValue, _ schema: JSONValue, at path: String = "") -> [String] {
        guard case .object(let keywords) = schema else {
            if schema == .bool(true) { return [] }
            if schema == .bool(false) { return ["\(path): no value is allowed here"] }
            return ["\(path): the schema is not an object"]
        }
        var found: [String] = []
        func fail(_ message: String) { found.append("\(path.isEmpty ? "/" : path): \(message)") }
        for (keyword, value) in keywords {
            if Self.annotations.contains(keyword) { continue }
            guard Self.keywords.contains(keyword) else {
                fail("unsupported schema keyword \"\(keyword)\"")
                continue
            }
            switch keyword {
            case "$ref":
                guard let target = value.stringValue.flatMap(resolve) else {
                    fail("unresolvable $ref \(value)")
                    continue
                }
                found += problems(instance, target, at: path)
            case "type":
                let names = value.arrayValue?.compactMap(\.stringValue) ?? value.stringValue.map { [$0] } ?? []
                if !names.contains(where: { Self.has(instance, type: $0) }) {
                    fail("expected \(names.joined(separator: " or ")), got \(Self.typeName(instance))")
                }
            case "enum":
                if !(value.arrayValue ?? []).contains(instance) {
                    fail("\(Self.brief(instance)) is not one of \(value)")
                }
            case "const":
                if instance != value { fail("\(Self.brief(instance)) is not \(value)") }
            case "allOf":
                for member in value.arrayValue ?? [] { found += problems(instance, member, at: path) }
            case "anyOf":
                let members = value.arrayValue ?? []
                if !members.contains(where: { problems(instance, $0, at: path).isEmpty }) {
                    fail("matches none of anyOf's \(members.count) schemas")
                }
            case "oneOf":
                let results = (value.arrayValue ?? []).map { problems(instance, $0, at: path) }
                let matching = results.count(where: \.isEmpty)
                if matching != 1 {
                    fail("matches \(matching) of oneOf's \(results.count) schemas, not exactly one")
                    if matching == 0 {
                        // The closest branch says most about what is wrong.
                        found += results.min { $0.count < $1.count } ?? []
                    }
                }
            case "not":
                if problems(instance, value, at: path).isEmpty { fail("matches a schema it must not match") }
            default:
                found += objectProblems(keyword, value, instance, keywords, at: path)
                found += arrayProblems(keyword, value, instance, at: path)
                for message in scalarProblems(keyword, value, instance) { fail(message) }
            }
        }
        return found
    }

    private func objectProblems(
        _ keyword: String,
        _ value: JSONValue,
        _ instance: JSONValue,
        _ schema: JSONObject,
        at path: String
    ) -> [String] {
        guard case .object(let object) = instance else { return [] }
        var nested: [String] = []
        func fail(_ message: String) { nested.append("\(path.isEmpty ? "/" : path): \(message)") }
        switch keyword {
        case "properties":
            for (name, member) in object {
                guard let property = value[name] else { continue }
                nested += problems(member, property, at: path + "/" + name)
            }
        case "required":
            for name in value.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
                fail("missing required member \"\(name)\"")
            }
        case "additionalProperties":
            for (name, member) in object where schema["properties"]?[name] == nil {
                if value == .bool(false) {
                    fail("member \"\(name)\" is not allowed")
                } else {
                    nested += problems(member, value, at: path + "/" + name)
                }
            }
        case "minProperties":
            if let minimum = value.intValue, object.keys.count < minimum { fail("fewer than \(minimum) members") }
        case "dependentRequired":
            guard case .object(let dependencies) = value else { return nested }
            for (name, needed) in dependencies where object[name] != nil {
                for other in needed.arrayValue?.compactMap(\.stringValue) ?? [] where object[other] == nil {
                    fail("\"\(name)\" needs \"\(other)\"")
                }
            }
        default: break
        }
        return nested
    }

    private func arrayProblems(
        _ keyword: String,
        _ value: JSONValue,
        _ instance: JSONValue,
        at path: String
    ) -> [String] {
        guard case .array(let elements) = instance else { return [] }
        var nested: [String] = []
        func fail(_ message: String) { nested.append("\(path.isEmpty ? "/" : path): \(message)") }
        switch keyword {
        case "items":
            for (index, element) in elements.enumerated() { nested += problems(element, value, at: path + "/\(index)") }
        case "minItems":
            if let minimum = value.intValue, elements.count < minimum { fail("fewer than \(minimum) items") }
        case "maxItems":
            if let maximum = value.intValue, elements.count > maximum { fail("more than \(maximum) items") }
        case "uniqueItems":
            if value == .bool(true), Set(elements).count != elements.count { fail("items are not unique") }
        default: break
        }
        return nested
    }

    private func scalarProblems(_ keyword: String, _ value: JSONValue, _ instance: JSONValue) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { problems.append(message) }
        switch (keyword, instance) {
        case ("minimum", _) where instance.doubleValue != nil:
            if Self.compare(instance, value) == .orderedAscending { fail("\(Self.brief(instance)) is below \(value)") }
        case ("maximum", _) where instance.doubleValue != nil:
            if Self.compare(instance, value) == .orderedDescending { fail("\(Self.brief(instance)) is above \(value)") }
        case ("minLength", .string(let text)):
            if let minimum = value.intValue, text.unicodeScalars.count < minimum { fail("shorter than \(minimum)") }
        case ("maxLength", .string(let text)):
            if let maximum = value.intValue, text.unicodeScalars.count > maximum { fail("longer than \(maximum)") }
        case ("pattern", .string(let text)):
            guard let pattern = value.stringValue, let expression = try? NSRegularExpression(pattern: pattern) else {
                fail("invalid pattern \(value)")
                return problems
            }
            let range = NSRange(text.startIndex..., in: text)
            if expression.firstMatch(in: text, range: range) == nil {
                fail("\(Self.brief(instance)) does not match \(pattern)")
            }
        default: break
        }
        return problems
    }

    /// The schema a local `$ref` (`#/components/schemas/Device`) points at.
    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var target: JSONValue? = root
        for part in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = String(part).replacing("~1", with: "/").replacing("~0", with: "~")
            target = target?[key]
        }
        return target
    }

    static func has(_ instance: JSONValue, type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", _): instance.doubleValue != nil
        case ("integer", .int): true
        case ("integer", .double(let value)): value.isFinite && value.rounded() == value
        case ("integer", .number(let text)): Double(text).map { $0.isFinite && $0.rounded() == $0 } ?? false
        default: false
        }
    }

    static func typeName(_ instance: JSONValue) -> String {
        switch instance {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Integers exactly (`Int64.max` is not a `Double`), other numbers as `Double`s.
    static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult {
        if case .int(let a) = lhs, case .int(let b) = rhs {
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        let a = lhs.doubleValue ?? .nan
        let b = rhs.doubleValue ?? .nan
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    static func brief(_ instance: JSONValue) -> String {
        let text = String(decoding: JSONWriter.bytes(instance), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
