import MatterModel

/// One setting of a Google mode: Google's `setting_name`, its English synonyms (the first is the canonical name,
/// Google: "The first string in this list will be used as the canonical name for the level in that language"),
/// and the Matter value that selects it (a `Mode` number, a list index or an enum value, per ``ModeSource``).
struct ModeSetting: Equatable, Sendable {
    var name: String
    var synonyms: [String]
    var value: Int
}

/// Pure conversions between Matter's mode lists and Google's `Modes` settings.
///
/// `setting_name` is derived from the Matter value, never from the label: Google's `setting_name` is the
/// "Internal name of the mode setting, which will be used in commands and states. This can be non-user-friendly,
/// and will be shared across all languages", and Matter's `ModeOptionStruct.Mode` is the one field that is both
/// unique in `SupportedModes` (Mode Base requires a distinct `Mode` per entry; `SupportedModes` has fixed
/// persistence, `<quality persistence="fixed"/>` in `ModeBase.xml`) and language-independent,
/// while `Label` is free text that two options may share and a firmware update may translate. The label and the
/// mode tags' meanings become the synonyms, which is what Google speaks and hears.
enum ModeConversion {
    /// The setting name of a mode-base (or Mode Select) option: `mode-<Mode>`.
    static func settingName(mode: Int) -> String { "mode-\(mode)" }

    /// The setting name of a list entry chosen by index (spin speeds, temperature levels): `<prefix>-<index>`.
    static func settingName(prefix: String, index: Int) -> String { "\(prefix)-\(index)" }

    /// The Matter `Mode` value a setting name stands for, if it is a mode setting name.
    static func mode(fromSettingName name: String) -> Int? {
        guard name.hasPrefix("mode-") else { return nil }
        return Int(name.dropFirst(5))
    }

    /// The common mode tags every mode-base cluster shares (Matter 1.4 Application Clusters, Mode Base,
    /// common tags 0x0000–0x0009, as `Mode_LaundryWasher.xml` repeats them), with the English words a user says for them.
    static let commonTags: [Int: [String]] = [
        0x00: ["auto", "automatic"],
        0x01: ["quick", "fast"],
        0x02: ["quiet"],
        0x03: ["low noise"],
        0x04: ["low energy", "eco"],
        0x05: ["vacation", "holiday"],
        0x06: ["minimum", "min"],
        0x07: ["maximum", "max"],
        0x08: ["night"],
        0x09: ["day"],
    ]

    /// Each mode-base cluster's own tags (the derived cluster's "Mode Tags" table, values from 0x4000), with
    /// English words. Mode Select has no tags of this kind (its `SemanticTags` belong to a namespace).
    static let derivedTags: [ClusterID: [Int: [String]]] = [
        .LaundryWasherMode: [0x4000: ["normal"], 0x4001: ["delicate"], 0x4002: ["heavy"], 0x4003: ["whites"]],
        .DishwasherMode: [0x4000: ["normal"], 0x4001: ["heavy"], 0x4002: ["light"]],
        .RvcCleanMode: [
            0x4000: ["deep clean"], 0x4001: ["vacuum"], 0x4002: ["mop"], 0x4003: ["vacuum then mop"],
        ],
        .RefrigeratorAndTemperatureControlledCabinetMode: [0x4000: ["rapid cool"], 0x4001: ["rapid freeze"]],
        .OvenMode: [
            0x4000: ["bake"], 0x4001: ["convection"], 0x4002: ["grill"], 0x4003: ["roast"], 0x4004: ["clean"],
            0x4005: ["convection bake"], 0x4006: ["convection roast"], 0x4007: ["warming"], 0x4008: ["proofing"],
            0x4009: ["steam"],
        ],
        .MicrowaveOvenMode: [0x4000: ["normal"], 0x4001: ["defrost"]],
        .WaterHeaterMode: [0x4000: ["off"], 0x4001: ["manual"], 0x4002: ["timed"]],
        .EnergyEvseMode: [0x4000: ["manual"], 0x4001: ["time of use"], 0x4002: ["solar charging"]],
    ]

    /// The English words for the standard tags of one option: common tags, then the cluster's own. A tag with
    /// `MfgCode` is manufacturer-defined (Mode Base: with `MfgCode` present the `Value` is in the
    /// manufacturer-specific range), so it has no language-independent meaning and brings no word.
    static func tagWords(_ tags: [AttributeValue], cluster: ClusterID) -> [String] {
        tags.flatMap { tag -> [String] in
            guard let fields = tag.structureValue, fields["MfgCode"] == nil || fields["MfgCode"] == .null,
                let value = fields["Value"].flatMap(integer)
            else { return [] }
            return commonTags[value] ?? derivedTags[cluster]?[value] ?? []
        }
    }

    /// Google settings from a `SupportedModes` list of `ModeOptionStruct` (`{Label, Mode, ModeTags}`, or Mode
    /// Select's `{Label, Mode, SemanticTags}`): one per well-formed option, in the device's order, the first
    /// option of a repeated `Mode` winning. Synonyms: the label, then the tags' words, without repeats.
    static func settings(fromSupportedModes options: [AttributeValue], cluster: ClusterID) -> [ModeSetting] {
        var seen: Set<Int> = []
        return options.compactMap { option in
            guard let fields = option.structureValue, let mode = fields["Mode"].flatMap(integer),
                seen.insert(mode).inserted
            else { return nil }
            let label = fields["Label"]?.stringValue ?? ""
            let words = tagWords(fields["ModeTags"]?.listValue ?? [], cluster: cluster)
            return ModeSetting(
                name: settingName(mode: mode),
                synonyms: synonyms([label] + words, fallback: "mode \(mode)"),
                value: mode
            )
        }
    }

    /// Settings from a list of strings chosen by index (`SpinSpeeds`, `SupportedTemperatureLevels`).
    static func settings(fromLabels labels: [AttributeValue], prefix: String) -> [ModeSetting] {
        labels.enumerated().map { index, label in
            ModeSetting(
                name: settingName(prefix: prefix, index: index),
                synonyms: synonyms([label.stringValue ?? ""], fallback: "\(prefix) \(index + 1)"),
                value: index
            )
        }
    }

    /// Settings from a list of enum values (`SupportedRinses`, `SupportedDrynessLevels`), named by `names`; a value
    /// the table does not know is left out.
    static func settings(fromEnumValues values: [AttributeValue], names: [Int: [String]]) -> [ModeSetting] {
        var seen: Set<Int> = []
        return values.compactMap { value in
            guard let number = integer(value), seen.insert(number).inserted, let words = names[number],
                let name = words.first
            else { return nil }
            return ModeSetting(name: name, synonyms: words, value: number)
        }
    }

    /// Trimmed, non-empty, case-insensitively unique synonyms in order; `fallback` when none is left (Google
    /// requires at least one synonym to speak).
    static func synonyms(_ candidates: [String], fallback: String) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for candidate in candidates {
            let word = trimmed(candidate)
            guard !word.isEmpty, seen.insert(word.lowercased()).inserted else { continue }
            result.append(word)
        }
        return result.isEmpty ? [fallback] : result
    }

    /// `text` without leading and trailing white space.
    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// An integer attribute value, whether stored signed or unsigned.
    static func integer(_ value: AttributeValue) -> Int? {
        switch value {
        case .int(let number): return number
        case .unsigned(let number): return Int(exactly: number)
        default: return nil
        }
    }
}
