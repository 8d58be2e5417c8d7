extension MatterClusterDefinition {
    /// The type of the attribute named `name` (`SupportedModes`), with its nullability and its constraint's limits;
    /// `nil` when the cluster has no such attribute or its type cannot be resolved (a name no cluster file and no
    /// global data type defines, such as Joint Fabric Datastore's `DataTypeList[…]` entries).
    public func valueType(ofAttribute name: String) -> MatterValueType? {
        attribute(named: name).flatMap(valueType(of:))
    }

    /// The type of `attribute`, with its nullability and its constraint's limits; `nil` when it cannot be resolved.
    public func valueType(of attribute: Attribute) -> MatterValueType? {
        guard let type = attribute.type else { return nil }
        var resolver = MatterTypeResolver(cluster: self)
        return resolver.resolve(type, nullable: attribute.quality.nullable, constraint: attribute.constraint)
    }

    /// The type of `field` (of a struct, command or event of this cluster), with its nullability and its
    /// constraint's limits; `nil` when it cannot be resolved.
    public func valueType(of field: Field) -> MatterValueType? {
        guard let type = field.type else { return nil }
        var resolver = MatterTypeResolver(cluster: self)
        return resolver.resolve(type, nullable: field.quality.nullable, constraint: field.constraint)
    }

    /// The type of the field `name` of the struct `structure` (`Label` of `ModeOptionStruct`); `nil` when there is
    /// no such field or its type cannot be resolved.
    public func valueType(ofField name: String, inStruct structure: String) -> MatterValueType? {
        guard let field = dataType(named: structure)?.fields.first(where: { $0.name == name }) else { return nil }
        return valueType(of: field)
    }

    /// The type named `name` as this cluster's data model writes it: a base or derived type of the specification
    /// (`uint8`, `temperature`), one of the cluster's own enums, bitmaps, structs and named numbers, one another
    /// cluster defines (`ref_AccessControlEntryStruct`), or a global data type of the Matter Core specification
    /// (`LocationDescriptorStruct`, `MeasurementTypeEnum`). `nil` when none of them is called that.
    public func valueType(named name: String) -> MatterValueType? {
        var resolver = MatterTypeResolver(cluster: self)
        return resolver.named(name)
    }
}

/// Resolves type names in one cluster's context, following structs into their fields and names into other
/// clusters and then into the global data types (``MatterClusterDefinition/globalDataTypes``), with a depth limit so that a struct naming itself resolves to `nil` instead of looping.
struct MatterTypeResolver {
    let cluster: MatterClusterDefinition
    var depth = 0

    private static let maximumDepth = 16

    /// Names the data model writes for a struct another file defines, to that struct's name. Ecosystem
    /// Information's `EcosystemLocationStruct` writes its `LocationDescriptor` field as `type="locationdesc"`,
    /// the Core specification's short name for the global `LocationDescriptorStruct` (§7.19.3).
    private static let structAliases: [String: String] = [
        "semtag": "SemanticTagStruct",
        "ref_SemTag": "SemanticTagStruct",
        "locationdesc": "LocationDescriptorStruct",
    ]

    /// For every data type name, the first cluster (by id) defining it.
    private static let definingCluster: [String: MatterClusterDefinition] = {
        var table: [String: MatterClusterDefinition] = [:]
        for cluster in MatterClusterDefinition.specification.sorted(by: { $0.id < $1.id }) {
            for dataType in cluster.dataTypes where table[dataType.name] == nil { table[dataType.name] = cluster }
        }
        return table
    }()

    /// The global data types, by name: what a name no cluster defines falls back to.
    private static let globalDataType: [String: MatterClusterDefinition.DataType] = Dictionary(
        MatterClusterDefinition.globalDataTypes.map { ($0.name, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    init(cluster: MatterClusterDefinition) {
        self.cluster = cluster
    }

    mutating func resolve(
        _ reference: MatterClusterDefinition.TypeReference,
        nullable: Bool,
        constraint: MatterConstraint?
    ) -> MatterValueType? {
        switch reference {
        case .named(let name):
            return named(name)?.constrained(by: constraint).nullable(nullable)
        case .list(let entry, let entryConstraint):
            guard let element = named(entry)?.constrained(by: entryConstraint) else { return nil }
            return MatterValueType(name: "list[\(element.name)]", kind: .list(element))
                .constrained(by: constraint).nullable(nullable)
        }
    }

    mutating func named(_ name: String) -> MatterValueType? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        if let standard = MatterValueType.standard(named: name) { return standard }
        let name = Self.structAliases[name] ?? name
        if let dataType = cluster.dataType(named: name) { return resolve(dataType) }
        let bare = name.hasPrefix("ref_") ? String(name.dropFirst(4)) : name
        if bare != name {
            if let standard = MatterValueType.standard(named: bare) { return standard }
            if let dataType = cluster.dataType(named: bare) { return resolve(dataType) }
        }
        if let other = Self.definingCluster[bare], other.id != cluster.id, let dataType = other.dataType(named: bare) {
            var resolver = MatterTypeResolver(cluster: other)
            resolver.depth = depth
            return resolver.resolve(dataType)
        }
        // Last, the Core specification's global types (Service Area's `LocationDescriptorStruct`, Electrical
        // Power Measurement's `MeasurementAccuracyStruct`). Their fields name only base types and other global
        // types, which no cluster redefines, so they resolve in this cluster's context as well as in any.
        guard let global = Self.globalDataType[bare] else { return nil }
        return resolve(global)
    }

    private mutating func resolve(_ dataType: MatterClusterDefinition.DataType) -> MatterValueType? {
        switch dataType.kind {
        case .enumeration(let base, let items):
            guard !items.isEmpty else { return named(base ?? "enum8")?.renamed(dataType.name) }
            let values = Dictionary(items.map { ($0.value, $0.name) }, uniquingKeysWith: { first, _ in first })
            let bits = (values.keys.max() ?? 0) > 0xFF ? 16 : 8
            return MatterValueType(
                name: dataType.name,
                kind: .enumeration(name: dataType.name, bits: bits, items: values)
            )
        case .bitmap(let bitfields):
            var mask: UInt64 = 0
            for bitfield in bitfields {
                for bit in bitfield.bits where (0..<64).contains(bit) { mask |= UInt64(1) << bit }
            }
            let highest = bitfields.map(\.bits.upperBound).max() ?? 0
            let bits = [8, 16, 32, 64].first { highest < $0 } ?? 64
            return MatterValueType(name: dataType.name, kind: .bitmap(name: dataType.name, bits: bits, mask: mask))
        case .structure(_, let fields):
            var resolved: [MatterValueType.Field] = []
            for field in fields {
                if field.type == nil, field.conformance == .deprecated || field.conformance == .disallowed {
                    continue  // ICD Management's MonitoringRegistrationStruct.Key: deprecated, no type, never sent.
                }
                guard let reference = field.type,
                    let type = resolve(reference, nullable: field.quality.nullable, constraint: field.constraint)
                else { return nil }
                resolved.append(
                    MatterValueType.Field(
                        name: field.name,
                        id: field.id,
                        type: type,
                        isMandatory: field.conformance == .mandatory(nil)
                    )
                )
            }
            return MatterValueType(name: dataType.name, kind: .structure(name: dataType.name, fields: resolved))
        case .number(let base):
            guard let base else { return nil }
            return named(base)?.renamed(dataType.name)
        }
    }
}

extension MatterValueType {
    /// The same type with the limits `constraint` gives in numbers added to its own: `between`, `min`, `max` and
    /// `allowed` narrow an integer's (or a float's) range, `lengthBetween`/`minLength`/`maxLength` a string's or
    /// octet string's length, `maxCodePoints` a string's code points, `countBetween`/`minCount`/`maxCount` (on
    /// a list also `between`, `min`, `max`) a list's count. A struct field the data model marks deprecated or
    /// disallowed and gives no type is left out of its struct. A bound naming another attribute or field (`MinLevel`), `MS` or prose is not a number and
    /// leaves that side open. For `anyOf` (several constraints on one element) each limit is the smallest one
    /// enclosing every alternative that speaks of it (`1 to 10, 0xFFFE` allows `1…65534`; `max 128` with
    /// `maxCodePoints 32` keeps both); `allowed(null)` there only says the
    /// value may be null. A constraint the type cannot meet at all is ignored rather than making every value wrong.
    func constrained(by constraint: MatterConstraint?) -> MatterValueType {
        guard let constraint else { return self }
        let limits = ConstraintLimits(constraint)
        var copy = self
        switch kind {
        case .integer, .enumeration, .bitmap, .single, .double:
            if limits.low != nil || limits.high != nil {
                let current =
                    bounds.range ?? (MatterInteger(negative: true, magnitude: .max)...MatterInteger(UInt64.max))
                let low = limits.low ?? current.lowerBound
                let high = limits.high ?? current.upperBound
                if low <= high { copy.bounds.range = Self.intersect(current, low...high) ?? current }
            }
        case .string, .octets:
            if let length = limits.range(limits.minLength, limits.maxLength) {
                copy.bounds.length = bounds.length.flatMap { Self.intersect($0, length) } ?? length
            }
            if case .string = kind, let points = limits.maxCodePoints { copy.bounds.maxCodePoints = points }
        case .list:
            // On a list, `1 to 8` counts entries (Mode_RVCRun.xml's ModeTags), as countBetween does.
            let minimum = limits.minCount ?? limits.low.flatMap(\.intValue)
            let maximum = limits.maxCount ?? limits.high.flatMap(\.intValue)
            if let count = limits.range(minimum, maximum) {
                copy.bounds.count = bounds.count.flatMap { Self.intersect($0, count) } ?? count
            }
        case .bool, .structure:
            break
        }
        return copy
    }
}

/// The numeric limits one constraint gives.
private struct ConstraintLimits {
    var low: MatterInteger?
    var high: MatterInteger?
    var minLength: Int?
    var maxLength: Int?
    var maxCodePoints: Int?
    var minCount: Int?
    var maxCount: Int?
    /// Whether this constraint only says the value may be null.
    var onlyNull = false
    /// Which limits the constraint speaks of (even with a bound that is not a number): value, length, code
    /// points, count.
    var speaks: Set<Dimension> = []

    enum Dimension: Hashable {
        case value
        case length
        case codePoints
        case count
    }

    init(_ constraint: MatterConstraint) {
        switch constraint {
        case .described:
            break
        case .between(let from, let to):
            speaks = [.value]
            low = Self.value(from).map { MatterInteger($0) }
            high = Self.value(to).map { MatterInteger($0) }
        case .min(let bound):
            speaks = [.value]
            low = Self.value(bound).map { MatterInteger($0) }
        case .max(let bound):
            speaks = [.value]
            high = Self.value(bound).map { MatterInteger($0) }
        case .allowed(let bound):
            if bound == .null { onlyNull = true }
            speaks = [.value]
            low = Self.value(bound).map { MatterInteger($0) }
            high = low
        case .countBetween(let from, let to):
            speaks = [.count]
            minCount = Self.small(from)
            maxCount = Self.small(to)
        case .minCount(let bound):
            speaks = [.count]
            minCount = Self.small(bound)
        case .maxCount(let bound):
            speaks = [.count]
            maxCount = Self.small(bound)
        case .lengthBetween(let from, let to):
            speaks = [.length]
            minLength = Self.small(from)
            maxLength = Self.small(to)
        case .minLength(let bound):
            speaks = [.length]
            minLength = Self.small(bound)
        case .maxLength(let bound):
            speaks = [.length]
            maxLength = Self.small(bound)
        case .maxCodePoints(let bound):
            speaks = [.codePoints]
            maxCodePoints = Self.small(bound)
        case .anyOf(let alternatives):
            let parts = alternatives.map(ConstraintLimits.init).filter { !$0.onlyNull }
            guard !parts.isEmpty else {
                onlyNull = true
                return
            }
            // Per limit, the hull of the alternatives speaking of it: `6, 8` allows 6…8, while `max 128` with
            // `maxCodePoints 32` (Actions' ActionStruct.Name) keeps both, as they limit different things.
            func hull<T: Comparable>(
                _ dimension: Dimension,
                _ path: KeyPath<ConstraintLimits, T?>,
                _ pick: (T, T) -> T
            ) -> T? {
                let speaking = parts.filter { $0.speaks.contains(dimension) }
                guard let first = speaking.first else { return nil }
                return speaking.dropFirst().reduce(first[keyPath: path]) { result, part in
                    guard let result, let next = part[keyPath: path] else { return nil }
                    return pick(result, next)
                }
            }
            speaks = parts.reduce(into: []) { $0.formUnion($1.speaks) }
            low = hull(.value, \.low, Swift.min)
            high = hull(.value, \.high, Swift.max)
            minLength = hull(.length, \.minLength, Swift.min)
            maxLength = hull(.length, \.maxLength, Swift.max)
            maxCodePoints = hull(.codePoints, \.maxCodePoints, Swift.max)
            minCount = hull(.count, \.minCount, Swift.min)
            maxCount = hull(.count, \.maxCount, Swift.max)
        }
    }

    /// `minimum…maximum` with an open side filled in (`0`, `Int.max`); `nil` when both are open or they cross.
    func range(_ minimum: Int?, _ maximum: Int?) -> ClosedRange<Int>? {
        guard minimum != nil || maximum != nil else { return nil }
        let low = Swift.max(minimum ?? 0, 0)
        let high = maximum ?? Int.max
        return low <= high ? low...high : nil
    }

    /// A bound's number, when it is one (or a sum, difference or quotient of numbers).
    static func value(_ bound: MatterConstraintBound) -> Int? {
        switch bound {
        case .integer(let number): return number
        case .sum(let a, let b):
            guard let a = value(a), let b = value(b) else { return nil }
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? nil : sum
        case .difference(let a, let b):
            guard let a = value(a), let b = value(b) else { return nil }
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            return overflow ? nil : difference
        case .quotient(let a, let b):
            guard let a = value(a), let b = value(b), b != 0 else { return nil }
            let (quotient, overflow) = a.dividedReportingOverflow(by: b)
            return overflow ? nil : quotient
        case .null, .manufacturerSpecific, .reference, .unparsed: return nil
        }
    }

    static func small(_ bound: MatterConstraintBound) -> Int? {
        value(bound)
    }
}
