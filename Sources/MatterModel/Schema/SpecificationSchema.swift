import JSON

/// The schema of a cluster Hearth does not model (``ClusterID/isModelled`` is false): the specification's generated
/// definition (``MatterClusterDefinition``) and nothing else.
///
/// - Every attribute the definition lists may be given, read by its Matter type (``MatterValueType``): nullability,
///   range, length, count, enum values, bitmap bits, struct fields.
/// - `FeatureMap` (Matter's global attribute 0xFFFC, a `bitmap32` of the cluster's features) may be given too;
///   omitted, it is 0 (no optional feature). It decides conformance: an attribute whose conformance requires a
///   feature the map lacks is refused (Matter Core §7.3: an element whose conformance matches no `M` or `O` term is
///   disallowed), and one the features make mandatory must be there.
/// - An omitted mandatory attribute takes the specification's default when the data model gives one Hearth can
///   read for its type (`0`, `false`, `null`, `empty`); without one it must be given.
/// - Rules between attributes that the data model cannot express are not checked: those are what Hearth's
///   hand-written rules add for the clusters it models.
///
/// Conditions the registry cannot know (a command's presence, a device type's condition) count as false when
/// deciding what is mandatory and as true when deciding what is allowed, so an unknown never refuses a value.
public enum SpecificationSchema {
    /// The name of Matter's global `FeatureMap` attribute.
    public static let featureMap = "FeatureMap"

    /// Why a cluster's state is refused: the attribute, the reason (naming the Matter type), and the kind of
    /// mistake.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kind of mistake.
        public enum Kind: Sendable, Hashable {
            /// The cluster has no attribute of that name.
            case unknownAttribute
            /// The value is not of the attribute's type, or outside what the type and constraint allow.
            case invalidValue
            /// An attribute is missing that the features make mandatory, or given though they disallow it.
            case conformance
        }

        /// The kind of mistake.
        public var kind: Kind
        /// The attribute, with the path inside its value when the mistake is there (`SupportedModes[1].Label`).
        public var attribute: String
        /// Why (`"300 is outside 0…254 (uint8)"`).
        public var reason: String

        /// `"SupportedModes[1].Label: expected a string (string), got 3"`.
        public var description: String { "\(attribute): \(reason)" }
    }

    /// Reads one attribute's value from JSON by its Matter type.
    public static func read(
        _ json: JSONValue,
        attribute name: String,
        of cluster: MatterClusterDefinition
    ) throws(Failure) -> AttributeValue {
        let type = try valueType(name, of: cluster)
        do {
            return try type.read(json)
        } catch {
            throw Failure(kind: .invalidValue, attribute: name + error.path, reason: error.reason)
        }
    }

    /// Reads one attribute's value from the command line (`hearth devices set Cluster.Attribute=VALUE`).
    public static func read(
        text: String,
        attribute name: String,
        of cluster: MatterClusterDefinition
    ) throws(Failure) -> AttributeValue {
        let type = try valueType(name, of: cluster)
        do {
            return try type.read(text: text)
        } catch {
            throw Failure(kind: .invalidValue, attribute: name + error.path, reason: error.reason)
        }
    }

    /// The type of an attribute the cluster has (`FeatureMap` included).
    public static func valueType(_ name: String, of cluster: MatterClusterDefinition) throws(Failure) -> MatterValueType
    {
        if name == featureMap { return MatterValueType.featureMap(of: cluster) }
        guard let type = cluster.valueType(ofAttribute: name) else {
            let known = [featureMap] + cluster.attributes.map(\.name)
            let reason: String
            if cluster.attribute(named: name) != nil {
                reason = "\(name)'s type is not one Hearth can read"
            } else {
                reason =
                    "unknown attribute \"\(name)\" of \(ClusterNames.spell(cluster.name))"
                    + Suggestion.didYouMean(name, among: known) + "; known attributes: " + known.joined(separator: ", ")
            }
            throw Failure(kind: .unknownAttribute, attribute: name, reason: reason)
        }
        return type
    }

    /// The state with `FeatureMap` and every omitted mandatory attribute that has a default set, after checking
    /// each value given and the conformance of each attribute against the features.
    public static func completed(
        _ given: ClusterState,
        of cluster: MatterClusterDefinition
    ) throws(Failure) -> ClusterState {
        var state = given
        for name in given.attributes.keys.sorted() {
            let type = try valueType(name, of: cluster)
            if let error = type.validate(given.attributes[name]!) {
                throw Failure(kind: .invalidValue, attribute: name + error.path, reason: error.reason)
            }
        }
        let features = given.attributes[featureMap]?.intValue ?? 0
        state.attributes[featureMap] = .int(features)
        for feature in cluster.features {
            let has = features & (1 << feature.bit) != 0
            if !has,
                feature.conformance?.requires(when: { holds($0, features, cluster, state, unknown: false) }) == true
            {
                throw Failure(
                    kind: .conformance,
                    attribute: featureMap,
                    reason: "\(cluster.name) requires the \(feature.name) feature (\(feature.code), bit \(feature.bit))"
                )
            }
        }
        if let failure = choiceFailure(cluster, features) { throw failure }
        for attribute in cluster.attributes {
            guard let conformance = attribute.conformance else { continue }
            let present = state.attributes[attribute.name] != nil
            if present, !allows(conformance, { holds($0, features, cluster, state, unknown: true) }) {
                throw Failure(
                    kind: .conformance,
                    attribute: attribute.name,
                    reason: "not allowed without the feature its conformance names (FeatureMap is \(features))"
                )
            }
            if !present, conformance.requires(when: { holds($0, features, cluster, state, unknown: false) }) {
                guard let type = cluster.valueType(ofAttribute: attribute.name),
                    let value = type.specificationDefault(attribute.defaultValue)
                else {
                    let typeName = cluster.valueType(ofAttribute: attribute.name)?.name ?? "unknown type"
                    throw Failure(
                        kind: .conformance,
                        attribute: attribute.name,
                        reason: "missing: mandatory with these features, and the specification gives it no default "
                            + "(\(typeName))"
                    )
                }
                state.attributes[attribute.name] = value
            }
        }
        return state
    }

    /// What a device type's definition adds to a cluster's conformance, broken by `state`: a feature or attribute the
    /// device type makes mandatory and the state lacks, or one it disallows and the state has (a Refrigerator's
    /// cabinet mode cluster must not have `StartUpMode`, nor the On/Off feature).
    public static func deviceTypeFailure(
        _ state: ClusterState,
        of cluster: MatterClusterDefinition,
        on type: MatterDeviceTypeDefinition
    ) -> Failure? {
        let features = state.attributes[featureMap]?.intValue ?? 0
        for requirement in type.clusters where requirement.id == cluster.id && requirement.side == .server {
            for element in requirement.features {
                guard
                    let feature = cluster.features.first(where: {
                        (!element.code.isEmpty && $0.code == element.code) || $0.name == element.name
                    })
                else { continue }
                let has = features & (1 << feature.bit) != 0
                if element.conformance == .mandatory(nil), !has {
                    return Failure(
                        kind: .conformance,
                        attribute: featureMap,
                        reason: "a \(type.name) requires the \(feature.name) feature (bit \(feature.bit))"
                    )
                }
                if element.conformance == .disallowed, has {
                    return Failure(
                        kind: .conformance,
                        attribute: featureMap,
                        reason: "a \(type.name) must not have the \(feature.name) feature (bit \(feature.bit))"
                    )
                }
            }
            for element in requirement.attributes {
                let present = state.attributes[element.name] != nil
                if element.conformance == .mandatory(nil), !present {
                    return Failure(kind: .conformance, attribute: element.name, reason: "a \(type.name) requires it")
                }
                if element.conformance == .disallowed, present {
                    return Failure(kind: .conformance, attribute: element.name, reason: "not allowed on a \(type.name)")
                }
            }
        }
        return nil
    }

    /// A choice among features the map breaks (Matter Core §7.3.6, "Choice Conformance": `O.a` is exactly one of
    /// the features sharing `a`, `O.a+` at least one): Temperature Control needs either TemperatureNumber or
    /// TemperatureLevel.
    static func choiceFailure(_ cluster: MatterClusterDefinition, _ features: Int) -> Failure? {
        var groups: [String: (choice: MatterChoice, names: [String], chosen: Int)] = [:]
        var order: [String] = []
        for feature in cluster.features {
            guard case .optionalChoice(nil, let choice) = feature.conformance else { continue }
            if groups[choice.name] == nil {
                groups[choice.name] = (choice, [], 0)
                order.append(choice.name)
            }
            groups[choice.name]!.names.append("\(feature.name) (\(feature.code), bit \(feature.bit))")
            if features & (1 << feature.bit) != 0 { groups[choice.name]!.chosen += 1 }
        }
        for name in order {
            guard let group = groups[name] else { continue }
            let low = group.choice.min ?? 1
            let high = group.choice.max ?? (group.choice.more ? Int.max : 1)
            guard group.chosen < low || group.chosen > high else { continue }
            let amount = group.choice.more ? "at least \(low) of" : "exactly one of"
            return Failure(
                kind: .conformance,
                attribute: featureMap,
                reason: "\(cluster.name) needs \(amount) " + group.names.joined(separator: ", ")
                    + " (FeatureMap is \(features))"
            )
        }
        return nil
    }

    /// Whether a conformance allows the element: a mandatory or optional term whose condition holds (or has none),
    /// provisional and deprecated elements included.
    static func allows(_ conformance: MatterConformance, _ holds: (MatterCondition) -> Bool) -> Bool {
        switch conformance {
        case .mandatory(nil), .optional(nil), .optionalChoice(nil, _), .provisional, .deprecated: return true
        case .mandatory(let condition?), .optional(let condition?), .optionalChoice(let condition?, _):
            return condition.evaluate(holds)
        case .disallowed: return false
        case .otherwise(let alternatives):
            return alternatives.contains { allows($0, holds) }
        }
    }

    private static func holds(
        _ condition: MatterCondition,
        _ features: Int,
        _ cluster: MatterClusterDefinition,
        _ state: ClusterState,
        unknown: Bool
    ) -> Bool {
        switch condition {
        case .feature(let code):
            guard let feature = cluster.feature(code: code) ?? cluster.features.first(where: { $0.name == code })
            else { return unknown }
            return features & (1 << feature.bit) != 0
        case .attribute(let name):
            return state.attributes[name] != nil
        default:
            return unknown
        }
    }
}
