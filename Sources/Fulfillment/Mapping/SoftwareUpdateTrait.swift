import JSON
import MatterModel
import SmartHomeProtocol

/// Google `SoftwareUpdate` on an endpoint with OTA Software Update Requestor (0x002A).
///
/// Google's page (https://developers.home.google.com/cloud-to-cloud/traits/softwareupdate): "This trait belongs to
/// devices that support software updates such as a router." "Device ATTRIBUTES: None." One state,
/// "`lastSoftwareUpdateUnixTimestampSec` Integer **Required.** The Unix timestamp (number of seconds since the Unix
/// Epoch) of the last successful software update." One command, `action.devices.commands.SoftwareUpdate`, "Update
/// the device", with "No properties"; the errors are the general ones.
///
/// **The time of the last update.** Matter records the version (Basic Information `SoftwareVersion`) and the
/// update's progress (the requestor's `UpdateState`), and its `VersionApplied` event happens once, but no attribute
/// holds when an update happened. Hearth keeps it in the endpoint's User Label as `lastSwUpdate`, whole Unix seconds
/// (``MaintenanceLabels``): the backend writes it when an update succeeds, as it reports the new version. A device
/// without it reports 0 (the Unix epoch), since the state is required and no update is known.
///
/// **The command.** Matter's requestor starts an update when an OTA Provider announces itself
/// (`AnnounceOTAProvider {ProviderNodeID, VendorID, AnnouncementReason, …}`), which names a node on the device's own
/// fabric: nothing a cloud has. So the backend receives Hearth's own command, named as such on the requestor cluster,
/// `OTASoftwareUpdateRequestor.HearthSoftwareUpdate {}` (``hearthCommand``), as CameraStream delivers
/// `CameraAvStreamManagement.HearthGetCameraStream`. Refused first, with Google's general codes: a requestor that
/// says no update is possible now (`UpdatePossible` false), `deviceNotReady`; one already querying, downloading or
/// applying an update (`UpdateState` 2…8), `deviceBusy`. In registry mode, with nothing to download, the update
/// succeeds at once: `lastSwUpdate` becomes the EXECUTE's time and `UpdateState` Idle.
enum SoftwareUpdateTrait: TraitMapping {
    static let trait = Trait.softwareUpdate

    /// The command the backend receives.
    static let hearthCommand = "OTASoftwareUpdateRequestor.HearthSoftwareUpdate"
    /// `UpdateStateEnum`: Idle.
    static let idle = 1
    /// `UpdateStateEnum` values of an update under way: Querying, DelayedOnQuery, Downloading, Applying,
    /// DelayedOnApply, RollingBack, DelayedOnUserConsent.
    static let updating = 2...8

    /// Google: "Device ATTRIBUTES: None."
    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let seconds = MaintenanceLabels.unixSeconds(MaintenanceLabels.lastSoftwareUpdate, on: endpoint) ?? 0
        states.append("lastSoftwareUpdateUnixTimestampSec", .int(Int(clamping: max(seconds, 0))))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .softwareUpdate else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a SoftwareUpdate command")
        }
        var requestor = endpoint.cluster(.OtaSoftwareUpdateRequestor)
        if requestor.bool("UpdatePossible") == false {
            throw CommandError(.deviceNotReady, "the device says no update is possible now (UpdatePossible false)")
        }
        if let state = requestor.int("UpdateState"), updating.contains(state) {
            throw CommandError(.deviceBusy, "an update is already under way (UpdateState \(state))")
        }
        requestor["UpdateState"] = .int(idle)
        endpoint.clusters[.OtaSoftwareUpdateRequestor] = requestor
        if let now = params.now {
            MaintenanceLabels.set(MaintenanceLabels.lastSoftwareUpdate, to: MaintenanceLabels.text(now), on: &endpoint)
        }
    }

    /// `OTASoftwareUpdateRequestor.HearthSoftwareUpdate {}`, with the attributes the registry changed.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .softwareUpdate else { return [] }
        return MatterCommandDescription.hearthCommand(hearthCommand, before: before, after: after)
    }
}
