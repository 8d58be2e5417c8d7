import MatterModel

/// One Google input of an endpoint: an entry of Matter Media Input's `InputList`.
///
/// Matter (Media Input cluster 0x0507): `InputList` "SHALL provide a list of the media inputs supported by the
/// device", each an `InputInfoStruct {Index (uint8), InputType (InputTypeEnum), Name (string), Description
/// (string)}`; `CurrentInput` "SHALL contain the value of the index field of the currently selected
/// InputInfoStruct"; `SelectInput {Index}` "Upon receipt, this command SHALL change the media input on the device
/// to the input at a specific index in the Input List."
///
/// Google (traits/inputselector): each `availableInputs` item has a `key`, "Unique key for the input. The key
/// should not be exposed to users in speech or response", and `names`, "List of names for the input for all
/// available languages", each `{lang, name_synonym}` where "The first synonym is used in Google Assistant's
/// response to the user."
///
/// - `key` is `input-<Index>`: `Index` is what `SelectInput` takes and stays put when the user renames an input
///   (Matter's `RenameInput` changes only `Name`).
/// - The synonyms are the input's `Name`, its `Description`, and the default name of its type and rank, such as
///   "HDMI 2" for the second HDMI input (Google: "user-created and discovered names are supported, as well as
///   default names; for example, 'hdmi_1' might also be 'DVD player'"). Repeats and empty strings are dropped.
/// - `lang` is `en`, as for every trait Hearth names (Matter's strings carry no language).
/// - Entries are in `Index` order; an entry whose `Index` repeats an earlier one is left out (SelectInput could not
///   tell them apart).
struct MediaInputEntry: Equatable, Sendable {
    /// Matter's `Index`.
    var index: Int
    /// English synonyms, the first being what Google says.
    var synonyms: [String]

    /// Google's `key`.
    var key: String { Self.key(index: index) }

    /// The `key` of the input at `index`.
    static func key(index: Int) -> String { "input-\(index)" }

    /// The `Index` a key stands for, if it is an input key.
    static func index(fromKey key: String) -> Int? {
        guard key.hasPrefix("input-"), let index = Int(key.dropFirst(6)), index >= 0 else { return nil }
        return index
    }

    /// The English word for each `InputTypeEnum` value (Media Input: 0 Internal, 1 Aux, 2 Coax, 3 Composite,
    /// 4 HDMI, 5 Input, 6 Line, 7 Optical, 8 Video, 9 SCART, 10 USB, 11 Other). "Other" gives no default name.
    static let typeWords: [Int: String] = [
        0: "internal", 1: "AUX", 2: "coax", 3: "composite", 4: "HDMI", 5: "input", 6: "line in", 7: "optical",
        8: "video", 9: "SCART", 10: "USB",
    ]

    /// The usable inputs of `endpoint`'s Media Input, in `Index` order.
    static func entries(of endpoint: Endpoint) -> [MediaInputEntry] {
        guard let state = endpoint.clusters[.MediaInput] else { return [] }
        return entries(fromInputList: state["InputList"]?.listValue ?? [])
    }

    /// Entries from an `InputList`: one per well-formed `InputInfoStruct`, sorted by `Index`, the first of a
    /// repeated `Index` winning.
    static func entries(fromInputList list: [AttributeValue]) -> [MediaInputEntry] {
        var seen: Set<Int> = []
        var rankOfType: [Int: Int] = [:]
        var entries: [MediaInputEntry] = []
        // Sorted by Index, then by place in the list, so that the first of a repeated Index wins.
        let structs = list.compactMap(\.structureValue)
            .compactMap { fields in fields["Index"].flatMap(ModeConversion.integer).map { ($0, fields) } }
            .enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map(\.element)
        for (index, fields) in structs where seen.insert(index).inserted {
            let type = fields["InputType"].flatMap(ModeConversion.integer)
            var defaultName: String?
            if let type, let word = typeWords[type] {
                let rank = (rankOfType[type] ?? 0) + 1
                rankOfType[type] = rank
                defaultName = "\(word) \(rank)"
            }
            let names = [fields["Name"]?.stringValue, fields["Description"]?.stringValue, defaultName]
            entries.append(
                MediaInputEntry(
                    index: index,
                    synonyms: ModeConversion.synonyms(names.compactMap { $0 }, fallback: "input \(index)")
                )
            )
        }
        return entries
    }

    /// The entry `CurrentInput` names, if any.
    static func current(of endpoint: Endpoint, in entries: [MediaInputEntry]) -> MediaInputEntry? {
        guard let current = endpoint.clusters[.MediaInput]?["CurrentInput"].flatMap(ModeConversion.integer) else {
            return nil
        }
        return entries.first { $0.index == current }
    }
}
