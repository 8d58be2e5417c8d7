/// A device's PIN: in clear only between parsing a device file and storing it, hashed everywhere after.
///
/// The registry hashes a ``clear`` PIN when it imports the device (PBKDF2-HMAC-SHA256, see `PINHash` in
/// Registry), so a stored or listed device only ever holds ``hashed``. `description` never shows the PIN.
public enum PINSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The PIN as the device file gave it: 4–12 ASCII digits.
    case clear(String)
    /// `pbkdf2-sha256$<iterations>$<salt>$<hash>` (Cryptography's `PasswordHasher` format).
    case hashed(String)

    /// The shortest PIN accepted.
    public static let minimumDigits = 4
    /// The longest PIN accepted.
    public static let maximumDigits = 12

    /// Whether `pin` is 4–12 ASCII digits.
    public static func isValidPIN(_ pin: String) -> Bool {
        let utf8 = pin.utf8
        return (minimumDigits...maximumDigits).contains(utf8.count) && utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Whether `hash` has the shape of an encoded PBKDF2 hash: `pbkdf2-sha256$<digits>$<base64url>$<base64url>`.
    /// The salt and hash themselves are checked when a PIN is verified.
    public static func isWellFormedHash(_ hash: String) -> Bool {
        let fields = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == "pbkdf2-sha256", !fields[1].isEmpty,
            fields[1].utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return false }
        return fields[2...].allSatisfy { field in
            !field.isEmpty
                && field.utf8.allSatisfy { byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                        || byte == 0x2D || byte == 0x5F
                }
        }
    }

    /// Redacted: `clear PIN` or `hashed PIN`.
    public var description: String {
        switch self {
        case .clear: "clear PIN"
        case .hashed: "hashed PIN"
        }
    }

    /// Redacted, like ``description``.
    public var debugDescription: String { description }
}
