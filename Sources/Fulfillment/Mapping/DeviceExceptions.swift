import MatterModel
import SmartHomeProtocol

/// The Google exception code of a device: the alerts QUERY and a working EXECUTE carry as `exceptionCode` beside
/// `status: "SUCCESS"` (Google's error-handling guide, "Example 2: Non-blocking exception for EXECUTE intent").
///
/// Google's `exceptionCode` is one string, so a device with several alerts reports the most pressing: the
/// appliance alarms first (``ApplianceAlarms/priority``: `deviceAtExtremeTemperature`, `deviceOpen`,
/// `needsWater`, from any endpoint), then `lowBattery` (``EnergyStorageTrait/exceptionCode(of:)``). The QUERY,
/// EXECUTE and delivered-EXECUTE answers all ask this function.
enum DeviceExceptions {
    /// The device's most pressing exception, or `nil` when it has none.
    static func exceptionCode(of device: Device) -> ExceptionCode? {
        let alarms = device.endpoints.flatMap(ApplianceAlarms.exceptions(of:))
        if let first = ApplianceAlarms.priority.first(where: alarms.contains) { return first }
        return EnergyStorageTrait.exceptionCode(of: device)
    }
}
