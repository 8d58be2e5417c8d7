import MatterModel
import SmartHomeProtocol

extension ArmDisarmTrait {
    /// What `hearth devices validate` says about a security system's challenge, as it says it of a lock's: disarming
    /// needs a PIN (Google's Secondary User Verification: `pinNeeded` for "the ArmDisarm trait when disarming or
    /// canceling arming"). No PIN, or `"ack"` while `fulfillment.allowAckUnlock` is off: a warning (disarming answers
    /// `remoteSetDisabled`: it fails closed); `"ack"` with `allowAckUnlock` on, which disarms on a spoken yes: a
    /// problem. Nothing for a device without ArmDisarm or with a PIN.
    static func challengeFindings(
        of device: Device,
        allowAckUnlock: Bool
    ) -> (problems: [SyncViolation], warnings: [SyncViolation]) {
        guard DeviceTypeMapping.traits(of: device).contains(.armDisarm) else { return ([], []) }
        let finding = { (message: String) in SyncViolation(deviceId: device.id, path: "challenge", message: message) }
        switch device.challenge {
        case .none:
            return (
                [],
                [finding("no PIN, so disarming answers remoteSetDisabled; give it {\"pin\": \"<4–12 digits>\"}")]
            )
        case .ack where allowAckUnlock:
            return (
                [
                    finding(
                        "\"ack\" disarms on a spoken yes (fulfillment.allowAckUnlock is true), but Google requires "
                            + "pinNeeded for disarming; give it {\"pin\": \"<4–12 digits>\"}"
                    )
                ],
                []
            )
        case .ack:
            return (
                [],
                [
                    finding(
                        "\"ack\" does not disarm (fulfillment.allowAckUnlock is false), so disarming answers "
                            + "remoteSetDisabled; give it {\"pin\": \"<4–12 digits>\"}"
                    )
                ]
            )
        case .pin:
            return ([], [])
        }
    }
}
