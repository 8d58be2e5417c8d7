/// A rule between attributes of one cluster that a state breaks, naming the attribute to fix.
public struct AttributeViolation: Sendable, Hashable, CustomStringConvertible {
    /// The Matter attribute name the reason is about (`CurrentLevel`).
    public var attribute: String
    /// Why the value is refused (`"300 is outside MinLevel…MaxLevel (1…254)"`).
    public var reason: String

    /// Creates a violation.
    public init(attribute: String, reason: String) {
        self.attribute = attribute
        self.reason = reason
    }

    /// Creates a violation about one of the attributes Hearth models.
    init(attribute: Attribute, reason: String) {
        self.init(attribute: attribute.name, reason: reason)
    }

    /// `"CurrentLevel: 300 is outside MinLevel…MaxLevel (1…254)"`.
    public var description: String { "\(attribute): \(reason)" }
}
