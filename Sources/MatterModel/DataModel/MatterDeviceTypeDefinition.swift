/// One device type as the Matter specification defines it: its id, revision and class, and which clusters (server
/// and client) it requires or allows, with the features, attributes, commands and events it requires of them.
///
/// The table of every definition, ``specification``, is generated from the specification's data model (the DocC
/// article "The Matter data model" says how); nothing in it is typed by hand.
public struct MatterDeviceTypeDefinition: Sendable, Hashable {
    /// A cluster's side on the device type's endpoint.
    public enum Side: String, Sendable, Hashable {
        /// The endpoint serves the cluster (holds its attributes, accepts its commands).
        case server
        /// The endpoint is the cluster's client (sends its commands to another device).
        case client
    }

    /// What a device type requires of one element of a cluster: a feature, an attribute, a command or an event.
    public struct ElementRequirement: Sendable, Hashable {
        /// The element's code as the specification writes it (`0x0000`, or a feature's `LT`); empty when it has none.
        public var code: String
        /// The element's name (`OnOff`, `Lighting`); empty when the data model gives only its code (the Matter 1.5
        /// device types: `<feature code="VDO">`).
        public var name: String
        /// Its conformance on this device type; `nil` when the device type narrows the element without changing
        /// whether it is there.
        public var conformance: MatterConformance?

        public init(code: String, name: String, conformance: MatterConformance?) {
            self.code = code
            self.name = name
            self.conformance = conformance
        }
    }

    /// A cluster on the device type.
    public struct ClusterRequirement: Sendable, Hashable {
        /// The cluster id (On/Off is `0x0006`).
        public var id: Int
        /// The cluster's name as the device library writes it (`On/Off`).
        public var name: String
        /// Server or client.
        public var side: Side
        /// Whether the device type requires the cluster; `nil` when the data model gives none.
        public var conformance: MatterConformance?
        /// Whether a node has the cluster on one endpoint only (the specification's `S` quality: Basic Information,
        /// Access Control on the Root Node).
        public var singleton: Bool
        /// The features the device type requires of the cluster.
        public var features: [ElementRequirement]
        /// The attributes.
        public var attributes: [ElementRequirement]
        /// The commands.
        public var commands: [ElementRequirement]
        /// The events.
        public var events: [ElementRequirement]

        public init(
            id: Int,
            name: String,
            side: Side,
            conformance: MatterConformance?,
            singleton: Bool,
            features: [ElementRequirement],
            attributes: [ElementRequirement],
            commands: [ElementRequirement],
            events: [ElementRequirement]
        ) {
            self.id = id
            self.name = name
            self.side = side
            self.conformance = conformance
            self.singleton = singleton
            self.features = features
            self.attributes = attributes
            self.commands = commands
            self.events = events
        }
    }

    /// The device type id (On/Off Light is `0x0100`).
    public var id: Int
    /// The name (`On/Off Light`).
    public var name: String
    /// The device type's revision.
    public var revision: Int
    /// Its class (`simple`, `utility`, `node`, `dynamic`); `nil` when the data model gives none.
    public var deviceClass: String?
    /// Its scope (`endpoint` or `node`).
    public var scope: String?
    /// The device type it is a superset of (a Dimmable Light of an On/Off Light), by name.
    public var superset: String?
    /// The conditions the device type defines, by name.
    public var conditions: [String]
    /// Its clusters.
    public var clusters: [ClusterRequirement]

    public init(
        id: Int,
        name: String,
        revision: Int,
        deviceClass: String?,
        scope: String?,
        superset: String?,
        conditions: [String],
        clusters: [ClusterRequirement]
    ) {
        self.id = id
        self.name = name
        self.revision = revision
        self.deviceClass = deviceClass
        self.scope = scope
        self.superset = superset
        self.conditions = conditions
        self.clusters = clusters
    }

    /// The clusters the device type requires unconditionally, on `side`.
    public func mandatoryClusters(_ side: Side) -> [ClusterRequirement] {
        clusters.filter { $0.side == side && $0.conformance == .mandatory(nil) }
    }

    private static let byID: [Int: MatterDeviceTypeDefinition] = Dictionary(
        specification.map { ($0.id, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    /// The specification's definition of the device type `id`, if it has one.
    public static func definition(id: Int) -> MatterDeviceTypeDefinition? {
        byID[id]
    }
}
