import JSON

extension TraitAttributeRules {
    /// traits/inputselector: "`availableInputs` Array **Required.** List of objects representing input audio or
    /// video feeds", each with `key` ("**Required.** Unique key for the input") and `names` ("**Required.** List
    /// of names for the input for all available languages", each `lang` and `name_synonym` "**Required.**");
    /// `commandOnlyInputSelector` and `orderedInputs` are booleans (Default: `false`).
    static let inputSelector = TraitRule(
        "InputSelector",
        [
            TraitAttributeField(
                "availableInputs",
                .array(
                    of: .object([
                        TraitAttributeField("key", .string(nonEmpty: true), required: true),
                        TraitAttributeField("names", .array(of: synonyms("name_synonym")), required: true),
                    ])
                ),
                required: true
            ),
            TraitAttributeField("commandOnlyInputSelector", .boolean),
            TraitAttributeField("orderedInputs", .boolean),
        ],
        crossCheck: { attributes, collector in
            checkNamed(
                attributes["availableInputs"]?.arrayValue ?? [],
                key: "key",
                synonyms: "names",
                at: "attributes.availableInputs",
                &collector
            )
        }
    )

    /// traits/channel: "`availableChannels` Array **Required.** List of objects describing available media channels
    /// for this particular device", each with `key` ("**Required.** Unique identifier for this channel"), `names`
    /// ("**Required.** List of user-visible names for this channel", strings) and `number` ("Optional numeric
    /// identifier for this channel", a string); `commandOnlyChannels` (Boolean, Default: `false`). The page's
    /// advice "keep the channel list small (to 30 channels or less)" is a warning beyond 30.
    static let channel = TraitRule(
        "Channel",
        [
            TraitAttributeField(
                "availableChannels",
                .array(
                    of: .object([
                        TraitAttributeField("key", .string(nonEmpty: true), required: true),
                        TraitAttributeField(
                            "names",
                            .array(of: .string(nonEmpty: true), minimumCount: 1),
                            required: true
                        ),
                        TraitAttributeField("number", .string(nonEmpty: true)),
                    ])
                ),
                required: true
            ),
            TraitAttributeField("commandOnlyChannels", .boolean),
        ],
        crossCheck: { attributes, collector in
            let channels = attributes["availableChannels"]?.arrayValue ?? []
            if channels.count > recommendedChannelCount {
                collector.warn(
                    "attributes.availableChannels",
                    "\(channels.count) channels; Google recommends \(recommendedChannelCount) or less"
                )
            }
            warnDuplicates(channels, key: "key", at: "attributes.availableChannels", &collector)
        }
    )

    /// traits/channel: "we recommend that you keep the channel list small (to 30 channels or less)".
    static let recommendedChannelCount = 30

    /// traits/appselector: "`availableApplications` Array **Required.** A list of applications. Each application
    /// has one or more synonyms in each supported language", each with `key` ("**Required.** Unique key for the
    /// application") and `names` ("**Required.**", each `name_synonym` and `lang` "**Required.**"). "This trait
    /// currently supports only user queries and commands in the `en-US` language", so an `en` entry is required as
    /// for Modes.
    static let appSelector = TraitRule(
        "AppSelector",
        [
            TraitAttributeField(
                "availableApplications",
                .array(
                    of: .object([
                        TraitAttributeField("key", .string(nonEmpty: true), required: true),
                        TraitAttributeField("names", .array(of: synonyms("name_synonym")), required: true),
                    ])
                ),
                required: true
            )
        ],
        crossCheck: { attributes, collector in
            checkNamed(
                attributes["availableApplications"]?.arrayValue ?? [],
                key: "key",
                synonyms: "names",
                at: "attributes.availableApplications",
                &collector
            )
        }
    )
}
