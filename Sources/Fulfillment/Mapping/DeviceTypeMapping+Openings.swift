import MatterModel
import SmartHomeProtocol

/// Openings: garage doors, gates, doors and windows (Matter 1.5's Closure, or a Window Covering that moves one), and
/// blinds whose slats tilt.
///
/// **Which Google type.** Matter 1.5's Closure (0x0230) is every motorised opening: "a door, gate, garage door, window
/// or shutter". Its kind would be a semantic tag of the Closure namespace in the endpoint's Descriptor `TagList`, but
/// Hearth keeps no Descriptor state (an interaction cluster, ``DeviceType/interactionClusters``), so the manufacturer
/// says which the way a video player does (``formFactor(of:)``): a Fixed Label `{"Label": "formFactor", "Value": …}`
/// with a value of ``openingFormFactors``. A Closure without one is a DOOR, Google's plainest opening ("Doors can be
/// opened and closed"). A Window Covering keeps its `Type` (BLINDS, CURTAIN, AWNING, SHUTTER) unless its
/// `formFactor` names a garage, gate, door or window: a roller garage door is a Window Covering to Matter 1.4.
///
/// **Which traits.** A Closure brings OpenClose (``ClosureOpenClose``; with Closure Panel endpoints opening two or
/// more ways, ``ClosureDirections``: its panels bring no traits of their own), StartStop unless its Closure Control is
/// instantaneous (``ClosureStartStop``), and LockUnlock when it latches (``ClosureLockUnlock``). A Window Covering brings StartStop and
/// OpenClose for its lift, and Rotation when its slats tilt (``coveringTilts(_:)``); a tilt-only blind (`Type` 7) has
/// no lift, so it brings StartStop and Rotation without OpenClose.
///
/// **Two-factor.** Google's Secondary User Verification page: "The following trait and device type combinations
/// require secondary user verification with the pinNeeded challenge type: … OpenClose trait when the device type
/// is DOOR, GARAGE, GATE, or WINDOW". The device file's `"challenge": {"pin": …}` asks for it; `Config/openings.json`
/// gives each such opening a PIN.
extension DeviceTypeMapping {
    /// The Fixed Label `formFactor` values an opening may carry, and the Google type each names (letter case aside).
    /// The first four are also honoured on a Window Covering; the last four only on a Closure (a covering says them
    /// with its `Type`).
    ///
    /// | `formFactor` | Google type |
    /// |---|---|
    /// | `garage` | GARAGE |
    /// | `gate` | GATE |
    /// | `door` (or no label, on a Closure) | DOOR |
    /// | `window` | WINDOW |
    /// | `shutter` | SHUTTER |
    /// | `blinds` | BLINDS |
    /// | `curtain` | CURTAIN |
    /// | `awning` | AWNING |
    public static let openingFormFactors: [(value: String, type: GoogleDeviceType)] = [
        ("garage", .garage),
        ("gate", .gate),
        ("door", .door),
        ("window", .window),
        ("shutter", .shutter),
        ("blinds", .blinds),
        ("curtain", .curtain),
        ("awning", .awning),
    ]

    /// The opening types a Window Covering's `formFactor` may choose instead of its `Type`'s.
    static let coveringOpeningTypes: Set<GoogleDeviceType> = [.garage, .gate, .door, .window]

    /// The Google types for which Google requires a PIN on OpenClose.
    public static let pinOpenings: Set<GoogleDeviceType> = [.garage, .gate, .door, .window]

    /// The Google type an opening's `formFactor` names (letter case aside), or `nil`.
    public static func openingType(forFormFactor value: String) -> GoogleDeviceType? {
        openingFormFactors.first { $0.value.lowercased() == value.lowercased() }?.type
    }

    /// A Closure's Google type: the one its `formFactor` names, DOOR without one (or for a value Hearth does not know).
    static func closureGoogleType(_ endpoint: Endpoint) -> GoogleDeviceType {
        formFactor(of: endpoint).flatMap(openingType(forFormFactor:)) ?? .door
    }

    /// A Window Covering's opening type when its `formFactor` names a garage, gate, door or window; `nil` otherwise
    /// (its `Type` decides).
    static func coveringOpeningType(_ endpoint: Endpoint) -> GoogleDeviceType? {
        guard let type = formFactor(of: endpoint).flatMap(openingType(forFormFactor:)),
            coveringOpeningTypes.contains(type)
        else { return nil }
        return type
    }

    /// Whether a Window Covering's slats tilt: its `Type` is a tilt blind (7 tilt only, 8 lift and tilt) or it
    /// reports a tilt position. Hearth's Window Covering carries no `FeatureMap`; the TL (Tilt) feature is what
    /// makes `CurrentPositionTiltPercent100ths` exist (Matter 1.4 §5.3.6.14, conformance `TL & PA_TL`).
    public static func coveringTilts(_ endpoint: Endpoint) -> Bool {
        guard endpoint.has(.WindowCovering) else { return false }
        let covering = endpoint.cluster(.WindowCovering)
        let types = AttributeSchema.WindowCoveringType.self
        if let type = covering.int(.WindowCovering.type),
            type == types.tiltBlindTiltOnly || type == types.tiltBlindLiftAndTilt
        {
            return true
        }
        return RotationTrait.tiltPercent100ths(endpoint) != nil
    }

    /// Whether a Window Covering has no lift: a tilt-only blind (`Type` 7).
    static func coveringIsTiltOnly(_ endpoint: Endpoint) -> Bool {
        endpoint.has(.WindowCovering)
            && endpoint.cluster(.WindowCovering).int(.WindowCovering.type)
                == AttributeSchema.WindowCoveringType.tiltBlindTiltOnly
    }

    /// The traits an opening's clusters bring: OpenClose for Closure Control (StartStop unless it is instantaneous,
    /// LockUnlock when it latches), Rotation for a covering that tilts.
    public static func openingClusterTraits(for endpoint: Endpoint) -> [Trait] {
        var traits: [Trait] = []
        if ClosureStartStop.isPresent(on: endpoint) { traits.append(.startStop) }
        if ClosureState.isPresent(on: endpoint) { traits.append(.openClose) }
        if ClosureLockUnlock.isPresent(on: endpoint) { traits.append(.lockUnlock) }
        if coveringTilts(endpoint) { traits.append(.rotation) }
        return traits
    }

    /// The endpoint's traits without those its openings cannot back: OpenClose on a tilt-only blind.
    static func removingOpeningTraits(_ traits: [Trait], of endpoint: Endpoint) -> [Trait] {
        coveringIsTiltOnly(endpoint) ? traits.filter { $0 != .openClose } : traits
    }
}
