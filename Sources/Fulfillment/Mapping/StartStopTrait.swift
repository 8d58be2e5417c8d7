import JSON
import MatterModel
import SmartHomeProtocol

/// Google `StartStop`, delegated to the first of ``sources`` present on the endpoint.
enum StartStopTrait: TraitMapping {
    static let trait = Trait.startStop

    /// Every source, in order of precedence.
    static var sources: [any StartStopSource.Type] {
        [
            WindowCoveringStartStop.self,
            ClosureStartStop.self,
            RvcStartStop.self,
            OvenCavityStartStop.self,
            OperationalStateStartStop.self,
        ]
    }

    /// The only StartStop command a device that moves where OpenClose sends it can take (a window covering, a
    /// closure): `StartStop {start: false}` passes; `start: true` (it has no direction to start in) and `PauseUnpause`
    /// answer `functionNotSupported`, naming `device`.
    static func requireStop(_ command: Command, _ params: CommandParameters, device: String) throws(CommandError) {
        switch command {
        case .startStop:
            if try params.bool("start") {
                throw CommandError(
                    .functionNotSupported,
                    "\(device) cannot start without a direction: use OpenClose to move it"
                )
            }
        default:
            throw CommandError(.functionNotSupported, "\(device) cannot pause (\(command.rawValue))")
        }
    }

    static func source(for endpoint: Endpoint) -> (any StartStopSource.Type)? {
        sources.first { $0.isPresent(on: endpoint) }
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        source(for: endpoint)?.attributes(of: endpoint, into: &attributes)
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        source(for: endpoint)?.states(of: endpoint, into: &states)
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard let source = source(for: endpoint) else {
            throw CommandError(.functionNotSupported, "nothing on this endpoint can start or stop")
        }
        try source.execute(command, params, on: &endpoint, mode: mode)
    }

    /// The Matter commands where the registry write would not say it: a sprinkler valve's
    /// `ValveConfigurationAndControl.Open`/`Close` (``IrrigationStartStop``, described on the valve's endpoint); an oven cavity's
    /// `OvenCavityOperationalState.Start`/`Stop`, a closure's `ClosureControl.Stop`, and a robot's `ServiceArea.SelectAreas {NewAreas}` when the zones
    /// changed (followed by the writes of the other clusters). Everything else is described as before (`nil`).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .startStop else { return nil }
        if ValveState.isPresent(on: after) {
            return [ValveState.command(before: before, after: after, withDuration: false)]
        }
        let changed = after.changedAttributes(since: before)
        if source(for: after) == ClosureStartStop.self {
            return [MatterCommandDescription(command: ClosureStartStop.stop, arguments: JSONObject(), changed: changed)]
        }
        if source(for: after) == OvenCavityStartStop.self {
            let running =
                after.cluster(.OvenCavityOperationalState).int("OperationalState")
                == AttributeSchema.OperationalStateValue.running
            return [
                MatterCommandDescription(
                    command: running ? "OvenCavityOperationalState.Start" : "OvenCavityOperationalState.Stop",
                    arguments: JSONObject(),
                    changed: changed
                )
            ]
        }
        guard let areas = changed["ServiceArea"]?["SelectedAreas"] else { return nil }
        var others = changed
        others["ServiceArea"] = nil
        return [
            MatterCommandDescription(
                command: "ServiceArea.SelectAreas",
                arguments: JSONObject([("NewAreas", areas)]),
                changed: JSONObject([("ServiceArea", .object(JSONObject([("SelectedAreas", areas)])))])
            )
        ] + MatterCommandDescription.written(others)
    }
}
