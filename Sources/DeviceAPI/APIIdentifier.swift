import HTTPMessages

/// The ids `/v1` accepts for users (`agentUserId`) and devices: 1–128 characters from `A–Z a–z 0–9 . _ : -`, other
/// than `.` and `..`. In a path an id may be percent-encoded (RFC 3986 §2.1: OpenAPI clients send `:` as `%3A`): a
/// segment is decoded, then checked, so an escape of anything outside the set (`%00`, `%2F`, `%20`) is refused
/// (400 `invalidId`) exactly as the raw byte would be; `.` and `..` are path segments that URL libraries and proxies
/// resolve (`/v1/users/..` is `/v1/`), so an id spelt so could not be reached as itself.
public enum APIIdentifier {
    /// The longest id.
    public static let maximumLength = 128
    /// The ids accepted, as one regular expression (ECMA-262, with a lookahead for `.` and `..`).
    public static let pattern = #"^(?!\.\.?$)[A-Za-z0-9._:-]{1,128}$"#
    /// The characters and length alone, without the lookahead: what the OpenAPI document's `Id` gives as `pattern`,
    /// beside `not: {enum: excluded}` (schema-driven generators such as schemathesis handle no lookahead).
    public static let characterPattern = #"^[A-Za-z0-9._:-]{1,128}$"#
    /// The spellings the character set allows that are still refused.
    public static let excluded = [".", ".."]
    /// The rule, for people: what every refusal of an id says.
    public static let rule = "1–\(maximumLength) characters from A–Z a–z 0–9 . _ : -, other than . and .."

    /// Whether `id` is 1–128 characters from the set, and not `.` or `..`.
    public static func isValid<S: StringProtocol>(_ id: S) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        var dots = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."):
                dots += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"):
                continue
            default:
                return false
            }
        }
        return dots < bytes.count || bytes.count > 2
    }

    /// The id a path segment names: its percent-escapes decoded (``FormEncoding/percentDecode(_:)``), then checked
    /// as ``check(_:_:)`` does; a malformed escape (`%`, `%4`, `%zz`) or one that is not UTF-8 is refused with 400
    /// `invalidId` too.
    static func checkSegment(_ segment: Substring, _ what: String) throws(APIError) -> String {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return try check(segment, what) }
        guard let decoded = FormEncoding.percentDecode(segment) else {
            throw APIError(.invalidId, "\(what) has a malformed percent-escape; it must be \(rule)")
        }
        return try check(decoded, what)
    }

    /// Refuses an id outside the rule with 400 `invalidId`, naming what it is (`agentUserId`, `deviceId`).
    static func check<S: StringProtocol>(_ id: S, _ what: String) throws(APIError) -> String {
        guard isValid(id) else {
            throw APIError(.invalidId, "\(what) must be \(rule)")
        }
        return String(id)
    }
}
