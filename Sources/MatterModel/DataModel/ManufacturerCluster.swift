import JSON

/// A manufacturer-specific cluster as a device file declares it (`manufacturerClusters`): its Manufacturer
/// Extensible Identifier, its name, and its attributes, each with a Matter type, nullability, conformance, default and
/// numeric limits.
///
/// Matter lets a manufacturer define clusters of its own: the cluster id is an MEI whose upper 16 bits are the vendor
/// id (`0x0001…0xFFF4`; `0xFFF1…0xFFF4` are the test vendors) and whose lower 16 bits are in `0xFC00…0xFFFE`. A
/// declaration becomes a ``MatterClusterDefinition`` (``definition``), so that reading, validation, storage, `/v1`
/// and the change stream treat the cluster exactly as a specification cluster Hearth does not model
/// (``SpecificationSchema``).
///
/// Google sees a declaration only through the trait it says it backs (``googleTrait``, checked against that trait's
/// ``ManufacturerTraitProfile``), and a device takes the declaration's ``googleType`` when Matter gives its primary
/// device type none. Both are fields of the declaration, so they are stored with it (its canonical JSON) and no
/// table changes.
public struct ManufacturerCluster: Sendable, Hashable {
    /// One attribute of the cluster.
    public struct Attribute: Sendable, Hashable {
        /// The attribute id, `0x0000…0x4FFF` (Matter's range for a cluster's own, non-global attributes).
        public var id: Int
        /// Its name: ASCII letters and digits, starting with a capital (`FilterLifePercent`).
        public var name: String
        /// Its Matter type by the name the specification writes (`percent`, `uint16`, `string`), or `list`.
        public var type: String
        /// For a `list`, the type of each entry; `nil` otherwise.
        public var entryType: String?
        /// Whether every instance of the cluster must have it (conformance `M`, else `O`).
        public var mandatory: Bool
        /// Whether it may be null (the `X` quality).
        public var nullable: Bool
        /// The value an omitted mandatory attribute takes, as JSON (`100`, `false`, `null`, `""`, `[]`); `nil` for
        /// none, in which case a mandatory attribute must be given.
        public var defaultValue: JSONValue?
        /// The smallest value allowed (integers and floats; for a list, each entry).
        public var min: Int?
        /// The largest value allowed (integers and floats; for a list, each entry).
        public var max: Int?
        /// The longest string (bytes of UTF-8) or octet string (bytes) allowed; for a list, each entry.
        public var maxLength: Int?
        /// For a `list`, the most entries it may have.
        public var maxCount: Int?

        /// An attribute; see each property.
        public init(
            id: Int,
            name: String,
            type: String,
            entryType: String? = nil,
            mandatory: Bool = false,
            nullable: Bool = false,
            defaultValue: JSONValue? = nil,
            min: Int? = nil,
            max: Int? = nil,
            maxLength: Int? = nil,
            maxCount: Int? = nil
        ) {
            self.id = id
            self.name = name
            self.type = type
            self.entryType = entryType
            self.mandatory = mandatory
            self.nullable = nullable
            self.defaultValue = defaultValue
            self.min = min
            self.max = max
            self.maxLength = maxLength
            self.maxCount = maxCount
        }
    }

    /// The cluster suffixes (the lower 16 bits of the id) of a manufacturer-specific cluster.
    public static let clusterSuffixes = 0xFC00...0xFFFE
    /// The vendor ids (the upper 16 bits of the id) a manufacturer-specific cluster may carry: not 0 (the standard),
    /// not above the test vendors `0xFFF1…0xFFF4`.
    public static let vendorPrefixes = 0x0001...0xFFF4
    /// The ids a cluster's own attributes may take (Matter's global attributes sit at `0xF000` and above).
    public static let attributeIDs = 0x0000...0x4FFF

    /// The cluster id, an MEI (`0xFFF1FC01`).
    public let id: Int
    /// The cluster's name, as device files spell it (`AcmeFilterLife`).
    public let name: String
    /// Its attributes, in declaration order.
    public let attributes: [Attribute]
    /// The Google trait the cluster backs, by its short name (`ArmDisarm`), whose profile
    /// (``ManufacturerTraitProfile``) its attributes fit; `nil` for a cluster Google does not see.
    public let googleTrait: String?
    /// The Google device type, by its short name (`SECURITYSYSTEM`), of a device whose primary endpoint has this
    /// cluster and whose primary Matter device type has no Google type; one of the profile's
    /// ``ManufacturerTraitProfile/googleTypes``. `nil`: the cluster gives no type.
    public let googleType: String?
    /// The cluster as the rest of Hearth reads it: revision 1, no features, the attributes with their types,
    /// qualities, conformance, constraints and defaults.
    public let definition: MatterClusterDefinition

    /// A declaration already checked (``DeviceFile/parse(_:)`` checks one; ``parse(_:field:)`` reads one).
    init(id: Int, name: String, attributes: [Attribute], googleTrait: String? = nil, googleType: String? = nil) {
        self.id = id
        self.name = name
        self.attributes = attributes
        self.googleTrait = googleTrait
        self.googleType = googleType
        definition = MatterClusterDefinition(
            id: id,
            name: name,
            revision: 1,
            classification: MatterClusterDefinition.Classification(
                hierarchy: .base,
                baseCluster: nil,
                role: "application",
                picsCode: nil,
                scope: "Endpoint"
            ),
            conformance: nil,
            features: [],
            dataTypes: [],
            attributes: attributes.map(Self.definition(of:)),
            commands: [],
            events: []
        )
    }

    /// `0xFFF1FC01`: the id as declarations write it.
    public static func hex(_ id: Int) -> String {
        let digits = String(id, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: Swift.max(0, 8 - digits.count)) + digits
    }

    /// Why `id` is not a manufacturer-specific cluster id; `nil` when it is one.
    public static func idProblem(_ id: Int) -> String? {
        guard (0...0xFFFF_FFFF).contains(id) else { return "\(id) is not a 32-bit cluster id" }
        let vendor = id >> 16
        let suffix = id & 0xFFFF
        if vendor == 0 {
            return "\(hex(id)) has vendor prefix 0, the standard's own: a manufacturer cluster carries its vendor id "
                + "in the upper 16 bits"
        }
        if !vendorPrefixes.contains(vendor) {
            return "\(hex(id)) has vendor prefix 0x\(String(vendor, radix: 16, uppercase: true)), above 0xFFF4 "
                + "(the last test vendor id)"
        }
        if !clusterSuffixes.contains(suffix) {
            return "\(hex(id)) has suffix 0x\(String(suffix, radix: 16, uppercase: true)), outside 0xFC00…0xFFFE "
                + "(the manufacturer-specific cluster range)"
        }
        return nil
    }

    /// Whether `name` is ASCII letters and digits starting with a capital.
    static func isWellFormedName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    private static func definition(of attribute: Attribute) -> MatterClusterDefinition.Attribute {
        var valueLimits: [MatterConstraint] = []
        switch (attribute.min, attribute.max) {
        case (let low?, let high?): valueLimits.append(.between(.integer(low), .integer(high)))
        case (let low?, nil): valueLimits.append(.min(.integer(low)))
        case (nil, let high?): valueLimits.append(.max(.integer(high)))
        case (nil, nil): break
        }
        if let length = attribute.maxLength { valueLimits.append(.maxLength(.integer(length))) }
        let valueConstraint: MatterConstraint? =
            valueLimits.count > 1 ? .anyOf(valueLimits) : valueLimits.first
        let type: MatterClusterDefinition.TypeReference
        let constraint: MatterConstraint?
        if attribute.type == "list" {
            type = .list(entry: attribute.entryType ?? "", constraint: valueConstraint)
            constraint = attribute.maxCount.map { .maxCount(.integer($0)) }
        } else {
            type = .named(attribute.type)
            constraint = valueConstraint
        }
        return MatterClusterDefinition.Attribute(
            id: attribute.id,
            name: attribute.name,
            type: type,
            defaultValue: attribute.defaultValue.flatMap(defaultText),
            access: MatterClusterDefinition.Access(read: true, write: MatterClusterDefinition.Access.Write.none),
            quality: MatterClusterDefinition.Quality(nullable: attribute.nullable),
            conformance: attribute.mandatory ? .mandatory(nil) : .optional(nil),
            constraint: constraint
        )
    }

    /// A JSON default as the data model's default column writes it (`100`, `true`, `null`, `empty`); `nil` for a
    /// value that column cannot express.
    static func defaultText(_ value: JSONValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .number(let text): return text
        case .string(let text): return text.isEmpty ? "empty" : nil
        case .array(let entries): return entries.isEmpty ? "empty" : nil
        case .object: return nil
        }
    }

    // MARK: - JSON

    /// The declaration in the device file format, keys in a fixed order (the id as `"0xFFF1FC01"`; `googleTrait` and
    /// `googleType` only when set; `mandatory` and `nullable` always written, the other optional keys only when set). Its compact bytes are the canonical form
    /// the registry stores.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.append("id", .string(Self.hex(id)))
        object.append("name", .string(name))
        if let googleTrait { object.append("googleTrait", .string(googleTrait)) }
        if let googleType { object.append("googleType", .string(googleType)) }
        object.append(
            "attributes",
            .array(
                attributes.map { attribute in
                    var entry = JSONObject()
                    entry.append("id", .int(attribute.id))
                    entry.append("name", .string(attribute.name))
                    entry.append("type", .string(attribute.type))
                    if let entryType = attribute.entryType { entry.append("entryType", .string(entryType)) }
                    entry.append("mandatory", .bool(attribute.mandatory))
                    entry.append("nullable", .bool(attribute.nullable))
                    if let value = attribute.defaultValue { entry.append("default", value) }
                    if let min = attribute.min { entry.append("min", .int(min)) }
                    if let max = attribute.max { entry.append("max", .int(max)) }
                    if let maxLength = attribute.maxLength { entry.append("maxLength", .int(maxLength)) }
                    if let maxCount = attribute.maxCount { entry.append("maxCount", .int(maxCount)) }
                    return .object(entry)
                }
            )
        )
        return .object(object)
    }

    /// The canonical form: ``jsonValue`` as compact JSON.
    public var canonicalJSON: String {
        String(decoding: JSONWriter.bytes(jsonValue), as: UTF8.self)
    }

    /// The keys a declaration object may have.
    public static let keys = ["id", "name", "googleTrait", "googleType", "attributes"]
    /// The keys an attribute of a declaration may have.
    public static let attributeKeys = [
        "id", "name", "type", "entryType", "mandatory", "nullable", "default", "min", "max", "maxLength", "maxCount",
    ]

    /// Reads and checks one declaration (an entry of a device file's `manufacturerClusters`, or a stored one).
    /// `field` is its path (`manufacturerClusters[0]`), which every error extends. Clashes with other declarations
    /// are the caller's to check; a clash with a specification cluster's name is checked here.
    ///
    /// - Throws: ``DeviceFileError`` naming the field.
    public static func parse(_ value: JSONValue, field: String) throws(DeviceFileError) -> ManufacturerCluster {
        try DeclarationReader(field: field).cluster(value)
    }
}

/// Reads one declaration, each error naming its field.
private struct DeclarationReader {
    let field: String

    func fail(_ code: DeviceFileError.Code, _ path: String, _ message: String) -> DeviceFileError {
        DeviceFileError(code: code, field: path.isEmpty ? field : "\(field).\(path)", message: message)
    }

    func cluster(_ value: JSONValue) throws(DeviceFileError) -> ManufacturerCluster {
        guard case .object(let object) = value else {
            throw fail(
                .wrongType,
                "",
                "expected an object with \"id\", \"name\" and \"attributes\", got \(value.brief)"
            )
        }
        try checkKeys(object, ManufacturerCluster.keys, "")
        let id = try clusterID(object["id"])
        if let problem = ManufacturerCluster.idProblem(id) { throw fail(.outOfRange, "id", problem) }
        let name = try self.name(object["name"], "name")
        if ClusterID.standardID(named: name) != nil {
            throw fail(.duplicate, "name", "\(name) is the name of a Matter cluster: give the manufacturer's own name")
        }
        guard let attributesValue = object["attributes"], attributesValue != .null else {
            throw fail(.missingField, "attributes", "missing")
        }
        guard case .array(let entries) = attributesValue else {
            throw fail(.wrongType, "attributes", "expected an array of attributes, got \(attributesValue.brief)")
        }
        var attributes: [ManufacturerCluster.Attribute] = []
        for (position, entry) in entries.enumerated() {
            let path = "attributes[\(position)]"
            let attribute = try self.attribute(entry, path)
            if let earlier = attributes.firstIndex(where: { $0.id == attribute.id }) {
                throw fail(
                    .duplicate,
                    path + ".id",
                    "duplicate attribute id \(attribute.id) (also attributes[\(earlier)])"
                )
            }
            if let earlier = attributes.firstIndex(where: { $0.name.lowercased() == attribute.name.lowercased() }) {
                throw fail(
                    .duplicate,
                    path + ".name",
                    "duplicate attribute name \"\(attribute.name)\" (also attributes[\(earlier)])"
                )
            }
            attributes.append(attribute)
        }
        let (googleTrait, googleType) = try google(object, attributes)
        let cluster = ManufacturerCluster(
            id: id,
            name: name,
            attributes: attributes,
            googleTrait: googleTrait,
            googleType: googleType
        )
        // Every attribute's type resolves (the names were checked one by one); the default is read by it.
        for (position, attribute) in attributes.enumerated() {
            let path = "attributes[\(position)]"
            guard let type = cluster.definition.valueType(ofAttribute: attribute.name) else {
                throw fail(.wrongType, path + ".type", "\(attribute.type) cannot be resolved")
            }
            guard let value = attribute.defaultValue else { continue }
            let read: AttributeValue
            do {
                read = try type.read(value)
            } catch {
                throw fail(.outOfRange, path + ".default", "the default is refused: \(error)")
            }
            guard let text = ManufacturerCluster.defaultText(value), type.specificationDefault(text) == read else {
                throw fail(
                    .wrongType,
                    path + ".default",
                    "a default is null, a boolean, a number, \"\" or [] (an empty string or list); "
                        + "give a mandatory attribute's other values in each device"
                )
            }
        }
        return cluster
    }

    /// The declaration's `googleTrait` and `googleType`, checked: the trait has a profile the attributes fit, and the
    /// type is one the profile allows (a type needs a trait).
    func google(
        _ object: JSONObject,
        _ attributes: [ManufacturerCluster.Attribute]
    ) throws(DeviceFileError) -> (trait: String?, type: String?) {
        let trait = try optionalString(object["googleTrait"], "googleTrait")
        let type = try optionalString(object["googleType"], "googleType")
        guard let trait else {
            if type != nil {
                throw fail(.missingField, "googleTrait", "a googleType needs the googleTrait the cluster backs")
            }
            return (nil, nil)
        }
        let known = ManufacturerTraitProfile.all.map(\.trait)
        guard let profile = ManufacturerTraitProfile.named(trait) else {
            throw fail(
                .outOfRange,
                "googleTrait",
                "no profile for \"\(trait)\"" + Suggestion.didYouMean(trait, among: known) + "; traits a "
                    + "manufacturer cluster can back: " + known.joined(separator: ", ")
            )
        }
        if let problem = profile.problem(in: attributes) { throw fail(.wrongType, problem.path, problem.message) }
        if let type, !profile.googleTypes.contains(type) {
            throw fail(
                .outOfRange,
                "googleType",
                "a \(trait) cluster gives the type " + profile.googleTypes.joined(separator: " or ") + ", not \(type)"
            )
        }
        return (trait, type)
    }

    func attribute(_ value: JSONValue, _ path: String) throws(DeviceFileError) -> ManufacturerCluster.Attribute {
        guard case .object(let object) = value else {
            throw fail(.wrongType, path, "expected an attribute object, got \(value.brief)")
        }
        try checkKeys(object, ManufacturerCluster.attributeKeys, path + ".")
        let id = try integer(object["id"], path + ".id", required: true)!
        guard ManufacturerCluster.attributeIDs.contains(id) else {
            throw fail(
                .outOfRange,
                path + ".id",
                "attribute id \(id) is outside 0x0000…0x4FFF (a cluster's own attributes; 0xF000 and above are "
                    + "Matter's global attributes)"
            )
        }
        let name = try self.name(object["name"], path + ".name")
        if name == SpecificationSchema.featureMap {
            throw fail(.duplicate, path + ".name", "FeatureMap is Matter's global attribute: choose another name")
        }
        let type = try string(object["type"], path + ".type")
        let entryType = try optionalString(object["entryType"], path + ".entryType")
        let known = MatterValueType.standardNames
        let element: MatterValueType
        if type == "list" {
            guard let entryType else {
                throw fail(.missingField, path + ".entryType", "missing: a list names the type of its entries")
            }
            guard entryType != "list", let entry = MatterValueType.standard(named: entryType) else {
                throw fail(
                    .wrongType,
                    path + ".entryType",
                    "unknown type \"\(entryType)\"" + Suggestion.didYouMean(entryType, among: known)
                        + "; known types: " + known.joined(separator: ", ")
                )
            }
            element = entry
        } else {
            guard let named = MatterValueType.standard(named: type) else {
                throw fail(
                    .wrongType,
                    path + ".type",
                    "unknown type \"\(type)\"" + Suggestion.didYouMean(type, among: known + ["list"])
                        + "; known types: list, " + known.joined(separator: ", ")
                )
            }
            if entryType != nil {
                throw fail(.unknownKey, path + ".entryType", "only a list has an entryType")
            }
            element = named
        }
        let mandatory = try bool(object["mandatory"], path + ".mandatory")
        let nullable = try bool(object["nullable"], path + ".nullable")
        let min = try integer(object["min"], path + ".min", required: false)
        let max = try integer(object["max"], path + ".max", required: false)
        let maxLength = try integer(object["maxLength"], path + ".maxLength", required: false)
        let maxCount = try integer(object["maxCount"], path + ".maxCount", required: false)
        switch element.kind {
        case .integer, .enumeration, .bitmap:
            for (key, bound) in [("min", min), ("max", max)] {
                guard let bound else { continue }
                if let error = element.validate(.int(bound)) {
                    throw fail(.outOfRange, "\(path).\(key)", "\(error)")
                }
            }
        case .single, .double:
            break
        default:
            if min != nil || max != nil {
                throw fail(.unknownKey, path + (min != nil ? ".min" : ".max"), "min and max belong to numbers")
            }
        }
        if let min, let max, min > max {
            throw fail(.outOfRange, path + ".max", "max \(max) is below min \(min)")
        }
        if let maxLength {
            switch element.kind {
            case .string, .octets:
                if maxLength < 0 { throw fail(.outOfRange, path + ".maxLength", "must not be negative") }
            default:
                throw fail(.unknownKey, path + ".maxLength", "maxLength belongs to a string or octstr")
            }
        }
        if let maxCount {
            guard type == "list" else {
                throw fail(.unknownKey, path + ".maxCount", "maxCount belongs to a list")
            }
            if maxCount < 0 { throw fail(.outOfRange, path + ".maxCount", "must not be negative") }
        }
        let defaultValue = object["default"]
        return ManufacturerCluster.Attribute(
            id: id,
            name: name,
            type: type,
            entryType: entryType,
            mandatory: mandatory,
            nullable: nullable,
            defaultValue: defaultValue,
            min: min,
            max: max,
            maxLength: maxLength,
            maxCount: maxCount
        )
    }

    // MARK: - Fields

    func clusterID(_ value: JSONValue?) throws(DeviceFileError) -> Int {
        switch value {
        case nil, .null?:
            throw fail(.missingField, "id", "missing")
        case .int(let number)?:
            return number
        case .string(let text)?:
            let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : ""
            guard !digits.isEmpty, let number = Int(digits, radix: 16) else {
                throw fail(.wrongType, "id", "expected a number or hex text such as \"0xFFF1FC01\", got \"\(text)\"")
            }
            return number
        case let other?:
            throw fail(.wrongType, "id", "expected a number or hex text such as \"0xFFF1FC01\", got \(other.brief)")
        }
    }

    func name(_ value: JSONValue?, _ path: String) throws(DeviceFileError) -> String {
        let name = try string(value, path)
        guard ManufacturerCluster.isWellFormedName(name) else {
            throw fail(
                .invalidCharacter,
                path,
                "\"\(name)\" is not a name: ASCII letters and digits, starting with a capital (AcmeFilterLife)"
            )
        }
        return name
    }

    func string(_ value: JSONValue?, _ path: String) throws(DeviceFileError) -> String {
        guard let value, value != .null else { throw fail(.missingField, path, "missing") }
        guard case .string(let text) = value else {
            throw fail(.wrongType, path, "expected a string, got \(value.brief)")
        }
        if text.isEmpty { throw fail(.emptyValue, path, "must not be empty") }
        return text
    }

    func optionalString(_ value: JSONValue?, _ path: String) throws(DeviceFileError) -> String? {
        guard let value, value != .null else { return nil }
        return try string(value, path)
    }

    func bool(_ value: JSONValue?, _ path: String) throws(DeviceFileError) -> Bool {
        guard let value, value != .null else { return false }
        guard case .bool(let flag) = value else {
            throw fail(.wrongType, path, "expected a boolean, got \(value.brief)")
        }
        return flag
    }

    func integer(_ value: JSONValue?, _ path: String, required: Bool) throws(DeviceFileError) -> Int? {
        guard let value, value != .null else {
            if required { throw fail(.missingField, path, "missing") }
            return nil
        }
        guard case .int(let number) = value else {
            throw fail(.wrongType, path, "expected an integer, got \(value.brief)")
        }
        return number
    }

    func checkKeys(_ object: JSONObject, _ known: [String], _ prefix: String) throws(DeviceFileError) {
        for member in object.members where !known.contains(member.key) {
            throw fail(
                .unknownKey,
                prefix + member.key,
                "unknown key \"\(member.key)\"" + Suggestion.didYouMean(member.key, among: known) + "; known keys: "
                    + known.joined(separator: ", ")
            )
        }
    }
}
