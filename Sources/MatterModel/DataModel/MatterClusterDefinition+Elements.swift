extension MatterClusterDefinition {
    /// An attribute of a cluster.
    public struct Attribute: Sendable, Hashable {
        /// The attribute id (On/Off's `OnOff` is `0x0000`).
        public var id: Int
        /// Its name (`OnOff`).
        public var name: String
        /// Its type; `nil` when the data model gives none.
        public var type: TypeReference?
        /// Its default as the data model writes it (`FALSE`, `0`, `null`, `MS`, `empty`, an enum item's name);
        /// `nil` when it gives none.
        public var defaultValue: String?
        /// Who may read and write it.
        public var access: Access
        /// Nullable, persistence, scene, reporting.
        public var quality: Quality
        /// Its conformance; `nil` when the data model gives none.
        public var conformance: MatterConformance?
        /// The values it may take; `nil` when the data model gives no constraint.
        public var constraint: MatterConstraint?

        public init(
            id: Int,
            name: String,
            type: TypeReference?,
            defaultValue: String?,
            access: Access,
            quality: Quality,
            conformance: MatterConformance?,
            constraint: MatterConstraint?
        ) {
            self.id = id
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.access = access
            self.quality = quality
            self.conformance = conformance
            self.constraint = constraint
        }
    }

    /// A command of a cluster: a request to the server or a response from it.
    public struct Command: Sendable, Hashable {
        /// Which way a command goes.
        public enum Direction: String, Sendable, Hashable {
            /// A request, client to server.
            case commandToServer
            /// A response, server to client.
            case responseFromServer
            /// A command the server sends to the client unprompted.
            case commandToClient
        }

        /// The command id (On/Off's `Toggle` is `0x02`).
        public var id: Int
        /// Its name.
        public var name: String
        /// Request or response; `nil` when the data model gives none.
        public var direction: Direction?
        /// The response's name (`Y` for a plain status response); `nil` when the data model gives none.
        public var response: String?
        /// Who may invoke it, and whether it must be timed or fabric-scoped.
        public var access: Access
        /// Its conformance; `nil` when the data model gives none.
        public var conformance: MatterConformance?
        /// Its fields.
        public var fields: [Field]
        /// The command may be larger than one IPv6 packet carries, so it goes over a session that takes large
        /// messages (the data model's `<quality largeMessage="true"/>`, from Matter 1.5: Camera AV Stream
        /// Management's `CaptureSnapshot`, the WebRTC Transport commands).
        public var largeMessage: Bool

        public init(
            id: Int,
            name: String,
            direction: Direction?,
            response: String?,
            access: Access,
            conformance: MatterConformance?,
            fields: [Field],
            largeMessage: Bool = false
        ) {
            self.id = id
            self.name = name
            self.direction = direction
            self.response = response
            self.access = access
            self.conformance = conformance
            self.fields = fields
            self.largeMessage = largeMessage
        }
    }

    /// An event of a cluster.
    public struct Event: Sendable, Hashable {
        /// An event's priority.
        public enum Priority: String, Sendable, Hashable {
            /// Debug.
            case debug
            /// Info.
            case info
            /// Critical.
            case critical
            /// Given in the specification's prose (`desc`).
            case described
        }

        /// The event id.
        public var id: Int
        /// Its name.
        public var name: String
        /// Its priority; `nil` when the data model gives none.
        public var priority: Priority?
        /// Who may read it.
        public var access: Access
        /// Its conformance; `nil` when the data model gives none.
        public var conformance: MatterConformance?
        /// Its fields.
        public var fields: [Field]

        public init(
            id: Int,
            name: String,
            priority: Priority?,
            access: Access,
            conformance: MatterConformance?,
            fields: [Field]
        ) {
            self.id = id
            self.name = name
            self.priority = priority
            self.access = access
            self.conformance = conformance
            self.fields = fields
        }
    }

    /// A field of a struct, a command or an event.
    public struct Field: Sendable, Hashable {
        /// The field id (its tag); `nil` when the data model gives none (Wi-Fi Network Management's
        /// `NetworkPassphraseResponse` writes its one field, `Passphrase`, without an id).
        public var id: Int?
        /// Its name.
        public var name: String
        /// Its type; `nil` when the data model gives none.
        public var type: TypeReference?
        /// Its default as the data model writes it; `nil` when it gives none.
        public var defaultValue: String?
        /// Its access (`fabricSensitive`).
        public var access: Access
        /// Nullable and the other qualities.
        public var quality: Quality
        /// Its conformance; `nil` when the data model gives none.
        public var conformance: MatterConformance?
        /// The values it may take; `nil` when the data model gives no constraint.
        public var constraint: MatterConstraint?

        public init(
            id: Int?,
            name: String,
            type: TypeReference?,
            defaultValue: String?,
            access: Access,
            quality: Quality,
            conformance: MatterConformance?,
            constraint: MatterConstraint?
        ) {
            self.id = id
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.access = access
            self.quality = quality
            self.conformance = conformance
            self.constraint = constraint
        }
    }

    /// An element's type: a type by name (`bool`, `uint8`, `StartUpOnOffEnum`), or a list and its entry type.
    public enum TypeReference: Sendable, Hashable {
        /// A base type of the specification (`bool`, `single`, `temperature`) or one the cluster defines.
        case named(String)
        /// A list of `entry` (`ModeOptionStruct`), with the constraint on each entry when the data model gives one.
        case list(entry: String, constraint: MatterConstraint?)
    }

    /// A privilege of the Access Control cluster.
    public enum Privilege: String, Sendable, Hashable {
        /// View.
        case view
        /// Operate.
        case operate
        /// Manage.
        case manage
        /// Administer (`admin` in the data model).
        case administer
    }

    /// Who may read, write or invoke an element, as the data model writes its access.
    public struct Access: Sendable, Hashable {
        /// Whether an attribute is writable.
        public enum Write: String, Sendable, Hashable {
            /// Not writable.
            case none
            /// Writable.
            case required
            /// Writable at the implementer's choice (`W[O]`).
            case optional
        }

        /// Whether the element can be read; `nil` when the data model does not say.
        public var read: Bool?
        /// Whether it can be written; `nil` when the data model does not say.
        public var write: Write?
        /// The privilege to read it.
        public var readPrivilege: Privilege?
        /// The privilege to write it.
        public var writePrivilege: Privilege?
        /// The privilege to invoke a command.
        public var invokePrivilege: Privilege?
        /// A timed interaction is required.
        public var timed: Bool
        /// Fabric-scoped (`F`).
        public var fabricScoped: Bool
        /// Fabric-sensitive (`S`).
        public var fabricSensitive: Bool

        public init(
            read: Bool? = nil,
            write: Write? = nil,
            readPrivilege: Privilege? = nil,
            writePrivilege: Privilege? = nil,
            invokePrivilege: Privilege? = nil,
            timed: Bool = false,
            fabricScoped: Bool = false,
            fabricSensitive: Bool = false
        ) {
            self.read = read
            self.write = write
            self.readPrivilege = readPrivilege
            self.writePrivilege = writePrivilege
            self.invokePrivilege = invokePrivilege
            self.timed = timed
            self.fabricScoped = fabricScoped
            self.fabricSensitive = fabricSensitive
        }
    }

    /// An element's qualities (Matter Core §7.7): nullable, persistence, scene, reporting. A quality the data model
    /// does not give is `false`.
    public struct Quality: Sendable, Hashable {
        /// How long a value lasts.
        public enum Persistence: String, Sendable, Hashable {
            /// Fixed (`F`): never changes.
            case fixed
            /// Non-volatile (`N`): kept across restarts.
            case nonVolatile
            /// Volatile: lost on restart.
            case volatile
        }

        /// The value may be null (`X`).
        public var nullable: Bool
        /// Its persistence; `nil` when the data model gives none.
        public var persistence: Persistence?
        /// Part of a scene (`S`).
        public var scene: Bool
        /// Reportable (`P`).
        public var reportable: Bool
        /// Changes are omitted from reports (`C`).
        public var changeOmitted: Bool
        /// Source attribution (`A`).
        public var sourceAttribution: Bool
        /// Quieter reporting (`Q`).
        public var quieterReporting: Bool
        /// Atomic write (`T`).
        public var atomicWrite: Bool

        public init(
            nullable: Bool = false,
            persistence: Persistence? = nil,
            scene: Bool = false,
            reportable: Bool = false,
            changeOmitted: Bool = false,
            sourceAttribution: Bool = false,
            quieterReporting: Bool = false,
            atomicWrite: Bool = false
        ) {
            self.nullable = nullable
            self.persistence = persistence
            self.scene = scene
            self.reportable = reportable
            self.changeOmitted = changeOmitted
            self.sourceAttribution = sourceAttribution
            self.quieterReporting = quieterReporting
            self.atomicWrite = atomicWrite
        }
    }
}
