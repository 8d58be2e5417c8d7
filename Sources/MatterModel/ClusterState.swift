/// The attribute values of one cluster on one device, keyed by Matter attribute name (`CurrentLevel`, …).
public struct ClusterState: Sendable, Hashable {
    /// Attribute values keyed by Matter attribute name.
    public var attributes: [String: AttributeValue]

    /// Creates a state from attribute values keyed by Matter attribute name.
    public init(_ attributes: [String: AttributeValue] = [:]) {
        self.attributes = attributes
    }

    /// The value of one attribute.
    public subscript(_ attribute: Attribute) -> AttributeValue? {
        get { attributes[attribute.name] }
        set { attributes[attribute.name] = newValue }
    }

    /// The integer value of one attribute, or `nil` when absent or not an integer.
    public func int(_ attribute: Attribute) -> Int? {
        attributes[attribute.name]?.intValue
    }

    /// The boolean value of one attribute, or `nil` when absent or not a boolean.
    public func bool(_ attribute: Attribute) -> Bool? {
        attributes[attribute.name]?.boolValue
    }

    // MARK: - By name read at run time

    /// The value of the attribute a device file or the command line names (`"CurrentLevel"`). Code names
    /// attributes with ``Attribute`` instead, so that a misspelt one does not compile.
    public subscript(_ name: String) -> AttributeValue? {
        get { attributes[name] }
        set { attributes[name] = newValue }
    }

    /// The integer value of the attribute named at run time, or `nil` when absent or not an integer.
    public func int(_ name: String) -> Int? {
        attributes[name]?.intValue
    }

    /// The boolean value of the attribute named at run time, or `nil` when absent or not a boolean.
    public func bool(_ name: String) -> Bool? {
        attributes[name]?.boolValue
    }
}
