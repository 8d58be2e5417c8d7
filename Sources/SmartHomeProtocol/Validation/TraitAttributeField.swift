/// One documented member of an attributes object.
struct TraitAttributeField: Sendable {
    var name: String
    var schema: TraitAttributeSchema
    var isRequired: Bool

    init(_ name: String, _ schema: TraitAttributeSchema, required: Bool = false) {
        self.name = name
        self.schema = schema
        self.isRequired = required
    }
}
