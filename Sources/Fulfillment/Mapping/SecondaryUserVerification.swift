import JSON
import MatterModel
import SmartHomeProtocol

/// The trait, command and device type combinations for which Google requires a PIN.
///
/// Google's Secondary User Verification page (developers.home.google.com/cloud-to-cloud/enhancements/
/// secondary-user-verification): "The following trait and device type combinations require secondary user
/// verification with the pinNeeded challenge type: … The LockUnlock trait when unlocking. The ArmDisarm trait when
/// disarming or canceling arming. Reboot, SoftwareUpdate, or NetworkControl trait when the device type is NETWORK or
/// ROUTER." Such a step is held to unlocking's rules (``ChallengeCheck``): without a PIN in the device file it answers
/// `remoteSetDisabled`, and an `ack` passes it only with `fulfillment.allowAckUnlock`. (OpenClose on a DOOR, GARAGE,
/// GATE or WINDOW follows the device's own challenge; `devices validate` warns when it has no PIN.)
enum SecondaryUserVerification {
    /// The Google types whose Reboot, SoftwareUpdate and NetworkControl commands need a PIN.
    static let networkTypes: Set<GoogleDeviceType> = [.router, .network]

    /// Whether `command` with `params` on a device of Google type `type` needs a PIN whatever the device's policy.
    static func requiresPIN(_ command: Command, params: JSONObject, type: GoogleDeviceType?) -> Bool {
        switch command.trait {
        case .lockUnlock: return params["lock"]?.boolValue != true
        case .armDisarm: return ArmDisarmTrait.isDisarm(params)
        case .reboot, .softwareUpdate, .networkControl: return type.map(networkTypes.contains) ?? false
        default: return false
        }
    }

    /// What the PIN-requiring commands of `device` are called in a message (`disarming`), or `nil` when it has none
    /// besides unlocking (a lock's findings are ``DeviceValidation``'s own).
    static func guardedAction(of device: Device) -> String? {
        let traits = DeviceTypeMapping.traits(of: device)
        if traits.contains(.armDisarm) { return "disarming" }
        guard let type = DeviceTypeMapping.googleType(for: device), networkTypes.contains(type),
            traits.contains(where: { [.reboot, .softwareUpdate, .networkControl].contains($0) })
        else { return nil }
        return "rebooting, updating and network control"
    }

    /// What `hearth devices validate` says about the challenge of a device with PIN-requiring commands, as it says it
    /// of a lock's: no PIN, or `"ack"` while `fulfillment.allowAckUnlock` is off, is a warning (those commands answer
    /// `remoteSetDisabled`: they fail closed); `"ack"` with `allowAckUnlock` on, which lets them run on a spoken yes,
    /// is a problem. Nothing for a device without such commands or with a PIN.
    static func challengeFindings(
        of device: Device,
        allowAckUnlock: Bool
    ) -> (problems: [SyncViolation], warnings: [SyncViolation]) {
        guard let action = guardedAction(of: device) else { return ([], []) }
        let finding = { (message: String) in SyncViolation(deviceId: device.id, path: "challenge", message: message) }
        let give = "give it {\"pin\": \"<4–12 digits>\"}"
        switch device.challenge {
        case .none:
            return ([], [finding("no PIN, so \(action) answers remoteSetDisabled; \(give)")])
        case .ack where allowAckUnlock:
            return (
                [
                    finding(
                        "\"ack\" allows \(action) on a spoken yes (fulfillment.allowAckUnlock is true), but Google "
                            + "requires pinNeeded for it; \(give)"
                    )
                ],
                []
            )
        case .ack:
            return (
                [],
                [
                    finding(
                        "\"ack\" does not allow \(action) (fulfillment.allowAckUnlock is false), so it answers "
                            + "remoteSetDisabled; \(give)"
                    )
                ]
            )
        case .pin:
            return ([], [])
        }
    }
}
