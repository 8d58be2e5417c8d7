import Cryptography
import JSON
import MatterModel

/// How both engines store one attribute value: a type tag in the `attribute` table's `type` column and the value as
/// text (SQLite keeps `bool` and `int` as integers).
///
/// | tag | value column |
/// |---|---|
/// | `null` | empty |
/// | `bool` | `0` or `1` |
/// | `int` | the integer |
/// | `uint64` | the decimal digits of a value above `Int.max` |
/// | `double` | the shortest text that reads back as the same `Double` (`21.5`, `1e-05`) |
/// | `string` | the text |
/// | `octstr` | lowercase hex, two digits a byte |
/// | `list`, `struct` | the tagged JSON form below |
///
/// The tagged form is self-describing, so that a stored value reads back exactly without the attribute's
/// definition (and keeps reading back when a later Matter revision changes a type): `null`, `true`/`false`,
/// integers that fit in `Int` and strings are themselves; every other kind is a one-member object whose member holds
/// a string or the elements, `{"u": "18446744073709551615"}` (`uint64`), `{"d": "1.5"}` (`double`, the text as the
/// `double` tag writes it, so that no JSON reader rounds it), `{"o": "0a1b"}` (octets), `{"l": […]}` (list),
/// `{"s": {…}}` (struct, fields sorted by name). The tags `bool`, `int` and `string` are the only ones registries
/// written before every Matter type was modelled ("v12: every Matter data type") hold.
///
/// Reading is strict: a text `encode(_:)` could not have written for its tag (an unknown tag, `1.5` or `+1` under
/// `int`, `nan` or `0x1p3` under `double`, hex with an odd number of digits or in upper case, an object with two
/// members, a struct under the `list` tag) reads as `nil`, which the engines report as a corrupt registry naming the
/// attribute. An ``AttributeValue/unsigned(_:)`` at or below `Int.max`, which ``AttributeValue/integer(_:)`` never
/// makes, reads back as the ``AttributeValue/int(_:)`` of the same number.
public enum StoredAttributeValue {
    /// Every tag the `type` column may hold.
    public static let tags = ["null", "bool", "int", "uint64", "double", "string", "octstr", "list", "struct"]

    /// The tag and text of a value (SQLite binds the text of `bool` and `int` as an integer instead).
    public static func encode(_ value: AttributeValue) -> (tag: String, text: String) {
        switch value {
        case .null: return ("null", "")
        case .bool(let flag): return ("bool", flag ? "1" : "0")
        case .int(let number): return ("int", String(number))
        case .unsigned(let number): return ("uint64", String(number))
        case .double(let number): return ("double", number.description)
        case .string(let text): return ("string", text)
        case .octets(let bytes): return ("octstr", Hex.encode(bytes))
        case .list, .structure:
            return (
                value.listValue != nil ? "list" : "struct",
                String(decoding: JSONWriter.bytes(tagged(value)), as: UTF8.self)
            )
        }
    }

    /// The value a tag and text stand for, or `nil` when they are not one `encode(_:)` writes.
    public static func decode(tag: String, text: String) -> AttributeValue? {
        switch tag {
        case "null": return text.isEmpty ? .null : nil
        case "bool": return text == "1" ? .bool(true) : text == "0" ? .bool(false) : nil
        case "int": return canonical(text, as: Int.self).map(AttributeValue.int)
        case "uint64": return canonical(text, as: UInt64.self).map(AttributeValue.integer)
        case "double": return decimal(text).map(AttributeValue.double)
        case "string": return .string(text)
        case "octstr": return Hex.decode(text).map(AttributeValue.octets)
        case "list", "struct":
            guard let json = try? JSONParser.parse(text, options: .deviceFile), let value = untagged(json) else {
                return nil
            }
            return (tag == "list") == (value.listValue != nil) ? value : nil
        default: return nil
        }
    }

    private static func tagged(_ value: AttributeValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .string(let text): return .string(text)
        case .unsigned(let number): return wrap("u", .string(String(number)))
        case .double(let number): return wrap("d", .string(number.description))
        case .octets(let bytes): return wrap("o", .string(Hex.encode(bytes)))
        case .list(let elements): return wrap("l", .array(elements.map(tagged)))
        case .structure(let fields):
            var object = JSONObject()
            for name in fields.keys.sorted() {
                if let field = fields[name] { object.append(name, tagged(field)) }
            }
            return wrap("s", .object(object))
        }
    }

    private static func wrap(_ tag: String, _ value: JSONValue) -> JSONValue {
        var object = JSONObject()
        object.append(tag, value)
        return .object(object)
    }

    private static func untagged(_ json: JSONValue) -> AttributeValue? {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .string(let text): return .string(text)
        case .double, .number: return nil
        case .array: return nil
        case .object(let object):
            guard object.members.count == 1, let member = object.members.first else { return nil }
            switch (member.key, member.value) {
            case ("u", .string(let text)): return canonical(text, as: UInt64.self).map(AttributeValue.integer)
            case ("d", .string(let text)): return decimal(text).map(AttributeValue.double)
            case ("o", .string(let text)): return Hex.decode(text).map(AttributeValue.octets)
            case ("l", .array(let elements)):
                var values: [AttributeValue] = []
                values.reserveCapacity(elements.count)
                for element in elements {
                    guard let value = untagged(element) else { return nil }
                    values.append(value)
                }
                return .list(values)
            case ("s", .object(let fields)):
                var values: [String: AttributeValue] = [:]
                for field in fields.members {
                    guard values[field.key] == nil, let value = untagged(field.value) else { return nil }
                    values[field.key] = value
                }
                return .structure(values)
            default: return nil
            }
        }
    }

    /// The integer `text` is when it is exactly the text `encode(_:)` writes for it (no `+`, leading zeros,
    /// spaces).
    private static func canonical<Number: LosslessStringConvertible>(_ text: String, as: Number.Type) -> Number? {
        guard let number = Number(text), number.description == text else { return nil }
        return number
    }

    /// The finite number a decimal text (digits, `.`, `e`, signs) stands for. Not required to be the exact text
    /// `encode(_:)` writes (`1.50` reads as `1.5`), so that a row keeps reading if Swift ever spells a `Double`
    /// differently; Swift's other spellings (`0x1p3`, `nan`, `inf`, spaces) are refused.
    private static func decimal(_ text: String) -> Double? {
        guard text.utf8.allSatisfy({ allowedInDecimal.contains($0) }), let number = Double(text), number.isFinite
        else { return nil }
        return number
    }

    private static let allowedInDecimal = Set("0123456789.eE+-".utf8)
}
