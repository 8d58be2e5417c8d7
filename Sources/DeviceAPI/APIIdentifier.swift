/// The ids `/v1` accepts for users (`agentUserId`) and devices: 1–128 characters from `A–Z a–z 0–9 . _ : -`, other
/// than `.` and `..`. They appear in paths unencoded, so a `%`, `/` or space is refused (400 `invalidId`) rather than
/// decoded; `.` and `..` are path segments that URL libraries and proxies resolve (`/v1/users/..` is `/v1/`), so an
/// id spelt so could not be reached as itself.
public enum APIIdentifier {
    /// The longest id.
    public static let maximumLength = 128
    /// The ids accepted, as a regular expression (ECMA-262, as OpenAPI's `pattern`).
    public static let pattern = #"^(?!\.\.?$)[A-Za-z0-9._:-]{1,128}$"#
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

    /// Refuses an id outside the rule with 400 `invalidId`, naming what it is (`agentUserId`, `deviceId`).
    static func check<S: StringProtocol>(_ id: S, _ what: String) throws(APIError) -> String {
        guard isValid(id) else {
            throw APIError(.invalidId, "\(what) must be \(rule)")
        }
        return String(id)
    }
}
