extension MatterClusterDefinition {
    /// A data type a cluster defines: an enum, a bitmap, a struct, or a named number.
    public struct DataType: Sendable, Hashable {
        /// What the type is, with its items, bitfields or fields.
        public enum Kind: Sendable, Hashable {
            /// An enum: its base type when the data model names one (`status`), and its items.
            case enumeration(base: String?, items: [Item])
            /// A bitmap and its bitfields.
            case bitmap([Bitfield])
            /// A struct: its own access (`fabricScoped`) and its fields.
            case structure(access: Access, fields: [Field])
            /// A named number (Thermostat's `SignedTemperature`, an `int8`); `nil` when the data model leaves the
            /// type to the derived cluster (Alarm Base's `AlarmBitmap`, which each alarm cluster defines).
            case number(base: String?)
        }

        /// The type's name (`StartUpOnOffEnum`).
        public var name: String
        /// Its kind and contents.
        public var kind: Kind

        public init(name: String, kind: Kind) {
            self.name = name
            self.kind = kind
        }

        /// The items, for an enum; empty otherwise.
        public var items: [Item] {
            if case .enumeration(_, let items) = kind { return items }
            return []
        }

        /// The bitfields, for a bitmap; empty otherwise.
        public var bitfields: [Bitfield] {
            if case .bitmap(let bitfields) = kind { return bitfields }
            return []
        }

        /// The fields, for a struct; empty otherwise.
        public var fields: [Field] {
            if case .structure(_, let fields) = kind { return fields }
            return []
        }
    }

    /// One value of an enum.
    public struct Item: Sendable, Hashable {
        /// The value (`0`).
        public var value: Int
        /// Its name (`Off`).
        public var name: String
        /// Its conformance; `nil` when the data model gives none.
        public var conformance: MatterConformance?

        public init(value: Int, name: String, conformance: MatterConformance?) {
            self.value = value
            self.name = name
            self.conformance = conformance
        }
    }

    /// One bitfield of a bitmap: one bit (`0...0`) or a range of bits (Thermostat's `HeatingStage`, `2...3`).
    public struct Bitfield: Sendable, Hashable {
        /// The bits it occupies.
        public var bits: ClosedRange<Int>
        /// Its name.
        public var name: String
        /// Its conformance; `nil` when the data model gives none.
        public var conformance: MatterConformance?

        public init(bits: ClosedRange<Int>, name: String, conformance: MatterConformance?) {
            self.bits = bits
            self.name = name
            self.conformance = conformance
        }
    }
}
