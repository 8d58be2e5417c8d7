import JSON
import MatterModel
import SmartHomeProtocol

/// Google `OpenClose` with `openDirection` for a Matter 1.5 Closure whose panels are separate Closure Panel
/// endpoints moving different ways: a double-hung window (a lower sash that opens up, an upper one that opens down),
/// a bi-parting sliding gate (one leaf left, one right).
///
/// Google (https://developers.home.google.com/cloud-to-cloud/traits/openclose): the SYNC attribute `openDirection`
/// is the "List of supported directions in which the device can open or close. Include this attribute if the device
/// supports opening and closing in more than one direction" (`UP`, `DOWN`, `LEFT`, `RIGHT`, `IN`, `OUT`); QUERY
/// answers "one of the following": "Single direction open-close" (`openPercent`, `targetOpenPercent`) or "Multiple
/// direction open-close", `openState`, one state per supported direction, each with `openPercent`,
/// `targetOpenPercent` and `openDirection`; the commands' `openDirection` is the "Direction in which to open. Only
/// present if device supports multiple directions, as indicated by the openDirection attribute, and a direction is
/// specified by the user", so a command without one was given no direction by the user and moves every direction.
///
/// **Which panels.** A Closure Panel endpoint (not the Closure's own) whose Closure Dimension positions (PS) and
/// translates (TR, not RO) in a `TranslationDirection` that names one way. Matter 1.5 names the values only
/// ("Downward translation", …); a dimension's `Position` counts towards closed (0 % fully opened, 100 % fully
/// closed), so Hearth reads the direction as the way the panel travels as `Position` grows, closing (a roller shutter
/// is `Downward`), and Google's direction, the way it opens, is the opposite (``openDirection(translation:)``).
/// The mask and symmetry values (two halves moving towards or away from each other on one axis) name no single
/// way Google has: such a panel is not a direction, and neither is one without TR or with RO. Panels of the same
/// direction are one direction and move together.
///
/// **When.** Only a Closure with two or more distinct directions: SYNC `openDirection` (the directions in endpoint
/// order); QUERY `openState`, per direction `openPercent` from the most open of its panels' `CurrentState.Position`
/// (a direction is as open as its most open panel), `targetOpenPercent` from their `TargetState.Position` while the
/// Closure Control's `MainState` is `Moving` or `WaitingForMotion`; a direction none of whose panels knows its
/// position is left out. A Closure with one direction or none answers as ``ClosureOpenClose`` always has.
///
/// **EXECUTE** `OpenClose {openPercent, openDirection?}` and `OpenCloseRelative {openRelativePercent,
/// openDirection?}`: `ClosureDimension.SetTarget {"Position": hundredths}` on each panel of the direction, or of
/// every direction without one (a relative move counts from each panel's own position). Refusals, before anything
/// changes: a direction the closure does not open in: `notSupported` in both modes (a direction outside Google's list
/// already is, ``CommandParameters/openDirection()``: lenient mode cannot guess which panel was meant);
/// `valueOutOfRange` in strict mode as for every OpenClose; the Closure's ``ClosureState/blockingError``; a latched
/// Closure (`OverallCurrentState.Latch`) or panel (`CurrentState.Latch`): `lockedState`; a panel endpoint that is
/// offline: `deviceOffline`; every panel moved already fully open (`alreadyOpen`) or fully closed (`alreadyClosed`).
/// The Closure Control's `OverallCurrentState` is the device's own summary of its panels and is left to it.
///
/// The trait needs the device's other endpoints, so it is reached through ``TraitMappings`` with them, as
/// ``IrrigationStartStop`` is; its Matter commands are described on each panel's endpoint (``matterCommands(before:after:)``).
enum ClosureDirections {
    /// Google's `openDirection` values.
    enum Direction: String, CaseIterable {
        case up = "UP"
        case down = "DOWN"
        case left = "LEFT"
        case right = "RIGHT"
        case inward = "IN"
        case outward = "OUT"
    }

    /// The `TranslationDirectionEnum` values that name one way (the others are masks and symmetries: 2, 3, 6, 7,
    /// 10, 11).
    enum Translation {
        static let downward = 0
        static let upward = 1
        static let leftward = 4
        static let rightward = 5
        static let forward = 8
        static let backward = 9
    }

    /// Closure Dimension's feature bits: PS (Positioning) 0, TR (Translation) 5, RO (Rotation) 6.
    enum DimensionFeature {
        static let positioning = 1 << 0
        static let translation = 1 << 5
        static let rotation = 1 << 6
    }

    /// One panel that opens one way: its index in the device's endpoints and its Google direction.
    struct Panel: Equatable {
        var endpoint: Int
        var direction: Direction
    }

    /// Google's opening direction for a panel that closes in `translation` (a `TranslationDirectionEnum`): the
    /// opposite way. `Forward` is away from someone inside looking out and `Backward` towards them, so a panel that
    /// closes forward opens `IN` and one that closes backward opens `OUT`. `nil` for a mask or a symmetry.
    static func openDirection(translation: Int) -> Direction? {
        switch translation {
        case Translation.downward: .up
        case Translation.upward: .down
        case Translation.leftward: .right
        case Translation.rightward: .left
        case Translation.forward: .inward
        case Translation.backward: .outward
        default: nil
        }
    }

    /// The panel endpoint `index` is, or `nil` when it is not one that opens one way.
    static func panel(_ endpoint: Endpoint, at index: Int) -> Panel? {
        guard endpoint.deviceTypes.contains(.ClosurePanel), endpoint.has(.ClosureDimension) else { return nil }
        let dimension = endpoint.cluster(.ClosureDimension)
        let features = dimension.int("FeatureMap") ?? 0
        guard features & DimensionFeature.positioning != 0, features & DimensionFeature.translation != 0,
            features & DimensionFeature.rotation == 0,
            let translation = dimension.int("TranslationDirection"),
            let direction = openDirection(translation: translation)
        else { return nil }
        return Panel(endpoint: index, direction: direction)
    }

    /// The panels of a device's `endpoints` other than the Closure's own (`backing`), in endpoint order.
    static func panels(of endpoints: [Endpoint], backing: Int) -> [Panel] {
        endpoints.indices.compactMap { index in index == backing ? nil : panel(endpoints[index], at: index) }
    }

    /// The distinct directions of `panels`, in the order they first appear.
    static func directions(of panels: [Panel]) -> [Direction] {
        var directions: [Direction] = []
        for panel in panels where !directions.contains(panel.direction) { directions.append(panel.direction) }
        return directions
    }

    /// Whether the Closure on endpoint `backing` opens in two or more directions through its panels.
    static func isComposed(_ endpoints: [Endpoint], backing: Int) -> Bool {
        ClosureState.isPresent(on: endpoints[backing])
            && directions(of: panels(of: endpoints, backing: backing)).count >= 2
    }

    /// Whether the endpoint is a panel of a composed closure: a Closure Dimension without Closure Control.
    static func isPanel(_ endpoint: Endpoint) -> Bool {
        endpoint.has(.ClosureDimension) && !endpoint.has(.ClosureControl)
    }

    /// A panel's `CurrentState` or `TargetState` `Position` in hundredths of a percent closed, `nil` while unknown.
    static func position(_ endpoint: Endpoint, _ state: String) -> Int? {
        endpoint.cluster(.ClosureDimension)[state]?.structureValue?["Position"]?.intValue
    }

    static func attributes(of endpoints: [Endpoint], backing: Int, into attributes: inout JSONObject) {
        let directions = Self.directions(of: panels(of: endpoints, backing: backing))
        attributes.append("openDirection", .array(directions.map { .string($0.rawValue) }))
    }

    static func states(of endpoints: [Endpoint], backing: Int, into states: inout JSONObject) {
        let panels = Self.panels(of: endpoints, backing: backing)
        let moving = ClosureState(endpoints[backing]).isMoving
        var openState: [JSONValue] = []
        for direction in directions(of: panels) {
            let members = panels.filter { $0.direction == direction }.map { endpoints[$0.endpoint] }
            // The most open panel is the least closed one.
            guard let current = members.compactMap({ position($0, "CurrentState") }).min() else { continue }
            var item = JSONObject()
            item.append("openPercent", .int(WindowCoveringConversion.openPercent(fromLiftPercent100ths: current)))
            if moving, let target = members.compactMap({ position($0, "TargetState") }).min() {
                item.append(
                    "targetOpenPercent",
                    .int(WindowCoveringConversion.openPercent(fromLiftPercent100ths: target))
                )
            }
            item.append("openDirection", .string(direction.rawValue))
            openState.append(.object(item))
        }
        if !openState.isEmpty { states.append("openState", .array(openState)) }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoints: inout [Endpoint],
        backing: Int,
        mode: ValidationMode
    ) throws(CommandError) {
        let all = panels(of: endpoints, backing: backing)
        var moved = all
        if let requested = try params.openDirection() {
            moved = all.filter { $0.direction.rawValue == requested }
            guard !moved.isEmpty else {
                let known = directions(of: all).map(\.rawValue).joined(separator: ", ")
                throw CommandError(.notSupported, "the closure does not open \(requested) (it opens \(known))")
            }
        }
        var targets: [(endpoint: Int, hundredths: Int)] = []
        for panel in moved {
            let open = try OpenCloseTrait.targetOpenPercent(
                command,
                params,
                mode: mode,
                closedHundredths: position(endpoints[panel.endpoint], "CurrentState"),
                unknownPosition: "a panel's position is unknown, so it cannot move relative to it"
            )
            targets.append((panel.endpoint, WindowCoveringConversion.liftPercent100ths(fromOpenPercent: open)))
        }
        let closure = ClosureState(endpoints[backing])
        if let error = closure.blockingError { throw error }
        if closure.isLatched { throw CommandError(.lockedState, "the closure is latched: unlatch it first") }
        for target in targets {
            let panel = endpoints[target.endpoint]
            guard panel.online else {
                throw CommandError(.deviceOffline, "endpoint \(target.endpoint + 1), a panel to move, is offline")
            }
            if panel.cluster(.ClosureDimension)["CurrentState"]?.structureValue?["Latch"]?.boolValue == true {
                throw CommandError(.lockedState, "a panel to move is latched (endpoint \(target.endpoint + 1))")
            }
        }
        if targets.allSatisfy({ position(endpoints[$0.endpoint], "CurrentState") == $0.hundredths }) {
            if targets.allSatisfy({ $0.hundredths == 0 }) {
                throw CommandError(.alreadyOpen, "the panels are already fully open")
            }
            if targets.allSatisfy({ $0.hundredths == ClosureState.fullyClosed100ths }) {
                throw CommandError(.alreadyClosed, "the panels are already fully closed")
            }
        }
        for target in targets { move(&endpoints[target.endpoint], to: target.hundredths) }
    }

    /// Sets a panel's current and target positions to `hundredths`, keeping the structs' other fields.
    static func move(_ endpoint: inout Endpoint, to hundredths: Int) {
        var dimension = endpoint.cluster(.ClosureDimension)
        for name in ["CurrentState", "TargetState"] {
            var fields = dimension[name]?.structureValue ?? [:]
            fields["Position"] = .int(hundredths)
            dimension[name] = .structure(fields)
        }
        endpoint.clusters[.ClosureDimension] = dimension
    }

    /// `ClosureDimension.SetTarget {"Position": hundredths}`, the target a panel was sent to, on its endpoint.
    static func matterCommands(before: Endpoint, after: Endpoint) -> [MatterCommandDescription] {
        guard let target = position(after, "TargetState") else { return [] }
        return [
            MatterCommandDescription(
                command: ClosureOpenClose.setTarget,
                arguments: JSONObject([("Position", .int(target))]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
