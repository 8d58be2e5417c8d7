import MatterModel
import SmartHomeProtocol

extension DeviceValidation {
    /// A warning for a DOOR, GARAGE, GATE or WINDOW without a PIN. Google's Secondary User Verification page: "The
    /// following trait and device type combinations require secondary user verification with the pinNeeded challenge
    /// type: … OpenClose trait when the device type is DOOR, GARAGE, GATE, or WINDOW". Not a problem: the device
    /// works, and Google's certification, not its SYNC, asks for the PIN.
    public static func openingWithoutPIN(_ device: Device) -> [SyncViolation] {
        guard let type = DeviceTypeMapping.googleType(for: device), DeviceTypeMapping.pinOpenings.contains(type),
            DeviceTypeMapping.traits(of: device).contains(.openClose)
        else { return [] }
        if case .pin = device.challenge { return [] }
        let name = type.rawValue.dropFirst(GoogleVocabulary.deviceTypePrefix.count)
        return [
            SyncViolation(
                deviceId: device.id,
                path: "challenge",
                message: "Google requires pinNeeded for a \(name)'s OpenClose; give it {\"pin\": \"<4–12 digits>\"}"
            )
        ]
    }
}
