/// One cluster as the Matter specification defines it: its id, revision and classification, its features, data
/// types, attributes, commands and events, each with its conformance, access, quality and constraint.
///
/// The table of every definition, ``specification``, is generated from the specification's data model (the DocC
/// article "The Matter data model" says how); nothing in it is typed by hand. A derived cluster (RVC Run Mode on
/// Mode Base, RVC Operational State on Operational State) is written merged with its base, as the specification
/// reads it: what the derived cluster names replaces or narrows the base's, the rest is inherited.
public struct MatterClusterDefinition: Sendable, Hashable {
    /// Where the cluster sits among the specification's clusters.
    public struct Classification: Sendable, Hashable {
        /// A base cluster, or one derived from a base.
        public enum Hierarchy: String, Sendable, Hashable {
            /// A cluster of its own.
            case base
            /// A cluster derived from ``Classification/baseCluster``.
            case derived
        }

        /// Base or derived.
        public var hierarchy: Hierarchy
        /// The cluster this one derives from, by name (`Mode Base`); `nil` for a base cluster.
        public var baseCluster: String?
        /// Its role (`application`, `utility`).
        public var role: String?
        /// Its PICS code (`OO`); for a file defining several clusters, each cluster's own (`CMOCONC`).
        public var picsCode: String?
        /// Its scope (`Endpoint`, `Node`).
        public var scope: String?

        public init(hierarchy: Hierarchy, baseCluster: String?, role: String?, picsCode: String?, scope: String?) {
            self.hierarchy = hierarchy
            self.baseCluster = baseCluster
            self.role = role
            self.picsCode = picsCode
            self.scope = scope
        }
    }

    /// A feature of the cluster: one bit of its `FeatureMap`.
    public struct Feature: Sendable, Hashable {
        /// The bit (On/Off's `LT` is bit 0).
        public var bit: Int
        /// The code (`LT`).
        public var code: String
        /// The name (`Lighting`).
        public var name: String
        /// Whether a server must, may or must not support it; `nil` when the data model gives none.
        public var conformance: MatterConformance?

        public init(bit: Int, code: String, name: String, conformance: MatterConformance?) {
            self.bit = bit
            self.code = code
            self.name = name
            self.conformance = conformance
        }
    }

    /// The cluster id (On/Off is `0x0006`).
    public var id: Int
    /// The cluster's name as its `clusterIds` write it (`On/Off`, `Carbon Monoxide Concentration Measurement`).
    public var name: String
    /// The cluster's revision.
    public var revision: Int
    /// Base or derived, role, PICS code, scope.
    public var classification: Classification
    /// The cluster id's own conformance (`P` for a provisional cluster); `nil` when the data model gives none.
    public var conformance: MatterConformance?
    /// Its features, by bit.
    public var features: [Feature]
    /// Its enums, bitmaps, structs and named numbers.
    public var dataTypes: [DataType]
    /// Its attributes.
    public var attributes: [Attribute]
    /// Its commands, requests and responses.
    public var commands: [Command]
    /// Its events.
    public var events: [Event]

    public init(
        id: Int,
        name: String,
        revision: Int,
        classification: Classification,
        conformance: MatterConformance?,
        features: [Feature],
        dataTypes: [DataType],
        attributes: [Attribute],
        commands: [Command],
        events: [Event]
    ) {
        self.id = id
        self.name = name
        self.revision = revision
        self.classification = classification
        self.conformance = conformance
        self.features = features
        self.dataTypes = dataTypes
        self.attributes = attributes
        self.commands = commands
        self.events = events
    }

    /// The attribute named `name` (`OnOff`), if the cluster has one.
    public func attribute(named name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    /// The attribute `id`, if the cluster has one.
    public func attribute(id: Int) -> Attribute? {
        attributes.first { $0.id == id }
    }

    /// The command named `name` (`Toggle`), if the cluster has one.
    public func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }

    /// The event named `name`, if the cluster has one.
    public func event(named name: String) -> Event? {
        events.first { $0.name == name }
    }

    /// The data type named `name` (`StartUpOnOffEnum`), if the cluster defines one.
    public func dataType(named name: String) -> DataType? {
        dataTypes.first { $0.name == name }
    }

    /// The feature whose code is `code` (`LT`), if the cluster has one.
    public func feature(code: String) -> Feature? {
        features.first { $0.code == code }
    }

    /// The specification's definition of the cluster `id`, if it has one. Only that cluster is built: reading the
    /// whole table (``specification``) costs about 4.4 MiB.
    public static func definition(id: Int) -> MatterClusterDefinition? {
        generatedDefinition(id: id)
    }
}
