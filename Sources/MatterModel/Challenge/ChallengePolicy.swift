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
/// secondary-user-verification guide
/// (https://developers.home.google.com/cloud-to-cloud/enhancements/secondary-user-verification) requires `pinNeeded`
/// for unlocking and calls `ackNeeded` not recommended for security devices, and Hearth will not guess a PIN, so a
/// lock whose policy is ``none`` — or ``ack``, unless the server's `fulfillment.allowAckUnlock` is set — can be
/// locked but answers `remoteSetDisabled` to an unlock until it is given a PIN. A device file written for another system still imports, and fails closed.
///
/// Which commands need the challenge (see `ChallengeCheck` in Fulfillment): unlocking (`LockUnlock` with
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
