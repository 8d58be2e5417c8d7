/// One Matter attribute Hearth models: its cluster and its name as the Matter data model spells it
/// (`connectedhomeip`'s `src/app/zap-templates/zcl/data-model/chip/*.xml`).
///
/// Every attribute is declared once, as a static member of its cluster's namespace (``Attribute/FanControl/fanMode``
/// is Fan Control's `FanMode`; `Attribute+Clusters.swift`): the schema (``AttributeSpec``), the mapping to Google and
/// the rules between attributes read and write cluster state through these, so a misspelt attribute is a compile
/// error. Device files and the registry keep the Matter names (``name``); names read at run time (a device file, the
/// command line) go through ``ClusterState``'s string subscript and ``AttributeSchema/spec(_:_:)``.
public struct Attribute: Sendable, Hashable, CustomStringConvertible {
    /// The cluster the attribute belongs to.
    public let cluster: ClusterID
    /// The Matter attribute name (`FanMode`), as device files and the registry write it.
    public let name: String

    init(_ cluster: ClusterID, _ name: String) {
        self.cluster = cluster
        self.name = name
    }

    /// The Matter attribute name, as messages show it.
    public var description: String { name }
}
