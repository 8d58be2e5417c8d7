/// The ids `/v1` accepts for users (`agentUserId`) and devices: 1–128 characters from `A–Z a–z 0–9 . _ : -`. They
/// appear in paths unencoded, so a `%`, `/` or space is refused (400 `invalidId`) rather than decoded.
public enum APIIdentifier {
    /// The longest id.
    public static let maximumLength = 128
    /// The characters an id may have, as the README and the OpenAPI document state them.
    public static let pattern = "^[A-Za-z0-9._:-]{1,128}$"

    /// Whether `id` is 1–128 characters from the set.
    public static func isValid<S: StringProtocol>(_ id: S) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"),
                UInt8(ascii: "-"):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// Refuses an id outside the set with 400 `invalidId`, naming what it is (`agentUserId`, `deviceId`).
    static func check<S: StringProtocol>(_ id: S, _ what: String) throws(APIError) -> String {
        guard isValid(id) else {
            throw APIError(
                .invalidId,
                "\(what) must be 1–\(maximumLength) characters from A–Z a–z 0–9 . _ : -"
            )
        }
        return String(id)
    }
}
