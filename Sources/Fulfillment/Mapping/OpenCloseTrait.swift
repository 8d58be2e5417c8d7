import JSON
import MatterModel
import SmartHomeProtocol

/// Google `OpenClose`, backed by one of two clusters:
///
/// | endpoint | SYNC attributes | QUERY states | EXECUTE |
/// |---|---|---|---|
/// | Window Covering cluster | none (percentages, one direction) | `openPercent` from `CurrentPositionLiftPercent100ths` (omitted while null); `targetOpenPercent` while the lift moves | `OpenClose {openPercent}`, `OpenCloseRelative {openRelativePercent}` |
/// | Water Valve (Valve Configuration and Control) | see ``ValveOpenClose`` | | |
/// | Closure (Closure Control, Matter 1.5) | see ``ClosureOpenClose``; with panels opening different ways, ``ClosureDirections`` | | |
/// | Contact Sensor (Boolean State) | `queryOnlyOpenClose: true`, `discreteOnlyOpenClose: true` | `openPercent` 0 when `StateValue` is true (contact = closed), else 100 | refused: `functionNotSupported` |
///
/// Positions convert through ``WindowCoveringConversion`` (Matter 0 = fully open, 10000 = fully closed; Google
/// 100 = fully open). Hearth has no motor to wait for: a command moves the covering at once, so the current and
/// target positions both become the new position and `OperationalStatus` becomes stopped.
///
/// `openPercent` must lie in 0…100 and `openRelativePercent` in −100…100 (strict mode refuses others with
/// `valueOutOfRange`, lenient mode clamps them); a relative move's result is clamped to 0…100 in both modes.
/// A covering announces no directions, so an `openDirection` on Google's list is ignored (one outside it is
/// `notSupported`, ``CommandParameters/openDirection()``). A covering that is not operational
/// (`ConfigStatus` bit 0 clear) or is in calibration or maintenance mode (`Mode` bit 1 or 2) answers
/// `deviceNotReady`, as Matter's covering would answer BUSY.
enum OpenCloseTrait: TraitMapping {
    static let trait = Trait.openClose

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        if ValveState.isPresent(on: endpoint) { return ValveOpenClose.attributes(of: endpoint, into: &attributes) }
        if ClosureState.isPresent(on: endpoint) { return ClosureOpenClose.attributes(of: endpoint, into: &attributes) }
        if isContactSensor(endpoint) {
            attributes.append("discreteOnlyOpenClose", .bool(true))
            attributes.append("queryOnlyOpenClose", .bool(true))
        }
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        if ValveState.isPresent(on: endpoint) { return ValveOpenClose.states(of: endpoint, into: &states) }
        if ClosureState.isPresent(on: endpoint) { return ClosureOpenClose.states(of: endpoint, into: &states) }
        if isContactSensor(endpoint) {
            let contact = endpoint.cluster(.BooleanState).bool(.BooleanState.stateValue) ?? false
            states.append("openPercent", .int(contact ? 0 : 100))
            return
        }
        let covering = endpoint.cluster(.WindowCovering)
        if let current = position(covering, .WindowCovering.currentPositionLiftPercent100ths) {
            states.append("openPercent", .int(WindowCoveringConversion.openPercent(fromLiftPercent100ths: current)))
        }
        let moving =
            AttributeSchema.MovementStatus.lift(of: covering.int(.WindowCovering.operationalStatus) ?? 0)
            != AttributeSchema.MovementStatus.stopped
        if moving, let target = position(covering, .WindowCovering.targetPositionLiftPercent100ths) {
            states.append(
                "targetOpenPercent",
                .int(WindowCoveringConversion.openPercent(fromLiftPercent100ths: target))
            )
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        if ValveState.isPresent(on: endpoint) {
            return try ValveOpenClose.execute(command, params, on: &endpoint, mode: mode)
        }
        if ClosureState.isPresent(on: endpoint) {
            return try ClosureOpenClose.execute(command, params, on: &endpoint, mode: mode)
        }
        if isContactSensor(endpoint) {
            throw CommandError(.functionNotSupported, "a contact sensor's OpenClose is query-only")
        }
        _ = try params.openDirection()
        let current = position(endpoint.cluster(.WindowCovering), .WindowCovering.currentPositionLiftPercent100ths)
        let openPercent = try targetOpenPercent(
            command,
            params,
            mode: mode,
            closedHundredths: current,
            unknownPosition: "the covering's position is unknown, so it cannot move relative to it"
        )
        try checkReady(endpoint)
        let hundredths = WindowCoveringConversion.liftPercent100ths(fromOpenPercent: openPercent)
        var covering = endpoint.cluster(.WindowCovering)
        covering[.WindowCovering.currentPositionLiftPercent100ths] = .int(hundredths)
        covering[.WindowCovering.targetPositionLiftPercent100ths] = .int(hundredths)
        covering[.WindowCovering.operationalStatus] = .int(
            AttributeSchema.MovementStatus.operationalStatus(lift: AttributeSchema.MovementStatus.stopped)
        )
        endpoint.clusters[.WindowCovering] = covering
    }

    /// The open percent an `OpenClose` or `OpenCloseRelative` asks for, shared by coverings and closures:
    /// `openPercent` checked against 0…100; or the current open percent (from `closedHundredths`, hundredths of a
    /// percent closed as Matter counts them) moved by `openRelativePercent`, checked against −100…100, the result
    /// clamped to 0…100. Without a current position a relative move is `notSupported`, for the reason `why`.
    static func targetOpenPercent(
        _ command: Command,
        _ params: CommandParameters,
        mode: ValidationMode,
        closedHundredths current: Int?,
        unknownPosition why: String
    ) throws(CommandError) -> Double {
        switch command {
        case .openClose:
            return try checked(params.number("openPercent"), in: 0...100, mode: mode, name: "openPercent")
        case .openCloseRelative:
            let change = try checked(
                params.number("openRelativePercent"),
                in: -100...100,
                mode: mode,
                name: "openRelativePercent"
            )
            guard let current else { throw CommandError(.notSupported, why) }
            let currentOpen = Double(WindowCoveringConversion.fullyClosed100ths - current) / 100
            return min(max(currentOpen + change, 0), 100)
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not an OpenClose command")
        }
    }

    /// A valve's `Open`/`Close` (``ValveOpenClose``), a closure's `MoveTo` or `SetTarget` (``ClosureOpenClose``), a
    /// composed closure's panel's `SetTarget` (``ClosureDirections``); the covering's writes otherwise (`nil`).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        if ValveState.isPresent(on: after) { return ValveOpenClose.matterCommands(before: before, after: after) }
        if ClosureState.isPresent(on: after) { return ClosureOpenClose.matterCommands(before: before, after: after) }
        if ClosureDirections.isPanel(after) { return ClosureDirections.matterCommands(before: before, after: after) }
        return nil
    }

    /// Whether the endpoint's OpenClose is a contact sensor's (query-only) rather than a window covering's.
    static func isContactSensor(_ endpoint: Endpoint) -> Bool {
        !endpoint.has(.WindowCovering) && endpoint.deviceTypes.contains(.ContactSensor)
    }

    /// A lift position in hundredths, or `nil` when it is null.
    static func position(_ covering: ClusterState, _ name: Attribute) -> Int? {
        guard let value = covering[name], let spec = AttributeSchema.spec(name),
            !spec.isNull(value)
        else { return nil }
        return value.intValue
    }

    /// Throws `deviceNotReady` when the covering cannot move now: not operational (`ConfigStatus` bit 0 clear),
    /// or in calibration or maintenance mode (`Mode` bit 1 or 2).
    static func checkReady(_ endpoint: Endpoint) throws(CommandError) {
        let covering = endpoint.cluster(.WindowCovering)
        let flags = AttributeSchema.WindowCoveringFlags.self
        if (covering.int(.WindowCovering.configStatus) ?? flags.operational) & flags.operational == 0 {
            throw CommandError(.deviceNotReady, "the window covering is not operational (ConfigStatus bit 0 clear)")
        }
        if (covering.int(.WindowCovering.mode) ?? 0) & (flags.calibrationMode | flags.maintenanceMode) != 0 {
            throw CommandError(.deviceNotReady, "the window covering is in calibration or maintenance mode")
        }
    }
}
