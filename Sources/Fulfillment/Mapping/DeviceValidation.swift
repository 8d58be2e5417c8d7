import MatterModel
import SmartHomeProtocol

/// What Google would make of a registry device: the SYNC entry Hearth would send and what
/// ``SyncValidator`` finds wrong with it, plus what Hearth itself will not do with it.
///
/// Google rejects a whole SYNC response for one bad device, and every device of the user disappears with it.
/// Hearth therefore validates each device it would send and leaves out the ones with violations (SYNC logs
/// why); `hearth devices validate` prints the same findings for a device file or a user's registry.
///
/// Three classes of findings:
/// - ``violations``: Google would reject the SYNC. The device is left out of SYNC; `devices validate` fails.
/// - ``problems``: Google accepts the SYNC, but the device breaks a requirement of Google's documents: a device with
///   Matter ids and no room (Matter dedup: "SYNC responses must contain `roomHint`"), a lock that unlocks on a
///   spoken yes (Secondary User Verification: LockUnlock when unlocking needs the `pinNeeded` challenge type).
///   The device is still sent, but `devices validate` fails, so CI catches it. An appliance without the parts
///   Matter composes it of (a Refrigerator without a Temperature Controlled Cabinet, ``missingParts(of:)``) and a
///   device without a trait its Google type's guide requires (``SyncValidator``) are problems too.
/// - ``warnings``: what Google accepts but changes or ignores, and what Hearth refuses to do with the device (a
///   lock that never unlocks remotely). `devices validate` still passes.
public struct DeviceValidation: Sendable {
    /// The device's id.
    public var deviceId: String
    /// The SYNC entry Hearth would send for it, or `nil` when the device is not exposed to Google
    /// (``notExposedReason``).
    public var syncDevice: SyncDevice?
    /// Why the device is kept in the registry but not exposed to Google (`no Google type for Pump`), or `nil`
    /// when it is exposed. Not a failure: the device is stored and served over `/v1`, and a later mapping exposes it.
    public var notExposedReason: String?
    /// What Google would reject: the device must not be sent while this is not empty.
    public var violations: [SyncViolation]
    /// What Google accepts but that breaks a requirement of its documents (see the type's documentation).
    public var problems: [SyncViolation]
    /// What Google accepts but changes or ignores (a name cut to 60 code points, …), and locks that will not unlock
    /// remotely.
    public var warnings: [SyncViolation]

    /// Whether Google would accept the device.
    public var isValid: Bool { violations.isEmpty }

    /// Whether the device passes `hearth devices validate`: no violation and no problem.
    public var passes: Bool { violations.isEmpty && problems.isEmpty }

    /// Maps and validates one device; `allowAckUnlock` is `fulfillment.allowAckUnlock`.
    public init(device: Device, willReportState: Bool, allowAckUnlock: Bool = false) {
        self.deviceId = device.id
        guard let syncDevice = SyncDeviceMapping.syncDevice(for: device, willReportState: willReportState) else {
            self.syncDevice = nil
            self.notExposedReason =
                device.endpoints.first.map { DeviceTypeMapping.notExposedReason(for: $0.primaryType) }
                ?? "no Google type for no endpoint"
            self.violations = []
            self.problems = []
            self.warnings = []
            return
        }
        self.syncDevice = syncDevice
        self.notExposedReason = nil
        self.violations = SyncValidator.violations(in: syncDevice)
        self.problems =
            Self.missingParts(of: device) + Self.missingSceneAction(of: device) + SyncValidator.problems(in: syncDevice)
        self.warnings =
            SyncValidator.warnings(in: syncDevice) + Self.unknownFormFactor(of: device) + Self.openingWithoutPIN(device)
        let disarming = SecondaryUserVerification.challengeFindings(of: device, allowAckUnlock: allowAckUnlock)
        (problems, warnings) = (problems + disarming.problems, warnings + disarming.warnings)
        guard device.hasDoorLock else { return }
        let finding = { (message: String) in SyncViolation(deviceId: device.id, path: "challenge", message: message) }
        switch device.challenge {
        case .none:
            warnings.append(
                finding("no PIN, so unlocking answers remoteSetDisabled; give the lock {\"pin\": \"<4–12 digits>\"}")
            )
        case .ack where allowAckUnlock:
            problems.append(
                finding(
                    "\"ack\" unlocks on a spoken yes (fulfillment.allowAckUnlock is true), but Google requires "
                        + "pinNeeded for unlocking; give the lock {\"pin\": \"<4–12 digits>\"}"
                )
            )
        case .ack:
            warnings.append(
                finding(
                    "\"ack\" does not unlock (fulfillment.allowAckUnlock is false), so unlocking answers "
                        + "remoteSetDisabled; give the lock {\"pin\": \"<4–12 digits>\"}"
                )
            )
        case .pin:
            break
        }
    }

    /// A problem for each part the device's primary type needs on another endpoint and the device lacks
    /// (``DeviceType/requiredParts``, a Casting Video Player standing in for a Basic Video Player,
    /// ``DeviceType/fulfils(_:)``): `a Refrigerator needs at least one TemperatureControlledCabinet endpoint`,
    /// `a CastingVideoPlayer needs at least one ContentApp endpoint`, `a VideoDoorbell needs at least one Camera
    /// endpoint`, `a VideoRemoteControl needs at least one BasicVideoPlayer endpoint`.
    public static func missingParts(of device: Device) -> [SyncViolation] {
        guard let primary = device.endpoints.first?.primaryType else { return [] }
        let article = primary.rawValue.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
        let parts = device.endpoints.dropFirst().flatMap(\.deviceTypes)
        return primary.requiredParts.filter { part in !parts.contains { $0.fulfils(part) } }.map { part in
            SyncViolation(
                deviceId: device.id,
                path: "endpoints",
                message: "\(article) \(primary.rawValue) needs at least one \(part.rawValue) endpoint after its first "
                    + "(Matter composes it of them, and Google's traits come from them)"
            )
        }
    }

    /// A warning for a video player whose Fixed Label names a `formFactor` Hearth does not know: Google sees a TV.
    /// Not a problem, since a TV is what Matter's video player is without the label.
    public static func unknownFormFactor(of device: Device) -> [SyncViolation] {
        guard let primary = device.endpoints.first, DeviceTypeMapping.videoPlayers.contains(primary.primaryType),
            let value = DeviceTypeMapping.formFactor(of: primary),
            DeviceTypeMapping.googleType(forFormFactor: value) == nil
        else { return [] }
        let known = DeviceTypeMapping.formFactors.map(\.value).joined(separator: ", ")
        return [
            SyncViolation(
                deviceId: device.id,
                path: "endpoints[0].clusters.FixedLabel",
                message: "formFactor \"\(value)\" is not one Hearth knows (\(known)), so Google sees a TV"
            )
        ]
    }
}
