import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Channel` ⇄ Matter Channel (0x0504), on the endpoint that has it (a TV, a set-top box).
///
/// Google (traits/channel): "This trait belongs to devices that support TV channels on a media device. The
/// available channels should be shared as a list, per user or device, during SYNC via the `availableChannels`
/// attribute"; "Device STATES: None."
///
/// | Google | Matter |
/// |---|---|
/// | `availableChannels` [{key, names, number}] | `ChannelList` (``ChannelEntry``), the first ``ChannelEntry/syncLimit`` |
/// | `selectChannel {channelCode}` / `{channelNumber}` | `Channel.ChangeChannelByNumber {"MajorNumber", "MinorNumber"}` |
/// | `selectChannel {channelName}` | `Channel.ChangeChannel {"Match": name}` |
/// | `relativeChannel {relativeChannelChange}` | `Channel.SkipChannel {"Count": n}` |
/// | `returnChannel` | `KeypadInput.SendKey {"KeyCode": 50}` (CEC "PreviousChannel") |
///
/// - No states: Matter's `CurrentChannel` is kept in the registry (what the device reports after a change) but
///   Google has no state to carry it.
/// - `selectChannel` takes, per Google, "one of the following": `channelCode` ("Unique identifier for the
///   requested channel, matching one of the availableChannels"), with `channelName` ("User-friendly name of the
///   requested channel") and `channelNumber` ("Numeric identifier for the requested channel"); or
///   `channelNumber` alone. Hearth uses the first present of code, number, name. A code or number tunes by
///   number (Matter's `ChangeChannelByNumber`, exact); a name alone is Matter's `ChangeChannel`, whose `Match` is
///   "a user-input string to match in order to identify the target channel".
/// - A code, number or name the device's `ChannelList` does not have is `noAvailableChannel` (Google: the
///   requested channel is not available). A device without a list (LineupInfo only) is sent the request as is: the
///   lineup is the provider's, and the device answers; its `CurrentChannel` then follows a number, and stays until
///   the device reports for a name.
/// - `relativeChannel`: `relativeChannelChange` is "The number of channels to increase or decrease"; Matter's
///   `SkipChannel` "provides channel up and channel down functionality, but allows channel index jumps of size
///   Count", wrapping at the ends of the list (``ChannelConversion/wrapped(_:by:total:)``). `Count` is an `int16`:
///   strict validation refuses a change beyond ±32767 (`valueOutOfRange`), lenient clamps it.
/// - `returnChannel`: "Return to the last/previous channel the user was on." Matter's Channel cluster has no such
///   command and the registry keeps only Matter attributes, so Hearth cannot know the previous channel; the Matter
///   way is the remote's key, Keypad Input's `SendKey` with `CECKeyCodeEnum` 0x32 PreviousChannel. A device with
///   Keypad Input is sent that key (its `CurrentChannel` stays until the device reports the channel it returned
///   to); one without cannot return: `functionNotSupported`.
enum ChannelTrait: TraitMapping {
    static let trait = Trait.channel

    /// Matter `CECKeyCodeEnum` PreviousChannel (Keypad Input).
    static let previousChannelKeyCode = 0x32

    /// Matter `SkipChannel.Count` is an `int16`.
    static let countRange = -32_768...32_767

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        let entries = ChannelEntry.entries(of: endpoint).prefix(ChannelEntry.syncLimit)
        attributes.append("availableChannels", .array(entries.map(availableChannel)))
    }

    /// One `availableChannels` item.
    static func availableChannel(_ entry: ChannelEntry) -> JSONValue {
        [
            "key": .string(entry.key),
            "names": .array(entry.names.map { .string($0) }),
            "number": .string(entry.number),
        ]
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    /// What `selectChannel` asks the device for.
    enum Selection: Equatable {
        /// Tune by number; `info` is the listed channel's `ChannelInfoStruct`, if it is listed.
        case number(major: Int, minor: Int, info: AttributeValue?)
        /// Matter's `ChangeChannel {Match}`; `info` is the listed channel the name matches, if any.
        case match(String, info: AttributeValue?)
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        switch command {
        case .selectChannel:
            switch try selection(params, entries: ChannelEntry.entries(of: endpoint)) {
            case .number(let major, let minor, let info):
                tune(&endpoint, to: info ?? channelInfo(major: major, minor: minor))
            case .match(_, let info):
                if let info { tune(&endpoint, to: info) }
            }
        case .relativeChannel:
            let change = try count(params, mode: mode)
            let entries = ChannelEntry.entries(of: endpoint)
            if let position = ChannelEntry.currentPosition(of: endpoint, in: entries),
                let next = ChannelConversion.wrapped(position, by: change, total: entries.count)
            {
                tune(&endpoint, to: entries[next].info)
            }
        case .returnChannel:
            guard endpoint.has(.KeypadInput) else {
                throw CommandError(
                    .functionNotSupported,
                    "the device has no Keypad Input to send PreviousChannel, and Matter's Channel cluster cannot return"
                )
            }
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Channel command")
        }
    }

    /// The channel `selectChannel`'s params ask for: by `channelCode`, else `channelNumber`, else `channelName`.
    /// With a `ChannelList`, the channel must be on it (`noAvailableChannel`).
    static func selection(_ params: CommandParameters, entries: [ChannelEntry]) throws(CommandError) -> Selection {
        if let code = try params.optionalString("channelCode") {
            if let entry = entries.first(where: { $0.key == code }) {
                return .number(major: entry.major, minor: entry.minor, info: entry.info)
            }
            if entries.isEmpty, let numbers = ChannelConversion.majorMinor(fromKey: code) {
                return .number(major: numbers.major, minor: numbers.minor, info: nil)
            }
            throw CommandError(.noAvailableChannel, "no channel with key \"\(code)\"")
        }
        if let text = try params.optionalString("channelNumber") {
            guard let numbers = ChannelConversion.majorMinor(fromNumber: text) else {
                throw CommandError(.noAvailableChannel, "\"\(text)\" is not a channel number")
            }
            let entry = entries.first { $0.major == numbers.major && $0.minor == numbers.minor }
            if entry == nil, !entries.isEmpty {
                throw CommandError(.noAvailableChannel, "the device lists no channel \(text)")
            }
            return .number(major: numbers.major, minor: numbers.minor, info: entry?.info)
        }
        if let name = try params.optionalString("channelName") {
            let entry = ChannelEntry.named(name, in: entries)
            if entry == nil, !entries.isEmpty {
                throw CommandError(.noAvailableChannel, "the device lists no channel called \"\(name)\"")
            }
            return .match(name, info: entry?.info)
        }
        throw CommandError(.notSupported, "selectChannel needs params.channelCode, channelNumber or channelName")
    }

    /// `relativeChannelChange` as a `SkipChannel` `Count`: strict refuses one beyond `int16`, lenient clamps.
    static func count(_ params: CommandParameters, mode: ValidationMode) throws(CommandError) -> Int {
        let change = try params.integer("relativeChannelChange")
        let count = try checked(
            Double(change),
            in: Double(countRange.lowerBound)...Double(countRange.upperBound),
            mode: mode,
            name: "relativeChannelChange"
        )
        return Int(count)
    }

    /// A `ChannelInfoStruct` with only the numbers (a channel the device does not list).
    static func channelInfo(major: Int, minor: Int) -> AttributeValue {
        .structure(["MajorNumber": .int(major), "MinorNumber": .int(minor)])
    }

    /// Sets `CurrentChannel`, when the device has that (optional) attribute.
    static func tune(_ endpoint: inout Endpoint, to info: AttributeValue) {
        var state = endpoint.cluster(.Channel)
        guard state["CurrentChannel"] != nil else { return }
        state["CurrentChannel"] = info
        endpoint.clusters[.Channel] = state
    }

    /// The Matter command each Google command amounts to (always one, even when the registry did not change: the
    /// device must still hear "channel up").
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        let changed = after.changedAttributes(since: before)
        let parameters = CommandParameters(params: params, command: command)
        func one(_ name: String, _ arguments: [(String, JSONValue)]) -> [MatterCommandDescription] {
            [MatterCommandDescription(command: name, arguments: JSONObject(arguments), changed: changed)]
        }
        switch command {
        case .selectChannel:
            switch try? selection(parameters, entries: ChannelEntry.entries(of: before)) {
            case .number(let major, let minor, _):
                return one(
                    "Channel.ChangeChannelByNumber",
                    [("MajorNumber", .int(major)), ("MinorNumber", .int(minor))]
                )
            case .match(let name, _):
                return one("Channel.ChangeChannel", [("Match", .string(name))])
            case nil:
                return nil
            }
        case .relativeChannel:
            guard let change = params["relativeChannelChange"]?.intValue else { return nil }
            let count = min(max(change, countRange.lowerBound), countRange.upperBound)
            return one("Channel.SkipChannel", [("Count", .int(count))])
        case .returnChannel:
            return one("KeypadInput.SendKey", [("KeyCode", .int(previousChannelKeyCode))])
        default:
            return nil
        }
    }
}
