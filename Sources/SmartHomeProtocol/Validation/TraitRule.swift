import JSON

/// The SYNC attributes of one trait: its documented members, plus the rules that span members.
struct TraitRule: Sendable {
    /// `action.devices.traits.<Name>`.
    var trait: String
    /// Every attribute the trait page documents; a device attribute that belongs to none of its traits' fields is
    /// unknown to Google.
    var fields: [TraitAttributeField]
    /// Rules a per-member table cannot express ("at least one of", "min below max"). Paths start at `attributes`.
    var crossCheck: (@Sendable (JSONObject, inout ViolationCollector) -> Void)?

    init(
        _ name: String,
        _ fields: [TraitAttributeField],
        crossCheck: (@Sendable (JSONObject, inout ViolationCollector) -> Void)? = nil
    ) {
        self.trait = GoogleVocabulary.traitPrefix + name
        self.fields = fields
        self.crossCheck = crossCheck
    }
}
