import JSON

extension TraitAttributeRules {
    /// traits/mediastate: "`supportActivityState` Boolean (Default: false) Indicate if the device can report the
    /// activity state." and "`supportPlaybackState` Boolean (Default: false) Indicate if the device can report the
    /// current playback state."
    static let mediaState = TraitRule(
        "MediaState",
        [
            TraitAttributeField("supportActivityState", .boolean),
            TraitAttributeField("supportPlaybackState", .boolean),
        ]
    )

    /// traits/transportcontrol: "`transportControlSupportedCommands` Array **Required.** A list of strings describing
    /// supported transport control commands on this device.", each one of the page's "Supported values"
    /// (``transportControlCommands``). A value listed twice is warned about: Google documents no rejection, but the list
    /// is a set of commands.
    static let transportControl = TraitRule(
        "TransportControl",
        [
            TraitAttributeField(
                "transportControlSupportedCommands",
                .array(of: .oneOf(transportControlCommands)),
                required: true
            )
        ],
        crossCheck: { attributes, violations in
            var seen: Set<String> = []
            for (index, item) in (attributes["transportControlSupportedCommands"]?.arrayValue ?? []).enumerated() {
                guard let name = item.stringValue else { continue }
                if !seen.insert(name).inserted {
                    violations.warn("attributes.transportControlSupportedCommands[\(index)]", "\(name) is listed twice")
                }
            }
        }
    )

    /// traits/transportcontrol, `transportControlSupportedCommands` "Supported values".
    static let transportControlCommands: Set<String> = [
        "CAPTION_CONTROL", "NEXT", "PAUSE", "PREVIOUS", "RESUME", "SEEK_RELATIVE", "SEEK_TO_POSITION", "SET_REPEAT",
        "SHUFFLE", "STOP",
    ]
}
