/// A Matter data type, as the Matter specification's cluster tables name it (`uint8`, `enum8`, `bitmap16`, …).
public enum MatterType: String, Sendable, Hashable, CaseIterable {
    /// Matter `bool`.
    case bool
    /// Matter `uint8`: 0…255.
    case uint8
    /// Matter `uint16`: 0…65535.
    case uint16
    /// Matter `uint32`: 0…4294967295.
    case uint32
    /// Matter `int16`: −32768…32767.
    case int16
    /// Matter `enum8`: 0…255, one value of an enumeration.
    case enum8
    /// Matter `bitmap8`: eight flag bits.
    case bitmap8
    /// Matter `bitmap16`: sixteen flag bits.
    case bitmap16
    /// Matter `string` (character string).
    case string
    /// Matter `int8`: −128…127.
    case int8

    /// Whether values of this type are integers (``AttributeValue/int(_:)``).
    public var isInteger: Bool {
        switch self {
        case .bool, .string: return false
        case .uint8, .uint16, .uint32, .int16, .enum8, .bitmap8, .bitmap16: return true
        case .int8: return true
        }
    }

    /// Every value the type can encode, or `nil` for non-integer types.
    public var valueRange: ClosedRange<Int>? {
        switch self {
        case .bool, .string: return nil
        case .uint8, .enum8, .bitmap8: return 0...0xFF
        case .uint16, .bitmap16: return 0...0xFFFF
        case .uint32: return 0...0xFFFF_FFFF
        case .int16: return -0x8000...0x7FFF
        case .int8: return -0x80...0x7F
        }
    }
}
