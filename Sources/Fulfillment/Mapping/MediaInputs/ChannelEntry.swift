import MatterModel

/// One channel of Matter Channel's `ChannelList`, as Google's `Channel` names it.
///
/// Matter (Channel cluster 0x0504, feature CL "ChannelList"): `ChannelList` "SHALL provide a list of supported
/// channels", each a `ChannelInfoStruct {MajorNumber, MinorNumber, Name?, CallSign?, AffiliateCallSign?,
/// Identifier?, Type?}`. The LI ("LineupInfo") feature's `Lineup` names the operator's lineup (`OperatorName`,
/// `LineupName`, `PostalCode`, `LineupInfoType`) and lists no channel, so it brings none.
///
/// Google (traits/channel): each `availableChannels` item has `key` ("Unique identifier for this channel. Not
/// exposed to users."), `names` ("List of user-visible names for this channel", plain strings) and `number`
/// ("Optional numeric identifier for this channel").
///
/// - `key` is ``ChannelConversion/key(major:minor:)``, `number` ``ChannelConversion/number(major:minor:)``.
/// - `names` are `Name`, `CallSign` and `AffiliateCallSign` (what a viewer calls the channel: "Fox", "KTVU"),
///   without repeats; a channel with none of them is called "channel <number>".
/// - A channel whose numbers repeat an earlier one's is left out (the key would repeat).
struct ChannelEntry: Equatable, Sendable {
    var major: Int
    var minor: Int
    var names: [String]
    /// The channel's `ChannelInfoStruct`, as the device lists it (what `CurrentChannel` becomes when it is tuned).
    var info: AttributeValue

    var key: String { ChannelConversion.key(major: major, minor: minor) }
    var number: String { ChannelConversion.number(major: major, minor: minor) }

    /// Google: "To ensure a low query latency, we recommend that you keep the channel list small (to 30 channels
    /// or less)." Hearth sends the first 30 of `ChannelList`, in the device's order; the others can still be tuned
    /// by number ("channel 245"), which `selectChannel` checks against the whole list.
    static let syncLimit = 30

    /// Every well-formed channel of `endpoint`'s `ChannelList`, in the device's order.
    static func entries(of endpoint: Endpoint) -> [ChannelEntry] {
        guard let state = endpoint.clusters[.Channel] else { return [] }
        return entries(fromChannelList: state["ChannelList"]?.listValue ?? [])
    }

    /// Entries from a `ChannelList`: one per `ChannelInfoStruct` with both numbers within `uint16`, the first of
    /// repeated numbers winning.
    static func entries(fromChannelList list: [AttributeValue]) -> [ChannelEntry] {
        var seen: Set<String> = []
        return list.compactMap { item -> ChannelEntry? in
            guard let fields = item.structureValue, let numbers = numbers(of: fields) else { return nil }
            let entry = ChannelEntry(
                major: numbers.major,
                minor: numbers.minor,
                names: ModeConversion.synonyms(
                    ["Name", "CallSign", "AffiliateCallSign"].compactMap { fields[$0]?.stringValue },
                    fallback: "channel \(ChannelConversion.number(major: numbers.major, minor: numbers.minor))"
                ),
                info: item
            )
            return seen.insert(entry.key).inserted ? entry : nil
        }
    }

    /// `MajorNumber` and `MinorNumber` of a `ChannelInfoStruct`, when both are `uint16` values.
    static func numbers(of fields: [String: AttributeValue]) -> (major: Int, minor: Int)? {
        guard let major = fields["MajorNumber"].flatMap(ModeConversion.integer),
            let minor = fields["MinorNumber"].flatMap(ModeConversion.integer),
            (0...ChannelConversion.maximumNumber).contains(major), (0...ChannelConversion.maximumNumber).contains(minor)
        else { return nil }
        return (major, minor)
    }

    /// The entry whose `names` contain `name`, compared without case and surrounding spaces.
    static func named(_ name: String, in entries: [ChannelEntry]) -> ChannelEntry? {
        let wanted = ModeConversion.trimmed(name).lowercased()
        return entries.first { entry in entry.names.contains { $0.lowercased() == wanted } }
    }

    /// The position in `entries` of the channel `CurrentChannel` names, if it is listed.
    static func currentPosition(of endpoint: Endpoint, in entries: [ChannelEntry]) -> Int? {
        guard let fields = endpoint.clusters[.Channel]?["CurrentChannel"]?.structureValue,
            let numbers = numbers(of: fields)
        else { return nil }
        return entries.firstIndex { $0.major == numbers.major && $0.minor == numbers.minor }
    }
}
