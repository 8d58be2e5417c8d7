import JSON
import MatterModel

extension MatterCommandDescription {
    /// One of Hearth's own commands, sent where Matter has none a cloud can send (`GeneralDiagnostics.HearthReboot`,
    /// `OTASoftwareUpdateRequestor.HearthSoftwareUpdate`): no arguments, with the attributes the registry changed.
    static func hearthCommand(_ name: String, before: Endpoint, after: Endpoint) -> [MatterCommandDescription] {
        [
            MatterCommandDescription(
                command: name,
                arguments: JSONObject(),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
