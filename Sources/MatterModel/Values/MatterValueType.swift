/// A Matter data type resolved down to what a value of it may be: the type an attribute or a struct field has, with
/// the kind of value it holds, whether it may be null, and the limits its constraint sets.
///
/// Resolve one from the generated data model with ``MatterClusterDefinition/valueType(ofAttribute:)`` (RVC Run
/// Mode's `SupportedModes` is `list[ModeOptionStruct]`), then read a JSON value with ``read(_:)``, a command-line
/// value with ``read(text:)``, or check a stored one with ``validate(_:)``; every error names the type.
///
/// Only what one value can be checked against is kept: a constraint naming another attribute
/// (`MinLevel to MaxLevel`, `MinMeasuredValue + 1`) or written in prose (`desc`) is left out here, and the
/// cross-attribute rules stay hand-written (``AttributeSchema``).
public struct MatterValueType: Sendable, Hashable {
    /// What kind of value a type holds.
    public indirect enum Kind: Sendable, Hashable {
        /// A `bool`.
        case bool
        /// An integer of `bits` bits (8, 16, 24, 32, 40, 48, 56 or 64), signed or not: `uint8`…`uint64`,
        /// `int8`…`int64`, and the derived integers (`temperature`, `epoch-s`, `node-id`, …). The values allowed are
        /// ``Bounds/range``.
        case integer(bits: Int, signed: Bool)
        /// A `single`: a value a 32-bit float holds exactly.
        case single
        /// A `double`.
        case double
        /// A character `string`, UTF-8.
        case string
        /// An octet string (`octstr`), written in JSON as padded Base64.
        case octets
        /// A `list` of values of the element type.
        case list(MatterValueType)
        /// A struct, by its name, and its fields.
        case structure(name: String, fields: [Field])
        /// An enum of `bits` bits (8 or 16) and its items, value to name: only those values are allowed.
        case enumeration(name: String, bits: Int, items: [Int: String])
        /// A bitmap of `bits` bits and the bits its bitfields define (`mask`): only those bits may be set.
        case bitmap(name: String, bits: Int, mask: UInt64)
    }

    /// A field of a struct.
    public struct Field: Sendable, Hashable {
        /// The field's name as the specification writes it (`Label`): the JSON member's name.
        public var name: String
        /// The field id (its context tag); `nil` when the data model gives none.
        public var id: Int?
        /// The field's type, nullable when the field is (`X`).
        public var type: MatterValueType
        /// Whether a value must have the field. Only a field whose conformance is plain mandatory (`M`) is required;
        /// a conditional one (`LT`, `[LT]`, `O`, …) may be left out, since whether its condition holds is not known
        /// from the value alone.
        public var isMandatory: Bool

        /// A field of `type`, required when `isMandatory`.
        public init(name: String, id: Int?, type: MatterValueType, isMandatory: Bool) {
            self.name = name
            self.id = id
            self.type = type
            self.isMandatory = isMandatory
        }
    }

    /// The limits a value is checked against: its type's own range narrowed by the constraint where the constraint
    /// gives numbers (`0 to 254`, `max 64`, `max 16 entries`, `MinLevel + 1` is not a number and is left out).
    public struct Bounds: Sendable, Hashable {
        /// For integers, enums and bitmaps: the values allowed (for a nullable integer without the value Matter
        /// reserves for null, Matter Core §7.19.1: `uint8` nullable is `0…254`, `int8` nullable `-127…127`). For
        /// `single` and `double`, the numeric constraint when the data model gives one. `nil`: no numeric limit.
        public var range: ClosedRange<MatterInteger>?
        /// For a `string` its length in bytes of UTF-8 (Matter Core §7.19.1.8 counts a character string in octets),
        /// for an octet string its length in bytes.
        public var length: ClosedRange<Int>?
        /// For a `string`, at most this many Unicode code points (the `maxCodePoints` constraint).
        public var maxCodePoints: Int?
        /// For a list, how many elements.
        public var count: ClosedRange<Int>?

        /// Limits; `nil` for none.
        public init(
            range: ClosedRange<MatterInteger>? = nil,
            length: ClosedRange<Int>? = nil,
            maxCodePoints: Int? = nil,
            count: ClosedRange<Int>? = nil
        ) {
            self.range = range
            self.length = length
            self.maxCodePoints = maxCodePoints
            self.count = count
        }
    }

    /// The most elements a list may have when read or validated, whatever its constraint says: a guard against
    /// runaway input, well above any list a device attribute holds (a Matter attribute report of one list is
    /// bounded by the message size, 1280 bytes per IPv6 MTU, chunked to a few hundred entries at most).
    public static let maximumListCount = 1000

    /// The type's name as the specification writes it: `uint8`, `temperature`, `ModeOptionStruct`,
    /// `list[ModeOptionStruct]`.
    public var name: String
    /// What kind of value it holds.
    public var kind: Kind
    /// Whether the value may be null (the `X` quality).
    public var nullable: Bool
    /// The limits a value is checked against.
    public var bounds: Bounds

    /// A type; for an integer, enum or bitmap without a `range` in `bounds`, the range is the one its width gives.
    public init(name: String, kind: Kind, nullable: Bool = false, bounds: Bounds = Bounds()) {
        self.name = name
        self.kind = kind
        self.nullable = false
        self.bounds = bounds
        if let natural = kind.naturalRange(nullable: false) {
            self.bounds.range = Self.intersect(bounds.range ?? natural, natural) ?? natural
        }
        if nullable { self = self.nullable(true) }
    }

    /// The same type, nullable or not. Making an integer nullable takes the value Matter reserves for null out of
    /// its range (Matter Core §7.19.1: "the maximum value for unsigned types, the minimum for signed types").
    public func nullable(_ flag: Bool) -> MatterValueType {
        var copy = self
        copy.nullable = flag
        if flag, let natural = kind.naturalRange(nullable: true), let range = bounds.range {
            copy.bounds.range = Self.intersect(range, natural) ?? range
        }
        return copy
    }

    /// The same type under another name (a named number such as Thermostat's `SignedTemperature`, an `int8`).
    func renamed(_ newName: String) -> MatterValueType {
        var copy = self
        copy.name = newName
        return copy
    }

    static func intersect<T: Comparable>(_ a: ClosedRange<T>, _ b: ClosedRange<T>) -> ClosedRange<T>? {
        let lower = Swift.max(a.lowerBound, b.lowerBound)
        let upper = Swift.min(a.upperBound, b.upperBound)
        return lower <= upper ? lower...upper : nil
    }
}

extension MatterValueType.Kind {
    /// Every value an integer, enum or bitmap of this width encodes, without the null value when `nullable`;
    /// `nil` for the other kinds.
    func naturalRange(nullable: Bool) -> ClosedRange<MatterInteger>? {
        switch self {
        case .integer(let bits, let signed):
            if signed {
                let range = MatterInteger.signedRange(bits: bits)
                return (nullable ? range.lowerBound.step(1) : range.lowerBound)...range.upperBound
            }
            let high = MatterInteger.unsignedMaximum(bits: bits)
            return 0...(nullable ? high.step(-1) : high)
        case .enumeration(_, let bits, _), .bitmap(_, let bits, _):
            return 0...MatterInteger.unsignedMaximum(bits: bits)
        case .bool, .single, .double, .string, .octets, .list, .structure:
            return nil
        }
    }
}
