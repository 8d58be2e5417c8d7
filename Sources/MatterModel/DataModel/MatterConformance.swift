/// Whether an element (a cluster on a device type, a feature, an attribute, a command, an event) must, may or must
/// not be there: the specification's conformance (Matter Core §7.3, "Conformance"), as its data model writes it.
///
/// `M` is `.mandatory(nil)`, `O` `.optional(nil)`, `LT` `.mandatory(.feature("LT"))`, `[LT]`
/// `.optional(.feature("LT"))`, `P` `.provisional`, `D` `.deprecated`, `X` `.disallowed`, and `LT, O` (the first
/// that applies) `.otherwise([.mandatory(.feature("LT")), .optional(nil)])`.
public indirect enum MatterConformance: Sendable, Hashable {
    /// Required, or required when the condition holds.
    case mandatory(MatterCondition?)
    /// Allowed, or allowed when the condition holds.
    case optional(MatterCondition?)
    /// Allowed as one of a choice (`O.a`, `[LT].a+`): of the elements sharing the choice's name, one (or, with
    /// `more`, at least one) is supported.
    case optionalChoice(MatterCondition?, MatterChoice)
    /// Provisional: not yet to be relied on.
    case provisional
    /// Deprecated.
    case deprecated
    /// Not allowed.
    case disallowed
    /// The first of these that applies.
    case otherwise([MatterConformance])
}

/// A condition in a conformance: a feature, a device type's condition, another element's presence, or a
/// combination of them.
public indirect enum MatterCondition: Sendable, Hashable {
    /// A feature of the cluster, by code or name (`LT`, `Lighting`).
    case feature(String)
    /// A condition of the device type (Matter's device library names them: `Simple`, `Client`, `Duplicate`).
    case condition(String)
    /// An attribute's presence.
    case attribute(String)
    /// A command's presence.
    case command(String)
    /// An event's presence.
    case event(String)
    /// A field's presence.
    case field(String)
    /// All of these.
    case all([MatterCondition])
    /// Any of these.
    case any([MatterCondition])
    /// Exactly one of these.
    case exactlyOne([MatterCondition])
    /// Not this.
    case not(MatterCondition)
    /// The first is greater than the second (`NumberOfPrimaries > 0`).
    case greater(MatterCondition, MatterCondition)
    /// The first equals the second (`Status == Success`).
    case equal(MatterCondition, MatterCondition)
    /// A number, in a comparison.
    case literal(Int)
    /// A truth value, in a comparison: Camera AV Stream Management's `RequiresHardwareEncoder` is there when
    /// `RequiresEncodedPixels == true` (`<literal value="true"/>`, Matter 1.5).
    case booleanLiteral(Bool)
    /// One of an enum's values by name, in a comparison: Zone Management's `TwoDCartesianZone` field is there when
    /// `ZoneType == TwoDCARTZone` (`<enum name="ZoneTypeEnum" value="TwoDCARTZone"/>`, Matter 1.5).
    case enumValue(type: String, value: String)
    /// A field of another command, present in the request this one answers: WebRTC Transport Provider's
    /// `SolicitOfferResponse.VideoStreamID` is there when `SolicitOffer.VideoStreamID` was
    /// (`<command name="SolicitOffer"><field name="VideoStreamID"/></command>`, Matter 1.5).
    case commandField(command: String, field: String)
}

/// A choice in a conformance (`O.a+`): the name it shares with the other elements of the choice, whether more than
/// one may be chosen, and the bounds on how many, when the data model gives them.
public struct MatterChoice: Sendable, Hashable {
    /// The choice's name (`a`).
    public var name: String
    /// More than one may be chosen (`+`).
    public var more: Bool
    /// At least this many; `nil` when the data model does not say.
    public var min: Int?
    /// At most this many; `nil` when the data model does not say.
    public var max: Int?

    public init(name: String, more: Bool, min: Int? = nil, max: Int? = nil) {
        self.name = name
        self.more = more
        self.min = min
        self.max = max
    }
}

extension MatterConformance {
    /// Whether this conformance requires the element when `holds` says which conditions hold. `.otherwise` takes
    /// its first alternative that applies (mandatory or optional whose condition holds, or one without a condition).
    public func requires(when holds: (MatterCondition) -> Bool) -> Bool {
        switch self {
        case .mandatory(nil): return true
        case .mandatory(let condition?): return condition.evaluate(holds)
        case .optional, .optionalChoice, .provisional, .deprecated, .disallowed: return false
        case .otherwise(let alternatives):
            for alternative in alternatives {
                switch alternative {
                case .mandatory(nil): return true
                case .mandatory(let condition?): if condition.evaluate(holds) { return true }
                case .optional(nil), .optionalChoice(nil, _), .provisional, .deprecated, .disallowed: return false
                case .optional(let condition?), .optionalChoice(let condition?, _):
                    if condition.evaluate(holds) { return false }
                case .otherwise: if alternative.requires(when: holds) { return true }
                }
            }
            return false
        }
    }
}

extension MatterCondition {
    /// The condition's truth, with `holds` deciding each name and each comparison.
    public func evaluate(_ holds: (MatterCondition) -> Bool) -> Bool {
        switch self {
        case .feature, .condition, .attribute, .command, .event, .field, .greater, .equal, .literal, .booleanLiteral,
            .enumValue, .commandField:
            return holds(self)
        case .all(let terms): return terms.allSatisfy { $0.evaluate(holds) }
        case .any(let terms): return terms.contains { $0.evaluate(holds) }
        case .exactlyOne(let terms): return terms.filter { $0.evaluate(holds) }.count == 1
        case .not(let term): return !term.evaluate(holds)
        }
    }
}
