/// What a device asks of the user before a sensitive command runs: Google's secondary user verification.
///
/// In the device file (`"challenge"` on a device):
/// - `"none"`: no challenge.
/// - `"ack"` or `{"type": "ack"}`: a yes/no confirmation (Google's `ackNeeded`).
/// - `{"pin": "1234"}` or `{"type": "pin", "pin": "1234"}`: a PIN of 4–12 ASCII digits (Google's `pinNeeded`).
/// - `{"pinHash": "pbkdf2-sha256$…"}` (or with `"type": "pin"`): a PIN already hashed, as ``DeviceFile/encoded()``
///   writes it; this is how `hearth devices list` output re-imports without knowing the PIN.
///
/// When the file says nothing the default is ``none``. Unlocking is never allowed without a PIN by default: Google's
/// secondary-user-verification guide requires `pinNeeded` for unlocking and calls `ackNeeded` not recommended for
/// security devices (protocol.md §6), and Hearth will not guess a PIN, so a lock whose policy is ``none`` — or
/// ``ack``, unless the server's `fulfillment.allowAckUnlock` is set — can be locked but answers `remoteSetDisabled`
/// to an unlock until it is given a PIN. A device file written for another system still imports, and fails closed.
///
/// Which commands need the challenge (see `ChallengeRule` in Fulfillment): unlocking (`LockUnlock` with
/// `lock: false`) always; with ``ack`` or ``pin`` every other command of the device except locking, which only
/// makes a home safer and so never asks.
public enum ChallengePolicy: Sendable, Hashable, CustomStringConvertible {
    /// No challenge.
    case none
    /// A yes/no confirmation.
    case ack
    /// A PIN.
    case pin(PINSecret)

    /// `none`, `ack` or `pin`: the policy without its secret, as the registry stores it and logs may show it.
    public var kind: String {
        switch self {
        case .none: "none"
        case .ack: "ack"
        case .pin: "pin"
        }
    }

    /// The ``kind``: never the PIN.
    public var description: String { kind }
}

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
