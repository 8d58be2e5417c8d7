/// What Hearth knows about one Matter attribute: its type, the values it may take, its unit and its default.
///
/// Nullable attributes (Matter's `X` quality) store null as the value Matter reserves for it on the wire, the
/// type's maximum (`0xFF` for `uint8`/`enum8`, `0xFFFF` for `uint16`), and for the signed `int16` its minimum
/// (`0x8000`, −32768): ``nullValue``. A device file may write
/// either `null` or that number; Hearth writes `null`.
public struct AttributeSpec: Sendable, Hashable {
    /// The attribute described: its cluster and its Matter name.
    public var attribute: Attribute
    /// The Matter attribute name (`CurrentLevel`).
    public var name: String { attribute.name }
    /// The cluster the attribute belongs to.
    public var cluster: ClusterID { attribute.cluster }
    /// The Matter attribute id (`0x0000` for `CurrentLevel`).
    public var id: Int
    /// The Matter data type.
    public var type: MatterType
    /// The values allowed (Matter's constraint column, narrowed for lighting where Hearth says so), or `nil` when
    /// the type is not an integer. The null value is allowed in addition when ``nullValue`` is set.
    public var range: ClosedRange<Int>?
    /// The integer standing for null when the attribute is nullable, else `nil`.
    public var nullValue: Int?
    /// The unit or meaning of the value, for people (`"mireds"`, `"level (1–254)"`).
    public var unit: String
    /// The value an attribute omitted from a device file takes (``nullValue`` when Matter's default is null).
    public var defaultValue: AttributeValue

    /// Creates an attribute description.
    public init(
        _ attribute: Attribute,
        id: Int,
        type: MatterType,
        range: ClosedRange<Int>? = nil,
        nullValue: Int? = nil,
        unit: String,
        defaultValue: AttributeValue
    ) {
        self.attribute = attribute
        self.id = id
        self.type = type
        self.range = range ?? type.valueRange
        self.nullValue = nullValue
        self.unit = unit
        self.defaultValue = defaultValue
    }

    /// Whether the attribute is nullable.
    public var isNullable: Bool { nullValue != nil }

    /// Whether `value` is this attribute's null.
    public func isNull(_ value: AttributeValue) -> Bool {
        guard let nullValue else { return false }
        return value == .int(nullValue)
    }

    /// Checks one value against the type and range; `nil` when the value is allowed, else the reason
    /// (`"300 is outside 1…254 (uint8)"`), naming the Matter type. A string holding U+0000 is refused (``StoredText``).
    public func validate(_ value: AttributeValue) -> String? {
        switch type {
        case .bool:
            guard case .bool = value else { return "expected a boolean (bool), got \(value)" }
            return nil
        case .string:
            guard case .string(let text) = value else { return "expected a string (string), got \(value)" }
            return StoredText.isStorable(text) ? nil : StoredText.nulReason
        case .uint8, .uint16, .uint32, .int16, .enum8, .bitmap8, .bitmap16, .int8:
            guard case .int(let number) = value else {
                return "expected an integer (\(type.rawValue)), got \(value)"
            }
            if isNull(value) { return nil }
            if let range, !range.contains(number) {
                return "\(number) is outside \(range.lowerBound)…\(range.upperBound)" + (isNullable ? " (or null)" : "")
                    + " (\(type.rawValue))"
            }
            return nil
        }
    }
}
