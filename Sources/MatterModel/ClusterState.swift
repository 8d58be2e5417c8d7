/// The attribute values of one cluster on one device, keyed by Matter attribute name (`CurrentLevel`, …).
public struct ClusterState: Sendable, Hashable {
    /// Attribute values keyed by Matter attribute name.
    public var attributes: [String: AttributeValue]

    /// Creates a state from attribute values keyed by Matter attribute name.
    public init(_ attributes: [String: AttributeValue] = [:]) {
        self.attributes = attributes
    }

    /// The value of one attribute.
    public subscript(_ name: String) -> AttributeValue? {
        get { attributes[name] }
        set { attributes[name] = newValue }
    }

    /// The integer value of one attribute, or `nil` when absent or not an integer.
    public func int(_ name: String) -> Int? {
        attributes[name]?.intValue
    }

    /// The boolean value of one attribute, or `nil` when absent or not a boolean.
    public func bool(_ name: String) -> Bool? {
        attributes[name]?.boolValue
    }
}
