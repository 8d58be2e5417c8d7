import MatterModel
import PropertyBased
import Testing

@testable import Fulfillment

/// Matter's `SupportedModes` and controls lists as Google `Modes` settings (``ModeConversion``).
struct ModesConversionTests {
    static func option(_ label: String, _ mode: Int, tags: [Int] = [], mfgTags: [Int] = []) -> AttributeValue {
        let standard = tags.map { AttributeValue.structure(["Value": .int($0)]) }
        let manufacturer = mfgTags.map { AttributeValue.structure(["MfgCode": .int(0x1234), "Value": .int($0)]) }
        return .structure(["Label": .string(label), "Mode": .int(mode), "ModeTags": .list(standard + manufacturer)])
    }

    @Test func labelThenTagWordsAreTheSynonyms() {
        let settings = ModeConversion.settings(
            fromSupportedModes: [
                Self.option("Normal", 0, tags: [0x4000]),
                Self.option("Delicates", 1, tags: [0x4001, 0x02]),
                Self.option("Eco 40", 2, tags: [0x04]),
            ],
            cluster: .LaundryWasherMode
        )
        #expect(
            settings == [
                ModeSetting(name: "mode-0", synonyms: ["Normal"], value: 0),
                ModeSetting(name: "mode-1", synonyms: ["Delicates", "delicate", "quiet"], value: 1),
                ModeSetting(name: "mode-2", synonyms: ["Eco 40", "low energy", "eco"], value: 2),
            ]
        )
    }

    /// Each cluster's own tags mean different things at the same value: 0x4001 is Delicate for a washer, Heavy for
    /// a dishwasher, Rapid Freeze for a fridge.
    @Test func derivedTagsAreReadPerCluster() {
        let tags: [AttributeValue] = [.structure(["Value": .int(0x4001)])]
        #expect(ModeConversion.tagWords(tags, cluster: .LaundryWasherMode) == ["delicate"])
        #expect(ModeConversion.tagWords(tags, cluster: .DishwasherMode) == ["heavy"])
        #expect(
            ModeConversion.tagWords(tags, cluster: .RefrigeratorAndTemperatureControlledCabinetMode) == ["rapid freeze"]
        )
        #expect(ModeConversion.tagWords(tags, cluster: .ModeSelect) == [])
    }

    /// A manufacturer's tag has no meaning Hearth can speak; an empty label falls back to the tag words, then to
    /// "mode <n>".
    @Test func manufacturerTagsAndEmptyLabels() {
        let settings = ModeConversion.settings(
            fromSupportedModes: [Self.option("  ", 7, mfgTags: [0x8000]), Self.option("", 8, tags: [0x01])],
            cluster: .DishwasherMode
        )
        #expect(settings.map(\.synonyms) == [["mode 7"], ["quick", "fast"]])
    }

    /// Malformed options are skipped; a repeated `Mode` keeps its first option.
    @Test func malformedAndRepeatedOptions() {
        let settings = ModeConversion.settings(
            fromSupportedModes: [
                .int(3), .structure(["Label": .string("No mode")]), Self.option("A", 1), Self.option("B", 1),
                .structure(["Label": .string("Unsigned"), "Mode": .unsigned(4)]),
            ],
            cluster: .OvenMode
        )
        #expect(settings.map(\.name) == ["mode-1", "mode-4"])
        #expect(settings.first?.synonyms == ["A"])
    }

    @Test func labelsAndEnumValues() {
        #expect(
            ModeConversion.settings(fromLabels: [.string("Off"), .string("1200 rpm")], prefix: "speed")
                == [
                    ModeSetting(name: "speed-0", synonyms: ["Off"], value: 0),
                    ModeSetting(name: "speed-1", synonyms: ["1200 rpm"], value: 1),
                ]
        )
        #expect(
            ModeConversion.settings(fromEnumValues: [.int(2), .int(9), .int(0), .int(2)], names: ModeOffer.rinseNames)
                .map(\.name) == ["extra", "none"]
        )
    }

    @Test func settingNamesReadBack() {
        #expect(ModeConversion.mode(fromSettingName: "mode-12") == 12)
        #expect(ModeConversion.mode(fromSettingName: "speed-1") == nil)
        #expect(ModeConversion.mode(fromSettingName: "mode-x") == nil)
    }

    /// Every `SupportedModes` list round-trips: each option gives one setting, setting names are unique even when
    /// labels collide (and whatever their case), and each setting name reads back to its `Mode`.
    @Test func everySupportedModesListRoundTrips() async {
        let labels = Gen.element(of: ["Normal", "normal", "NORMAL", "Quick", "", " ", "Eco", "Eco "])
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 0...255).set(ofAtMost: 0...20),
            labels.array(of: 20),
            Gen.int(in: 0...0x4004).array(of: 0...3)
        ) { modes, labels, tags in
            let options = modes.sorted().enumerated().map { index, mode in
                Self.option(labels[index] ?? "", mode, tags: tags)
            }
            let settings = ModeConversion.settings(fromSupportedModes: options, cluster: .LaundryWasherMode)
            #expect(settings.count == modes.count)
            #expect(Set(settings.map(\.name)).count == settings.count)
            for setting in settings {
                #expect(ModeConversion.mode(fromSettingName: setting.name) == setting.value)
                #expect(!setting.synonyms.isEmpty)
                #expect(Set(setting.synonyms.map { $0.lowercased() }).count == setting.synonyms.count)
                #expect(setting.synonyms.allSatisfy { !$0.isEmpty && $0 == ModeConversion.trimmed($0) })
            }
        }
    }
}
