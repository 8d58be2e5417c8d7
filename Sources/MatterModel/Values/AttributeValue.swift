import JSON

/// One Matter attribute value as Hearth stores it: every kind of value Matter's data types encode.
///
/// The value does not carry its Matter type; the attribute's definition does (``AttributeSpec``, the generated
/// ``MatterClusterDefinition``), and that type decides how a JSON value or a command-line value is read
/// (``MatterValueType``), which values are allowed, and the error messages. The same `2` is a `uint8`, an `enum8` or
/// a `temperature` depending on the attribute.
///
/// | Matter types | case |
/// |---|---|
/// | null (a nullable attribute, field or list element) | ``null`` |
/// | `bool` | ``bool(_:)`` |
/// | `uint8`…`uint64`, `int8`…`int64`, enums, bitmaps, derived integers (`temperature`, `epoch-s`, …) | ``int(_:)``, and ``unsigned(_:)`` for a `uint64`/`bitmap64` above `Int.max` |
/// | `single`, `double` | ``double(_:)`` (a `single` holds a value a `Float` represents exactly) |
/// | `string` and its derived types | ``string(_:)`` |
/// | `octstr` and its derived types | ``octets(_:)`` |
/// | `list` | ``list(_:)`` |
/// | a struct | ``structure(_:)``, fields by name |
///
/// Attributes Hearth modelled before every data type was (the hand-written ``AttributeSchema`` tables) keep storing
/// a nullable integer's null as the value Matter reserves for it on the wire (``AttributeSpec/nullValue``); every
/// other nullable value is ``null``. JSON shows both as `null`.
public enum AttributeValue: Sendable, Hashable {
    /// Matter's null, for a nullable attribute, field or list element.
    case null
    /// A Matter `bool`.
    case bool(Bool)
    /// A Matter integer, enum or bitmap (`uint8`, `int16`, `enum8`, `bitmap16`, `epoch-s`, …) that fits in `Int`.
    case int(Int)
    /// A `uint64` or `bitmap64` value above `Int.max`; every smaller value is ``int(_:)``
    /// (``integer(_:)`` picks the case).
    case unsigned(UInt64)
    /// A Matter `single` or `double`; always finite (JSON has no NaN or infinity, and Hearth refuses them).
    case double(Double)
    /// A Matter character string.
    case string(String)
    /// A Matter octet string.
    case octets([UInt8])
    /// A Matter list, its elements in order.
    case list([AttributeValue])
    /// A Matter struct: the fields present, by the name the specification gives them (`Label`, `ModeTags`).
    case structure([String: AttributeValue])

    /// An unsigned integer in its one case: ``int(_:)`` when it fits, else ``unsigned(_:)``.
    public static func integer(_ value: UInt64) -> AttributeValue {
        value <= UInt64(Int.max) ? .int(Int(value)) : .unsigned(value)
    }

    /// The integer value, or `nil` when this is not an integer that fits in `Int`.
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

    /// The floating-point value, or `nil` when this is not a `single` or `double`.
    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        return nil
    }

    /// The elements, or `nil` when this is not a list.
    public var listValue: [AttributeValue]? {
        if case .list(let value) = self { return value }
        return nil
    }

    /// The fields, or `nil` when this is not a struct.
    public var structureValue: [String: AttributeValue]? {
        if case .structure(let value) = self { return value }
        return nil
    }

    /// Whether this is ``null``.
    public var isNull: Bool { self == .null }
}

extension AttributeValue: CustomStringConvertible {
    /// The value as its canonical JSON writes it (``jsonValue``), strings quoted, as error messages show values:
    /// `true`, `42`, `"text"`, `null`, `[1,2]`.
    public var description: String {
        String(decoding: JSONWriter.bytes(jsonValue), as: UTF8.self)
    }
}
