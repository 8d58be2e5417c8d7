import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Reboot` on an endpoint with General Diagnostics (0x0033).
///
/// Google's page (https://developers.home.google.com/cloud-to-cloud/traits/reboot): "This trait belongs to devices
/// that support rebooting, such as routers. The device needs to support rebooting as a single action." "Device
/// ATTRIBUTES: None." "Device STATES: None." `action.devices.commands.Reboot` "Reboots the device", "No
/// properties"; its errors are the general ones ("See the full list of errors and exceptions").
///
/// Matter has no reboot command: General Diagnostics' commands are `TestEventTrigger`, `TimeSnapshot` and
/// `PayloadTestRequest`, for certification and diagnosis. What it has is the record of one: `RebootCount` ("the
/// number of times the Node has been rebooted"), `UpTime` (seconds since the last boot) and, optionally,
/// `BootReason`, whose `SoftwareReset` (6) is "The Node has rebooted as the result of a software initiated reboot".
///
/// So the backend receives Hearth's own command, named as such on the cluster that records reboots:
/// `GeneralDiagnostics.HearthReboot {}` (``hearthCommand``), the way CameraStream delivers
/// `CameraAvStreamManagement.HearthGetCameraStream`. In registry mode the reboot is what the registry would then
/// hold: `RebootCount` + 1 (saturating at the `uint16` maximum), `UpTime` 0, and `BootReason` `SoftwareReset` when
/// the device reports a boot reason; the answer is `SUCCESS`, which the page allows (it names no error of its own,
/// and nothing stops a device that says it can reboot).
enum RebootTrait: TraitMapping {
    static let trait = Trait.reboot

    /// The command the backend receives.
    static let hearthCommand = "GeneralDiagnostics.HearthReboot"
    /// General Diagnostics `BootReasonEnum` SoftwareReset.
    static let softwareReset = 6

    /// Google: "Device ATTRIBUTES: None."
    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    /// Google: "Device STATES: None."
    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .reboot else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Reboot command")
        }
        var diagnostics = endpoint.cluster(.GeneralDiagnostics)
        diagnostics["RebootCount"] = .int(min((diagnostics.int("RebootCount") ?? 0) + 1, Int(UInt16.max)))
        diagnostics["UpTime"] = .int(0)
        if diagnostics["BootReason"] != nil { diagnostics["BootReason"] = .int(softwareReset) }
        endpoint.clusters[.GeneralDiagnostics] = diagnostics
    }

    /// `GeneralDiagnostics.HearthReboot {}`, with the attributes the registry changed.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .reboot else { return [] }
        return MatterCommandDescription.hearthCommand(hearthCommand, before: before, after: after)
    }
}
