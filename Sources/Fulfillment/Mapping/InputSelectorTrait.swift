import JSON
import MatterModel
import SmartHomeProtocol

/// Google `InputSelector` ⇄ Matter Media Input (0x0507), on the endpoint that has it (a TV, a set-top box, a
/// soundbar or receiver).
///
/// Google (traits/inputselector): "This trait is used for devices which are able to switch inputs", "Media inputs
/// can be ordered to support 'next' and 'previous' commands."
///
/// | Google | Matter |
/// |---|---|
/// | `availableInputs` [{key, names: [{lang, name_synonym}]}] | `InputList` (``MediaInputEntry``: key `input-<Index>`, synonyms `Name`, `Description`, "HDMI 2") |
/// | `orderedInputs` | true when there are two inputs or more: the list is sent in `Index` order |
/// | `currentInput` (state) | `CurrentInput`, as its key |
/// | `SetInput {newInput}` | `MediaInput.SelectInput {"Index": n}` |
/// | `NextInput` / `PreviousInput` | `MediaInput.SelectInput` with the next / previous `Index`, wrapping round |
///
/// - `orderedInputs`: Google, "True if the list of output is ordered. This also indicates that the 'next' and
///   'previous' functionality is available." Matter numbers its inputs (`Index`) and Hearth lists them in that
///   order, which is the order a remote's input button steps through; with a single input there is nothing to step
///   to, so the attribute is false.
/// - Next and previous wrap round (after the last input comes the first), as a remote's input button does and as
///   Matter's own `SkipChannel` does for channels; Google's page does not say what lies after the last input. From
///   an input that is not in the list (or none), next is the first input and previous the last.
/// - A `newInput` that is not one of the keys is `notSupported` (Google's code for a setting the device does not
///   offer: Google's page lists no input-specific error). No inputs at all is `notSupported` too.
/// - **Audio Output (0x050B)** is not mapped: its `OutputList` (speakers, headphones, HDMI ARC) is where sound
///   goes, and Google has no trait for outputs; a soundbar's or receiver's inputs come from its Media Input only.
enum InputSelectorTrait: TraitMapping {
    static let trait = Trait.inputSelector

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        let entries = MediaInputEntry.entries(of: endpoint)
        attributes.append("availableInputs", .array(entries.map(availableInput)))
        attributes.append("orderedInputs", .bool(entries.count >= 2))
    }

    /// One `availableInputs` item.
    static func availableInput(_ entry: MediaInputEntry) -> JSONValue {
        [
            "key": .string(entry.key),
            "names": [["lang": "en", "name_synonym": .array(entry.synonyms.map { .string($0) })]],
        ]
    }

    /// `currentInput` when `CurrentInput` is one of the listed inputs; left out otherwise (Google's value is one
    /// of the keys, and an input Hearth does not list has none).
    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let entries = MediaInputEntry.entries(of: endpoint)
        if let current = MediaInputEntry.current(of: endpoint, in: entries) {
            states.append("currentInput", .string(current.key))
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let entries = MediaInputEntry.entries(of: endpoint)
        guard !entries.isEmpty else { throw CommandError(.notSupported, "the device lists no media inputs") }
        let target: MediaInputEntry
        switch command {
        case .setInput:
            let key = try params.string("newInput")
            guard let entry = entries.first(where: { $0.key == key }) else {
                let known = entries.map(\.key).joined(separator: ", ")
                throw CommandError(.notSupported, "no input \"\(key)\" (this device has \(known))")
            }
            target = entry
        case .nextInput, .previousInput:
            let current = MediaInputEntry.current(of: endpoint, in: entries)
            guard let entry = stepped(entries, from: current, forward: command == .nextInput) else {
                throw CommandError(.notSupported, "the device lists no media inputs")
            }
            target = entry
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not an InputSelector command")
        }
        var state = endpoint.cluster(.MediaInput)
        state["CurrentInput"] = .int(target.index)
        endpoint.clusters[.MediaInput] = state
    }

    /// The input after (or before) `current`, wrapping round; from no current input, the first (or the last).
    static func stepped(_ entries: [MediaInputEntry], from current: MediaInputEntry?, forward: Bool) -> MediaInputEntry?
    {
        guard let current, let position = entries.firstIndex(of: current),
            let next = ChannelConversion.wrapped(position, by: forward ? 1 : -1, total: entries.count)
        else { return forward ? entries.first : entries.last }
        return entries[next]
    }

    /// `MediaInput.SelectInput {"Index": n}` with the input selected, even when it did not change (Google's
    /// "switch to HDMI 1" while on HDMI 1 still reaches the device).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard [.setInput, .nextInput, .previousInput].contains(command),
            let index = after.clusters[.MediaInput]?["CurrentInput"].flatMap(ModeConversion.integer)
        else { return nil }
        return [
            MatterCommandDescription(
                command: "MediaInput.SelectInput",
                arguments: JSONObject([("Index", .int(index))]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
