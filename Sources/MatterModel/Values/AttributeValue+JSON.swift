import JSON

extension AttributeValue {
    /// The value's canonical JSON form, the one form device files, `/v1`, the change stream and the command line
    /// write:
    ///
    /// | value | JSON |
    /// |---|---|
    /// | ``null`` | `null` |
    /// | ``bool(_:)`` | `true`, `false` |
    /// | ``int(_:)``, ``unsigned(_:)`` | an integer, every digit (`18446744073709551615`) |
    /// | ``double(_:)`` | a number (`21.5`; an integral one without a fraction: `20`) |
    /// | ``string(_:)`` | a string |
    /// | ``octets(_:)`` | a string, Base64 with padding (`"AQID"`), as Matter's JSON encoding of TLV writes one |
    /// | ``list(_:)`` | an array |
    /// | ``structure(_:)`` | an object, fields sorted by name |
    ///
    /// Reading goes by the attribute's type (``MatterValueType``): the same `"AQID"` is a string or three bytes.
    public var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .unsigned(let number): return .number(String(number))
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .octets(let bytes): return .string(Base64.encode(bytes))
        case .list(let elements): return .array(elements.map(\.jsonValue))
        case .structure(let fields):
            var object = JSONObject()
            for name in fields.keys.sorted() {
                if let field = fields[name] { object.append(name, field.jsonValue) }
            }
            return .object(object)
        }
    }

    /// The value as a device file writes this attribute: like ``jsonValue``, except that a hand-modelled nullable
    /// integer at the value Matter reserves for null (``AttributeSpec/nullValue``) is `null`.
    public func jsonValue(_ cluster: ClusterID, _ name: String) -> JSONValue {
        if case .int = self, AttributeSchema.spec(cluster, name)?.isNull(self) == true { return .null }
        return jsonValue
    }
}
