/// An integer of any Matter integer type, from `int64`'s minimum to `uint64`'s maximum (`-2⁶⁴+1 … 2⁶⁴-1` in
/// all): a sign and a 64-bit magnitude. ``MatterValueType/Bounds/range`` is a range of them.
///
/// Not Swift's `Int128`: with Swift 6.3.1 on Linux, test cases holding `ClosedRange<Int128>` values crashed the
/// test runner (a fault at address 0, likely a misaligned 16-byte access), so the bounds avoid it.
public struct MatterInteger: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// Whether the integer is below zero (never for zero).
    public let isNegative: Bool
    /// Its distance from zero.
    public let magnitude: UInt64

    /// `-magnitude` when `negative`, else `magnitude`.
    public init(negative: Bool, magnitude: UInt64) {
        self.isNegative = negative && magnitude != 0
        self.magnitude = magnitude
    }

    /// `value`.
    public init(_ value: Int) {
        self.init(negative: value < 0, magnitude: value.magnitude.toUInt64)
    }

    /// `value`.
    public init(_ value: UInt64) {
        self.init(negative: false, magnitude: value)
    }

    /// `value`.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// The integer `text` writes in decimal (`-5`, `18446744073709551615`), or `nil`.
    public init?(_ text: String) {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        guard let magnitude = UInt64(digits) else { return nil }
        self.init(negative: negative, magnitude: magnitude)
    }

    /// The integral `value`, or `nil` when it has a fraction or is beyond 64 bits of magnitude.
    public init?(exactly value: Double) {
        guard let magnitude = UInt64(exactly: value.magnitude) else { return nil }
        self.init(negative: value < 0, magnitude: magnitude)
    }

    /// `2^bits - 1`, the largest unsigned integer of `bits` bits (1…64).
    static func unsignedMaximum(bits: Int) -> MatterInteger {
        MatterInteger(bits >= 64 ? UInt64.max : (UInt64(1) << bits) - 1)
    }

    /// `-2^(bits-1)` … `2^(bits-1) - 1`, a signed integer of `bits` bits (1…64).
    static func signedRange(bits: Int) -> ClosedRange<MatterInteger> {
        let half = UInt64(1) << (bits - 1)
        return MatterInteger(negative: true, magnitude: half)...MatterInteger(half - 1)
    }

    /// The integer one further from `self` in `direction` (`+1` or `-1`); unchanged at the ends of the type.
    func step(_ direction: Int) -> MatterInteger {
        if direction > 0 {
            if isNegative { return MatterInteger(negative: true, magnitude: magnitude - 1) }
            return magnitude == .max ? self : MatterInteger(magnitude + 1)
        }
        if isNegative { return magnitude == .max ? self : MatterInteger(negative: true, magnitude: magnitude + 1) }
        return magnitude == 0 ? MatterInteger(negative: true, magnitude: 1) : MatterInteger(magnitude - 1)
    }

    /// The value as `Int`, when it fits.
    public var intValue: Int? {
        if isNegative {
            if magnitude == UInt64(Int.max) + 1 { return .min }
            return magnitude <= UInt64(Int.max) ? -Int(magnitude) : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// The value as a `Double` (rounded beyond 2⁵³).
    public var doubleValue: Double {
        isNegative ? -Double(magnitude) : Double(magnitude)
    }

    /// The value as Hearth stores it: ``AttributeValue/int(_:)``, or ``AttributeValue/unsigned(_:)`` above
    /// `Int.max`. `nil` below `Int.min`, where no Matter value lies.
    public var attributeValue: AttributeValue? {
        isNegative ? intValue.map(AttributeValue.int) : .integer(magnitude)
    }

    /// Decimal: `-27315`, `18446744073709551615`.
    public var description: String {
        isNegative ? "-\(magnitude)" : "\(magnitude)"
    }

    /// Order by value.
    public static func < (lhs: MatterInteger, rhs: MatterInteger) -> Bool {
        switch (lhs.isNegative, rhs.isNegative) {
        case (true, false): return true
        case (false, true): return false
        case (true, true): return lhs.magnitude > rhs.magnitude
        case (false, false): return lhs.magnitude < rhs.magnitude
        }
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}
