/// One statement parameter, sent in PostgreSQL's text format as `$n`; the server gives it the type its place in the
/// statement needs. Values are never spliced into SQL text.
public enum PostgreSQLValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    case null
    case text(String)
    case int(Int64)
    case bool(Bool)
    /// Sent as `bytea` in hex form (`\x…`).
    case bytes([UInt8])

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }

    public init(_ value: String?) { self = value.map(PostgreSQLValue.text) ?? .null }
    public init(_ value: Int64?) { self = value.map(PostgreSQLValue.int) ?? .null }
    public init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    public init(_ value: Bool?) { self = value.map(PostgreSQLValue.bool) ?? .null }
    public init(_ value: [UInt8]?) { self = value.map(PostgreSQLValue.bytes) ?? .null }

    /// The text form libpq sends, or `nil` for SQL NULL.
    var text: String? {
        switch self {
        case .null: return nil
        case .text(let string): return string
        case .int(let int): return String(int)
        case .bool(let bool): return bool ? "t" : "f"
        case .bytes(let bytes):
            let digits: [UInt8] = Array("0123456789abcdef".utf8)
            var hex = "\\x"
            hex.reserveCapacity(2 + bytes.count * 2)
            for byte in bytes {
                hex.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
                hex.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0xF)]))
            }
            return hex
        }
    }
}
