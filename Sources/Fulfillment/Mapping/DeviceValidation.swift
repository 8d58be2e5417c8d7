import MatterModel
import SmartHomeProtocol

/// What Google would make of a registry device: the SYNC entry Hearth would send and what
/// ``SyncValidator`` finds wrong with it.
///
/// Google rejects a whole SYNC response for one bad device, and every device of the user disappears with it.
/// Hearth therefore validates each device it would send and leaves out the ones with violations (SYNC logs
/// why); `hearth devices validate` prints the same findings for a device file or a user's registry.
public struct DeviceValidation: Sendable {
    /// The device's id.
    public var deviceId: String
    /// The SYNC entry Hearth would send for it.
    public var syncDevice: SyncDevice
    /// What Google would reject: the device must not be sent while this is not empty.
    public var violations: [SyncViolation]
    /// What Google accepts but changes or ignores (a name cut to 60 code points, …).
    public var warnings: [SyncViolation] { SyncValidator.warnings(in: syncDevice) }

    /// Whether Google would accept the device.
    public var isValid: Bool { violations.isEmpty }

    /// Maps and validates one device.
    public init(device: Device, willReportState: Bool) {
        let syncDevice = SyncDeviceMapping.syncDevice(for: device, willReportState: willReportState)
        self.deviceId = device.id
        self.syncDevice = syncDevice
        self.violations = SyncValidator.violations(in: syncDevice)
    }
}
