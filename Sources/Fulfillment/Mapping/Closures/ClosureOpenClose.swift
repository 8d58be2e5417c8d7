import JSON
import MatterModel
import SmartHomeProtocol

/// Google `OpenClose` for a Matter 1.5 Closure (``ClosureState``): a garage door, a gate, a door or a window.
///
/// | the endpoint has | SYNC | QUERY | EXECUTE `OpenClose {openPercent}` |
/// |---|---|---|---|
/// | Closure Control only | `discreteOnlyOpenClose: true` | `openPercent` 0 when `FullyClosed`, else 100; `targetOpenPercent` while moving | `ClosureControl.MoveTo {"Position": MoveToFullyClosed (0) or MoveToFullyOpen (1)}`: 0 closes, anything above 0 opens |
/// | Closure Control and a positioning Closure Dimension (a Closure Panel on the same endpoint) | none | `openPercent` from `CurrentState.Position` (``WindowCoveringConversion``); `targetOpenPercent` from `TargetState.Position` while moving | `ClosureDimension.SetTarget {"Position": hundredths}` |
///
/// Google (traits/openclose): `discreteOnlyOpenClose` "When set to true, this indicates that the device must either
/// be fully open or fully closed (that is, it does not support values between 0% and 100%)"; `openDirection` is to
/// be included "if the device supports opening and closing in more than one direction". One Closure endpoint
/// moves one way, so it announces no direction, and an `openDirection` on Google's list is ignored (one outside it
/// is `notSupported`, ``CommandParameters/openDirection()``). A Closure whose panels are separate endpoints opening
/// two or more ways is mapped by ``ClosureDirections``; with one way or none it is described by its Closure Control
/// alone.
///
/// Hearth has no motor to wait for: a command moves the closure at once, so its current and target positions both
/// become the new one and `MainState` becomes `Stopped`. Refusals, before anything changes:
/// - `openPercent` outside 0…100: `valueOutOfRange` in strict mode (lenient clamps);
/// - a closure that cannot move (``ClosureState/blockingError``): `obstructionDetected`, `deviceJammingDetected`,
///   `deviceNeedsRepair` or `deviceNotReady`;
/// - a latched closure (`OverallCurrentState.Latch` true): `lockedState` (the GARAGE guide: "if the door is locked
///   and therefore cannot be controlled"); unlatching is LockUnlock's, not OpenClose's;
/// - already there: `alreadyClosed` for 0 on a closed closure, `alreadyOpen` for 100 (or any opening of a
///   discrete closure) on a fully open one, Google's OpenClose errors for "the device is already closed/open";
/// - `OpenCloseRelative` on a discrete closure: `notSupported` (it has no percentage to move by).
enum ClosureOpenClose {
    /// Closure Control's `MoveTo` (0x01).
    static let moveTo = "ClosureControl.MoveTo"
    /// Closure Dimension's `SetTarget` (0x00).
    static let setTarget = "ClosureDimension.SetTarget"

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        if !ClosureState(endpoint).positionsInHundredths {
            attributes.append("discreteOnlyOpenClose", .bool(true))
        }
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let closure = ClosureState(endpoint)
        if let open = closure.openPercent { states.append("openPercent", .int(open)) }
        if let target = closure.targetOpenPercent { states.append("targetOpenPercent", .int(target)) }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        _ = try params.openDirection()
        let closure = ClosureState(endpoint)
        let openPercent = try OpenCloseTrait.targetOpenPercent(
            command,
            params,
            mode: mode,
            closedHundredths: closure.positionsInHundredths ? closure.panelPosition : nil,
            unknownPosition: "the closure opens or closes fully, so it cannot move by a percentage"
        )
        if let error = closure.blockingError { throw error }
        if closure.isLatched { throw CommandError(.lockedState, "the closure is latched: unlatch it first") }
        if closure.positionsInHundredths {
            try moveDimension(
                &endpoint,
                closure,
                to: WindowCoveringConversion.liftPercent100ths(fromOpenPercent: openPercent)
            )
        } else {
            try moveDiscrete(&endpoint, closure, open: openPercent > 0)
        }
    }

    /// Moves a discrete closure fully open or fully closed.
    static func moveDiscrete(_ endpoint: inout Endpoint, _ closure: ClosureState, open: Bool) throws(CommandError) {
        let position = open ? ClosureState.Position.fullyOpened : ClosureState.Position.fullyClosed
        if closure.position == position {
            throw open
                ? CommandError(.alreadyOpen, "the closure is already fully open")
                : CommandError(.alreadyClosed, "the closure is already fully closed")
        }
        let target = open ? ClosureState.Target.moveToFullyOpen : ClosureState.Target.moveToFullyClosed
        settle(&endpoint, closure, position: position, target: target)
    }

    /// Moves a positioning closure's panel to `hundredths` (closed).
    static func moveDimension(
        _ endpoint: inout Endpoint,
        _ closure: ClosureState,
        to hundredths: Int
    ) throws(CommandError) {
        if closure.panelPosition == hundredths {
            if hundredths == 0 { throw CommandError(.alreadyOpen, "the closure is already fully open") }
            if hundredths == ClosureState.fullyClosed100ths {
                throw CommandError(.alreadyClosed, "the closure is already fully closed")
            }
        }
        var dimension = endpoint.cluster(.ClosureDimension)
        for name in ["CurrentState", "TargetState"] {
            var fields = dimension[name]?.structureValue ?? [:]
            fields["Position"] = .int(hundredths)
            dimension[name] = .structure(fields)
        }
        endpoint.clusters[.ClosureDimension] = dimension
        let position =
            switch hundredths {
            case 0: ClosureState.Position.fullyOpened
            case ClosureState.fullyClosed100ths: ClosureState.Position.fullyClosed
            default: ClosureState.Position.partiallyOpened
            }
        let target =
            hundredths == ClosureState.fullyClosed100ths
            ? ClosureState.Target.moveToFullyClosed : ClosureState.Target.moveToFullyOpen
        settle(&endpoint, ClosureState(endpoint), position: position, target: target)
    }

    /// Writes the closure at rest at `position`, having been sent to `target`: `OverallCurrentState.Position`,
    /// `OverallTargetState.Position` and `MainState` `Stopped`, keeping the structs' other fields (a null struct
    /// starts with the ones Matter makes mandatory for the closure's features, null).
    static func settle(_ endpoint: inout Endpoint, _ closure: ClosureState, position: Int, target: Int) {
        var control = endpoint.cluster(.ClosureControl)
        var current = closure.overallCurrent.isEmpty ? skeleton(closure, secure: true) : closure.overallCurrent
        current["Position"] = .int(position)
        var goal = closure.overallTarget.isEmpty ? skeleton(closure, secure: false) : closure.overallTarget
        goal["Position"] = .int(target)
        control["OverallCurrentState"] = .structure(current)
        control["OverallTargetState"] = .structure(goal)
        control["MainState"] = .int(ClosureState.MainState.stopped)
        endpoint.clusters[.ClosureControl] = control
    }

    /// The fields a new `OverallCurrentState` (`secure`) or `OverallTargetState` must carry: `Latch` with the LT
    /// feature (null: not known), `Speed` with SP (0, `Auto`), and `SecureState` on the current state (null).
    static func skeleton(_ closure: ClosureState, secure: Bool) -> [String: AttributeValue] {
        var fields: [String: AttributeValue] = [:]
        if closure.features & ClosureState.Feature.motionLatching != 0 { fields["Latch"] = .null }
        if closure.features & ClosureState.Feature.speed != 0 { fields["Speed"] = .int(0) }
        if secure { fields["SecureState"] = .null }
        return fields
    }

    /// `ClosureDimension.SetTarget {"Position": hundredths}` for a positioning closure, else
    /// `ClosureControl.MoveTo {"Position": target}`: the commands Matter 1.5 gives for each ("MoveTo … Position:
    /// TargetPositionEnum", "SetTarget … Position: percent100ths"). None for a discrete Closure endpoint that did not
    /// change: a discrete move always changes its position, so only a composed closure's panels were sent commands
    /// (``ClosureDirections``).
    static func matterCommands(before: Endpoint, after: Endpoint) -> [MatterCommandDescription] {
        let closure = ClosureState(after)
        let changed = after.changedAttributes(since: before)
        if !closure.positionsInHundredths, changed.isEmpty { return [] }
        if closure.positionsInHundredths, let position = closure.panelPosition {
            return [
                MatterCommandDescription(
                    command: setTarget,
                    arguments: JSONObject([("Position", .int(position))]),
                    changed: changed
                )
            ]
        }
        guard let target = closure.overallTarget["Position"]?.intValue else { return [] }
        return [
            MatterCommandDescription(
                command: moveTo,
                arguments: JSONObject([("Position", .int(target))]),
                changed: changed
            )
        ]
    }
}
